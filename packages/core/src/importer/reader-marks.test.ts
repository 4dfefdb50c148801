import { describe, expect, it } from 'vitest';
import { cellWarnings } from './formulas.js';
import { markUnreadable, readerRefusal, shownText, UNREADABLE } from './reader-marks.js';
import { validateTable } from './validate-table.js';

const utf8 = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes, { stream: true });

describe('markUnreadable', () => {
  it('keeps a U+FFFD written in the file and marks the ones the decoder wrote for bytes it could not read', () => {
    const written = utf8('Caf\ufffd');
    expect(markUnreadable(decode(written), written)).toBe('Caf\ufffd');
    const broken = Uint8Array.of(0x43, 0x61, 0x66, 0xe9);
    expect(markUnreadable(new TextDecoder().decode(broken), broken)).toBe(`Caf${UNREADABLE}`);
    expect(markUnreadable('plain', utf8('plain'))).toBe('plain');
  });

  it('tells a U+FFFD written across two pieces by the bytes before the piece', () => {
    const decoder = new TextDecoder();
    const first = Uint8Array.of(0x61, 0xef, 0xbf);
    const second = Uint8Array.of(0xbd, 0x62);
    expect(decoder.decode(first, { stream: true })).toBe('a');
    const text = decoder.decode(second, { stream: true });
    expect(markUnreadable(text, second, first.slice(1))).toBe('\ufffdb');
    expect(markUnreadable(text, second)).toBe(`${UNREADABLE}b`);
  });

  it('counts every U+FFFD of a piece unreadable when the piece mixes both: refused rather than imported wrong', () => {
    const mixed = Uint8Array.of(...utf8('\ufffd,'), 0xff);
    expect(markUnreadable(new TextDecoder().decode(mixed), mixed)).toBe(`${UNREADABLE},${UNREADABLE}`);
  });
});

describe('readerRefusal and shownText', () => {
  it('refuses marked cells with a message for the user, and shows them without marks', () => {
    expect(readerRefusal(`a${UNREADABLE}`)?.code).toBe('invalid_character');
    expect(readerRefusal('\ufdd1[{"a":1}]')).toMatchObject({ code: 'nested_value', message: expect.stringMatching(/list of objects/) });
    expect(readerRefusal('\ufdd212345678901234567000')).toMatchObject({ code: 'imprecise_number', message: expect.stringMatching(/in quotes/) });
    expect(readerRefusal('Caf\ufffd')).toBe(undefined);
    expect([shownText(`a${UNREADABLE}b`), shownText('\ufdd1[{"a":1}]'), shownText('x')]).toEqual(['a\ufffdb', '[{"a":1}]', 'x']);
  });
});

describe('cellWarnings', () => {
  it('warns of a written U+FFFD and of formula text, by row then field, and delivers both as written', () => {
    const config = { fields: [{ key: 'name', label: 'Name', type: 'string' as const }, { key: 'note', label: 'Note', type: 'string' as const }] };
    const validation = validateTable(config, [['M\ufffdller', '=1+2'], ['Ann', 'ok']]);
    expect(validation.errors).toEqual([]);
    expect(cellWarnings(config, validation).map((warning) => [warning.row, warning.field, warning.code])).toEqual([
      [0, 'name', 'replacement_character'],
      [0, 'note', 'formula'],
    ]);
  });
});
