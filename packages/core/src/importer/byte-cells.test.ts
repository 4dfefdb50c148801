// The byte fast paths against the string path they stand in for: every generated cell is placed
// at a random offset inside other bytes, read by the byte function, decoded and read by
// `readCell`. Whatever a function accepts must be what `readCell` makes of the text; where the
// cell is one of the forms the function exists for, it must accept it (so declining everything
// fails too).
import { markUnreadable, UNREADABLE } from './reader-marks.js';
import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../schemas/importer.js';
import {
  BOOLEAN_DECLINED,
  BOOLEAN_FALSE,
  BOOLEAN_TRUE,
  booleanFromBytes,
  EnumBytes,
  isPlainEmailBytes,
  isPlainUrlBytes,
  isTrimmedBytes,
  numberFromBytes,
  plainDateFromBytes,
} from './byte-cells.js';
import { CELL_VALID, compileFields, readCell } from './compile-fields.js';
import type { NumberFormat, ValidationOptions } from './types.js';
import { isPlainUrl } from './urls.js';
import { plainDateCode } from './value-columns.js';
import { newCellReading } from './values.js';

/** A deterministic pseudo-random source, so a failure is reproducible. */
function randomOf(seed: number) {
  return () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Text (written as UTF-8) or raw bytes, which need not be UTF-8. */
type Piece = string | readonly number[];

function bytesOf(piece: Piece): readonly number[] {
  return typeof piece === 'string' ? [...encoder.encode(piece)] : piece;
}

/** `count` cells of 0 to `maxPieces` pieces drawn from `pieces`, each after one of `prefixes`. */
function cells(seed: number, pieces: readonly Piece[], count: number, maxPieces: number, prefixes: readonly Piece[] = ['']): Uint8Array[] {
  const random = randomOf(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  return Array.from({ length: count }, () => {
    const parts = [pick(prefixes), ...Array.from({ length: Math.floor(random() * (maxPieces + 1)) }, () => pick(pieces))];
    return Uint8Array.from(parts.flatMap(bytesOf));
  });
}

/** Bytes around a placed cell: ones that could continue a number, date, word, address or URL. */
const FILLER = [...encoder.encode('0123456789.,-+eE@aZy/:# '), 0xff, 0xc3, 0xa0];

/** A cell inside other bytes, at a random offset (never 0), so a read past either end shows. */
interface Placed {
  readonly bytes: Uint8Array;
  readonly start: number;
  readonly end: number;
  /** What the string path reads: the cell decoded, as the byte path's fallback would. */
  readonly text: string;
  /** Whether the cell is valid UTF-8 that decodes to `text` byte for byte. */
  readonly utf8: boolean;
  /** Whether every byte of the cell is printable ASCII. */
  readonly printable: boolean;
}

function place(seed: number, list: readonly Uint8Array[]): Placed[] {
  const random = randomOf(seed);
  return list.map((cell) => {
    const start = 1 + Math.floor(random() * 6);
    const bytes = Uint8Array.from({ length: start + cell.length + 1 + Math.floor(random() * 6) }, () => FILLER[Math.floor(random() * FILLER.length)] as number);
    bytes.set(cell, start);
    // As the string path reads it: bytes that are not UTF-8 marked (reader-marks.ts).
    const text = markUnreadable(decoder.decode(cell), cell);
    const again = encoder.encode(text);
    const utf8 = again.length === cell.length && again.every((byte, i) => byte === cell[i]);
    return { bytes, start, end: start + cell.length, text, utf8, printable: cell.every((byte) => byte > 0x20 && byte < 0x7f) };
  });
}

const placeTexts = (seed: number, texts: readonly string[]) => place(seed, texts.map((text) => encoder.encode(text)));

/** The string path for one field: `readCell` of a field compiled as the table compiles it. */
function stringPath(field: Omit<FieldDefinition, 'key' | 'label'>, options: ValidationOptions = {}) {
  const [compiled] = compileFields([{ key: 'f', label: 'F', ...field } as FieldDefinition], options);
  const out = newCellReading();
  return (text: string) => {
    const valid = readCell(compiled!, text, out) === CELL_VALID;
    return { valid, value: valid ? out.value : undefined };
  };
}

/** A cell as text for a failure message: what the byte path saw, and what the string path read. */
const shown = (cell: Placed) => [...cell.bytes.subarray(cell.start, cell.end)].map((byte) => byte.toString(16).padStart(2, '0')).join(' ') + ` ${JSON.stringify(cell.text)}`;

/**
 * Fails, naming the cell, unless `actual` is `expected` (under Object.is, so -0 is not 0). Only a
 * mismatch reaches `expect`: one `expect` per cell would be most of the tests' time.
 */
function agree(cell: Placed, actual: unknown, expected: unknown): void {
  const show = (value: unknown) => (Object.is(value, -0) ? '-0' : typeof value === 'string' ? JSON.stringify(value) : String(value));
  if (!Object.is(actual, expected)) expect.fail(`${shown(cell)}: got ${show(actual)}, expected ${show(expected)}`);
}

/** Whether both ends of a cell are printable ASCII: what every function requires. */
const trimmed = (cell: Placed) => cell.end > cell.start && isTrimmedBytes(cell.bytes, cell.start, cell.end);

describe('numberFromBytes', () => {
  const simple = { dot: /^[+-]?\d+(?:\.\d+)?$/, comma: /^[+-]?\d+(?:,\d+)?$/ } as const;
  const digitCount = (text: string) => text.replace(/\D/g, '').length;

  it.each(['dot', 'comma'] as const)('agrees with readCell and reads every plain number (%s)', (format) => {
    const read = stringPath({ type: 'number' }, { numberFormat: format });
    const digits = ['0', '1', '2', '5', '7', '9', '00', '123', '4567', '999999999'];
    const list = cells(1, [...digits, ...digits, '-', '+', '.', ',', 'e', 'E', ' ', 'x', '\u00a0', '\u202f', "'", '١', [0xff]], 60_000, 6, [
      '',
      '1',
      '-',
      '+',
      '.',
      ' ',
      '\u00a0',
      [0xef, 0xbb, 0xbf],
    ]);
    const specials = ['9'.repeat(15), '9'.repeat(16), `-${'1'.repeat(15)}`, '12345678.1234567', '123456789.1234567', '1234567890123,45', '-0', '-0.0', '-0,0', '+0', '-00.000', '007', '1.', '1,', '.5', ',5', '1e3', '1,234', '1.234', '1,234.5', '1.234,5', '0.1', '0,1', '-', '+', '1-', '--1', '+-1', '1.2.3', '1,2,3', '9007199254740993'];
    let accepted = 0;
    for (const cell of [...place(2, list), ...placeTexts(3, specials)]) {
      const value = numberFromBytes(cell.bytes, cell.start, cell.end, format);
      const plain = cell.printable && simple[format].test(cell.text) && digitCount(cell.text) <= 15;
      agree(cell, !Number.isNaN(value), plain);
      if (Number.isNaN(value)) continue;
      accepted += 1;
      const string = read(cell.text);
      agree(cell, string.valid, true);
      agree(cell, string.value, value);
    }
    expect(accepted).toBeGreaterThan(5_000);
  });

  it.each(['dot', 'comma'] as const)('rounds every decimal of up to 15 digits as Number does (%s)', (format) => {
    const random = randomOf(4);
    const read = stringPath({ type: 'number' }, { numberFormat: format });
    const texts = Array.from({ length: 50_000 }, () => {
      const digits = Array.from({ length: 1 + Math.floor(random() * 15) }, () => String(Math.floor(random() * 10))).join('');
      const point = Math.floor(random() * digits.length);
      const sign = ['', '-', '+'][Math.floor(random() * 3)] as string;
      return point === 0 ? sign + digits : `${sign}${digits.slice(0, point)}${format === 'dot' ? '.' : ','}${digits.slice(point)}`;
    });
    for (const cell of placeTexts(5, texts)) {
      const value = numberFromBytes(cell.bytes, cell.start, cell.end, format);
      agree(cell, value, Number(cell.text.replace(',', '.')));
      agree(cell, read(cell.text).value, value);
    }
  });

  it('accepts the common numbers, -0 as -0', () => {
    const cases: [string, NumberFormat, number][] = [
      ['0', 'dot', 0],
      ['42', 'dot', 42],
      ['-7', 'dot', -7],
      ['+3', 'comma', 3],
      ['1234.5', 'dot', 1234.5],
      ['1234,5', 'comma', 1234.5],
      ['0.1', 'dot', 0.1],
      ['-0.25', 'dot', -0.25],
      ['007', 'dot', 7],
      ['999999999999999', 'dot', 999999999999999],
      ['12345678.9012345', 'dot', 12345678.9012345],
      ['-0', 'dot', -0],
      ['-0,0', 'comma', -0],
    ];
    for (const [text, format, expected] of cases) {
      const [cell] = placeTexts(6, [text]);
      expect([text, Object.is(numberFromBytes(cell!.bytes, cell!.start, cell!.end, format), expected)]).toEqual([text, true]);
    }
  });
});

describe('plainDateFromBytes', () => {
  const read = stringPath({ type: 'date' });
  /** The code the byte path must give: that of a valid 10-byte cell whose value the date column stores as a code. */
  function expected(cell: Placed): number {
    if (!cell.printable || cell.end - cell.start !== 10) return 0;
    const string = read(cell.text);
    return string.valid && string.value === cell.text ? (plainDateCode(cell.text) ?? 0) : 0;
  }

  it('agrees with readCell and the date column on generated cells', () => {
    const list = cells(7, ['2024', '2023', '0000', '1900', '2000', '9999', '-', '-', '00', '01', '02', '09', '12', '13', '28', '29', '30', '31', '32', '1', '1a', '/', '.', 'T10:00', ' ', '\u00a0', '٢', [0xff]], 50_000, 5, [
      '',
      '2024-02-',
      '2023-02-',
      '2000-02-',
      '2100-02-',
      '1999-04-',
      '2024-',
      '2024-',
      '0000-',
      ' ',
      [0xef, 0xbb, 0xbf],
    ]);
    const specials = ['2024-02-29', '2023-02-29', '2024-02-30', '2100-02-29', '2000-02-29', '2024-00-10', '2024-13-10', '2024-04-31', '2024-01-00', '0000-01-01', '9999-12-31', '2024-1-01', '2024/01/01', '2024-01-01T10:00', ' 2024-01-01', '2024-01-01\u00a0', '+024-01-01', '2024-0a-01'];
    let accepted = 0;
    for (const cell of [...place(8, list), ...placeTexts(9, specials)]) {
      const code = plainDateFromBytes(cell.bytes, cell.start, cell.end);
      agree(cell, code, expected(cell));
      if (code !== 0) accepted += 1;
    }
    expect(accepted).toBeGreaterThan(600);
  });

  it('accepts every real day of leap, common and century years, and no other', () => {
    const texts: string[] = [];
    for (const year of ['0000', '0004', '1900', '2000', '2023', '2024', '2100', '9999']) {
      for (let month = 0; month <= 13; month++) {
        for (let day = 0; day <= 32; day++) texts.push(`${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
      }
    }
    let accepted = 0;
    for (const cell of placeTexts(10, texts)) {
      const code = plainDateFromBytes(cell.bytes, cell.start, cell.end);
      agree(cell, code, expected(cell));
      if (code !== 0) accepted += 1;
    }
    // 366 days in 0000, 0004, 2000 and 2024; 365 in the others.
    expect(accepted).toBe(4 * 366 + 4 * 365);
  });
});

describe('booleanFromBytes', () => {
  const read = stringPath({ type: 'boolean' });
  const expected = (cell: Placed) => {
    const string = read(cell.text);
    return trimmed(cell) && string.valid ? (string.value === true ? BOOLEAN_TRUE : BOOLEAN_FALSE) : BOOLEAN_DECLINED;
  };

  it('agrees with readCell on every cell of one and two bytes', () => {
    const list: Uint8Array[] = [];
    for (let a = 0; a < 256; a++) {
      list.push(Uint8Array.of(a));
      for (let b = 0; b < 256; b++) list.push(Uint8Array.of(a, b));
    }
    let accepted = 0;
    for (const cell of place(11, list)) {
      const code = booleanFromBytes(cell.bytes, cell.start, cell.end);
      agree(cell, code, expected(cell));
      if (code !== BOOLEAN_DECLINED) accepted += 1;
    }
    // t f y n 1 0 in both cases but the digits (10), and no/on in 4 cases each (8).
    expect(accepted).toBe(18);
  });

  it('agrees with readCell on generated words', () => {
    const list = cells(12, ['t', 'R', 'u', 'E', 'f', 'A', 'l', 's', 'Y', 'n', 'O', 'o', '1', '0', ' ', 'İ', 'ı', '\u212a', 'ß', [0xff], [0x80]], 40_000, 6, ['', 'tru', 'fals', 'ye', 'of', 'TRU']);
    let accepted = 0;
    for (const cell of place(13, list)) {
      const code = booleanFromBytes(cell.bytes, cell.start, cell.end);
      agree(cell, code, expected(cell));
      if (code !== BOOLEAN_DECLINED) accepted += 1;
    }
    expect(accepted).toBeGreaterThan(500);
  });

  it('accepts each word in every case', () => {
    const words: [string, number][] = [
      ['true', BOOLEAN_TRUE],
      ['false', BOOLEAN_FALSE],
      ['t', BOOLEAN_TRUE],
      ['f', BOOLEAN_FALSE],
      ['yes', BOOLEAN_TRUE],
      ['no', BOOLEAN_FALSE],
      ['y', BOOLEAN_TRUE],
      ['n', BOOLEAN_FALSE],
      ['1', BOOLEAN_TRUE],
      ['0', BOOLEAN_FALSE],
      ['on', BOOLEAN_TRUE],
      ['off', BOOLEAN_FALSE],
    ];
    for (const [word, code] of words) {
      for (let mask = 0; mask < 1 << word.length; mask++) {
        const text = [...word].map((char, i) => ((mask >> i) & 1 ? char.toUpperCase() : char)).join('');
        const [cell] = placeTexts(14 + mask, [text]);
        expect([text, booleanFromBytes(cell!.bytes, cell!.start, cell!.end)]).toEqual([text, code]);
      }
    }
  });
});

describe('EnumBytes', () => {
  /** The code the byte path must give: 1 + the first value equal to the text `readCell` accepted. */
  function check(values: readonly string[], list: readonly Placed[]): number {
    const read = stringPath({ type: 'enum', enumValues: [...values] });
    const enumBytes = new EnumBytes(values);
    let accepted = 0;
    for (const cell of list) {
      const code = enumBytes.codeOf(cell.bytes, cell.start, cell.end);
      const string = read(cell.text);
      if (code !== 0) {
        accepted += 1;
        // readCell refuses bytes that are not UTF-8 (invalid_character); such a cell never reaches
        // the fast checks, as addByteRecords reads its record as strings (byte-records.ts `hasUnreadable`).
        agree(cell, string.valid, !cell.text.includes(UNREADABLE));
        agree(cell, values[code - 1], cell.text);
        agree(cell, code, values.indexOf(cell.text) + 1);
      } else if (cell.utf8 && trimmed(cell)) {
        // Well-formed, untrimmed cells are the ones the table holds: each one valid must be found.
        agree(cell, string.valid, false);
      }
    }
    return accepted;
  }

  const awkward = ['Pro', 'pro', 'Pro', 'Zürich', 'é-start', 'end-é', ' padded', 'padded ', 'a\ud800b', 'a\ufffdb', '\ufeffbom', 'In Progress', 'x', '😀ok', 'ok😀', 'a😀b', '\ud83d', 'Free'];

  it('agrees with readCell on awkward values: duplicates, accents, spaces, lone surrogates', () => {
    const pieces: Piece[] = ['P', 'p', 'ro', 'Z', 'ü', 'rich', 'é', '-start', 'end-', 'a', 'b', '\ufffd', ' ', '\u00a0', 'x', '😀', 'ok', 'In', 'Progress', 'Free', 'bom', '\ufeff', [0xff], [0xed, 0xa0, 0x80], [0xf0, 0x9f, 0x98]];
    const list = [...place(20, cells(21, pieces, 40_000, 3, ['', ...awkward])), ...placeTexts(22, awkward)];
    expect(check(awkward, list)).toBeGreaterThan(5_000);
  });

  it('keeps the first of equal values and skips those the byte path cannot match', () => {
    const enumBytes = new EnumBytes(awkward);
    const codeOf = (text: string) => {
      const [cell] = placeTexts(23, [text]);
      return enumBytes.codeOf(cell!.bytes, cell!.start, cell!.end);
    };
    expect([codeOf('Pro'), codeOf('pro'), codeOf('Zürich'), codeOf('a\ufffdb'), codeOf('In Progress'), codeOf('a😀b'), codeOf('Free')]).toEqual([1, 2, 4, 10, 12, 16, 18]);
    // Leading or trailing non-ASCII is trimmed-at-risk: declined, the string path decides.
    expect([codeOf('é-start'), codeOf('end-é'), codeOf('😀ok'), codeOf('ok😀'), codeOf('\ufeffbom'), codeOf(''), codeOf('Pr'), codeOf('Proo')]).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('agrees with readCell for a thousand values', () => {
    const random = randomOf(24);
    const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_é';
    const values = Array.from({ length: 1_000 }, (_, i) =>
      i % 3 === 0 ? `value-${i}` : `${letters[i % 52]}${Array.from({ length: Math.floor(random() * 12) }, () => letters[Math.floor(random() * letters.length)]).join('')}${letters[(i * 7) % 52]}`,
    );
    values.push(values[10] as string, values[500] as string);
    const variants = values.flatMap((value) => [value, value.toUpperCase(), value.slice(1), `${value}x`, ` ${value}`, value.replace('-', '_')]);
    const accepted = check(values, placeTexts(25, variants));
    expect(accepted).toBeGreaterThan(values.length);
  });
});

describe('isPlainEmailBytes', () => {
  const read = stringPath({ type: 'email' });

  it('agrees with readCell: accepts exactly the printable-ASCII addresses kept as written', () => {
    const list = cells(30, ['a', 'B', 'Z', '1', '.', '@', '-', '_', '+', 'x.co', 'é', ' ', '"', ',', '[', '\\', 'EXAMPLE', 'com', '\u00a0', [0xff]], 50_000, 10, [
      '',
      'ann',
      'a@b',
      'x.',
      'ann@example.',
      'ann@example.',
      'a.b@x',
      'A+B@c-d.',
      ' ',
      [0xef, 0xbb, 0xbf],
    ]);
    const specials = [`${'a'.repeat(248)}@b.com`, `${'a'.repeat(249)}@b.com`, 'ann@example.com', '.ann@example.com', 'ann.@example.com', 'a..b@example.com', 'ann@example..com', 'ann@.example.com', 'ann@example.com.', 'ann@example.c', 'Ann@Example.COM', 'ann@exAmple.com', 'ann@example.cZ', 'ann@example.Zc', '@example.com', 'ann@@example.com', 'ann@example', 'ann@localhost', 'a@b.co'];
    let accepted = 0;
    for (const cell of [...place(31, list), ...placeTexts(32, specials)]) {
      const plain = isPlainEmailBytes(cell.bytes, cell.start, cell.end);
      const string = read(cell.text);
      agree(cell, plain, cell.printable && string.valid && string.value === cell.text);
      if (plain) accepted += 1;
    }
    expect(accepted).toBeGreaterThan(400);
  });

  it('accepts ordinary addresses', () => {
    const texts = ['ann@example.com', 'first.last+tag@mail.example.co.uk', 'Ann.Lee@example.org', 'x_y-z@sub-domain.example.io', `${'a'.repeat(248)}@b.com`];
    for (const cell of placeTexts(33, texts)) expect([cell.text, isPlainEmailBytes(cell.bytes, cell.start, cell.end)]).toEqual([cell.text, true]);
  });
});

describe('isPlainUrlBytes', () => {
  const read = stringPath({ type: 'url' });

  it('agrees with isPlainUrl and readCell on generated URLs', () => {
    const random = randomOf(40);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
    const label = () =>
      (random() < 0.1 ? '' : pick(['a', 'Z', 'x', '0', '9'])) + Array.from({ length: Math.floor(random() * 4) }, () => pick(['a', 'Z', 'x', '0', '-', '-', 'é', '_'])).join('') + pick(['', 'a', '0', '-']);
    const texts = Array.from({ length: 40_000 }, () => {
      const host = Array.from({ length: 1 + Math.floor(random() * 3) }, label).join('.');
      return (
        pick(['http://', 'https://', 'HTTPS://', 'Http://', 'http:/', 'https:', 'ftp://', 'https://user@', ' https://', '\u00a0http://', '\ufeffhttps://']) +
        host +
        pick(['', ':8080', ':65536', '/', '/a b', '/path?q=1#x', '?x', '#', '\t', '/é', '/\u00a0', ' '])
      );
    });
    texts.push(`https://${'a'.repeat(63)}.com`, `https://${'a'.repeat(64)}.com`, `https://example.${'c'.repeat(63)}`, `https://example.${'c'.repeat(64)}`, 'https://a-.com', 'https://-a.com', 'https://example.c0m-', 'https://1example.2com', 'http://a.b', 'http://a.', 'https://', 'https://EXAMPLE.COM', 'https://example.com:99999');
    let accepted = 0;
    for (const cell of placeTexts(41, texts)) {
      const plain = isPlainUrlBytes(cell.bytes, cell.start, cell.end);
      agree(cell, plain, cell.printable && isPlainUrl(cell.text));
      if (!plain) continue;
      accepted += 1;
      const string = read(cell.text);
      // As for enums: unreadable bytes are refused, and their record read as strings, not by this check.
      const readable = !cell.text.includes(UNREADABLE);
      agree(cell, string.valid, readable);
      agree(cell, string.value, readable ? cell.text : undefined);
    }
    expect(accepted).toBeGreaterThan(400);
  });

  it('agrees with isPlainUrl on short and cut-off schemes', () => {
    const list = cells(42, ['h', 't', 'p', 's', ':', '/', 'a', '.', 'b', 'H', 'T', 'P'], 20_000, 12, ['', 'http', 'https:/', 'http://a', 'https://a.']);
    for (const cell of place(43, list)) {
      agree(cell, isPlainUrlBytes(cell.bytes, cell.start, cell.end), cell.printable && isPlainUrl(cell.text));
    }
  });

  it('accepts ordinary web addresses', () => {
    const texts = ['https://example.com', 'http://example.com/a/b?c=1#d', 'HTTPS://www.example.co.uk/path', 'https://sub-domain.example.io/?q=a%20b', 'https://a.io'];
    for (const cell of placeTexts(44, texts)) expect([cell.text, isPlainUrlBytes(cell.bytes, cell.start, cell.end)]).toEqual([cell.text, true]);
  });
});

describe('isTrimmedBytes', () => {
  it('accepts exactly the cells readCell keeps as they are', () => {
    const read = stringPath({ type: 'string' });
    const list = cells(50, ['a', 'Z', '1', 'a', 'Z', '1', ' ', '\t', '\u00a0', '\u2003', 'é', '\ufeff', '"', [0xff], [0x7f], [0x00]], 40_000, 4);
    let accepted = 0;
    for (const cell of place(51, list)) {
      const kept = isTrimmedBytes(cell.bytes, cell.start, cell.end);
      const first = cell.text.charCodeAt(0);
      const last = cell.text.charCodeAt(cell.text.length - 1);
      if (cell.utf8) agree(cell, kept, first > 0x20 && first < 0x7f && last > 0x20 && last < 0x7f);
      if (!kept) continue;
      accepted += 1;
      const string = read(cell.text);
      // As for enums: unreadable bytes are refused, and their record read as strings, not by this check.
      const readable = !cell.text.includes(UNREADABLE);
      agree(cell, string.valid, readable);
      agree(cell, string.value, readable ? cell.text : undefined);
    }
    expect(accepted).toBeGreaterThan(8_000);
  });
});

describe('every byte fast path', () => {
  it('declines an empty cell and one with anything but printable ASCII at either end', () => {
    const enumBytes = new EnumBytes(['a', ' a', 'a ', '\u00a0a', 'é', 'é1']);
    const texts = ['', ' 1', '1 ', '\u00a01', '1\u00a0', '\ufeff1', '\t1', '1\n', ' 2024-01-01', '2024-01-01 ', ' yes', 'yes\u00a0', ' a', 'a ', '\u00a0a', 'é', 'é1', ' ann@example.com', 'ann@example.com\t', ' https://example.com', 'https://example.com\u00a0'];
    for (const cell of placeTexts(60, texts)) {
      const { bytes, start, end } = cell;
      const answers = [
        numberFromBytes(bytes, start, end, 'dot'),
        numberFromBytes(bytes, start, end, 'comma'),
        plainDateFromBytes(bytes, start, end),
        booleanFromBytes(bytes, start, end),
        enumBytes.codeOf(bytes, start, end),
        isPlainEmailBytes(bytes, start, end),
        isPlainUrlBytes(bytes, start, end),
        isTrimmedBytes(bytes, start, end),
      ];
      expect([cell.text, answers]).toEqual([cell.text, [Number.NaN, Number.NaN, 0, 0, 0, false, false, false]]);
    }
  });
});
