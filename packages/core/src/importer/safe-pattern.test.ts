import { describe, expect, it } from 'vitest';
import { compileSafePattern, patternProblem } from './safe-pattern.js';

describe('patternProblem', () => {
  it.each([
    ['(a+)+$', /repeat or alternate/],
    ['(a*)*b', /repeat or alternate/],
    ['(a|aa)*', /repeat or alternate/],
    ['(a|a)+b', /repeat or alternate/],
    ['(\\w+\\s?)*$', /repeat or alternate/],
    ['^(([a-z])+.)+[A-Z]([a-z])+$', /repeat or alternate/],
    ['(x+x+)+y', /repeat or alternate/],
    ['(a?){20}', /repeat or alternate/],
    ['(a)\\1', /backreferences/],
    ['(?<q>a)\\k<q>', /named backreferences/],
    ['a(?=b)', /lookahead and lookbehind/],
    ['a(?!b)', /lookahead and lookbehind/],
    ['(?<=a)b', /lookahead and lookbehind/],
    ['(?<!a)b', /lookahead and lookbehind/],
    ['a{2000}', /count above 1000/],
    ['(a{1,1000}){1,1000}', /repeat or alternate/],
    ['[a-z]{1,1000}[0-9]{1,1000}[A-Z]{1,1000}x{1,1000}y{1,1000}z{1,1000}', /too large/],
    ['(', /not a valid regular expression/],
    ['a{1', /not a valid regular expression/],
    ['x'.repeat(501), /at most 500/],
  ])('refuses %s', (pattern, reason) => {
    expect(patternProblem(pattern)).toMatch(reason);
  });

  it.each(['[A-Z]{3}-\\d{4}', '\\d+', '[^@\\s]+@example\\.com', '(?:\\+\\d{1,3} )?\\d{3,14}', '(ab){2,4}', '(\\d{3}-)*\\d{4}', 'red|green|blue', '\\p{Lu}\\p{Ll}+', '.*', '^a$', '\\bx\\b'])(
    'accepts %s',
    (pattern) => {
      expect(patternProblem(pattern)).toBeNull();
    },
  );
});

describe('compileSafePattern', () => {
  const cases: [string, string[]][] = [
    ['[A-Z]{3}-\\d{4}', ['ABC-1234', 'abc-1234', 'ABC-123', 'ABC-12345', 'ABCD-1234', '']],
    ['(?:\\+\\d{1,3} )?\\d{3,14}', ['+44 2079460958', '2079460958', '+44 ', '12', '+1234 5678']],
    ['red|green|blue', ['red', 'green', 'blue', 'redgreen', 'gree', '']],
    ['(ab){2,4}', ['ab', 'abab', 'abababab', 'ababababab', 'aba']],
    ['(\\d{3}-)*\\d{4}', ['1234', '123-1234', '123-456-7890', '12-1234', '123-']],
    ['\\p{Lu}\\p{Ll}+', ['Émile', 'émile', 'Ü', 'Zoë']],
    ['.*', ['', 'anything', 'two\nlines']],
    ['a.c', ['abc', 'a😀c', 'a\nc', 'ac']],
    ['^a$', ['a', 'aa', '']],
    ['\\bx\\b.*', ['x y', 'xy', 'x']],
    ['[^@\\s]+@example\\.com', ['ann@example.com', 'ann@exampleXcom', 'a n@example.com']],
    ['x?y*z+', ['z', 'xyyz', 'xz', 'yx', 'xyy']],
    ['\\u{1F600}+|\\x41\\u0042', ['😀😀', 'AB', 'A']],
    ['a*?b', ['aab', 'b', 'a']],
  ];
  it.each(cases)('matches %s on the whole cell as the native engine does', (pattern, texts) => {
    const compiled = compileSafePattern(pattern);
    const native = new RegExp(`^(?:${pattern})$`, 'u');
    for (const text of texts) expect([text, compiled.test(text)]).toEqual([text, native.test(text)]);
  });

  it('agrees with the native engine on random cells', () => {
    let seed = 7;
    const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    const alphabet = ['a', 'b', 'A', '1', '-', '@', '.', ' ', 'é', '😀'];
    const patterns = ['a+b?', '[a-z]+@[a-z]+\\.[a-z]{2,}', '(ab|ba)?[^ ]*', '\\d{1,3}(-\\d)*', '^$|a', '.{2,4}😀?', '(?:A|1)\\w*', '\\bab\\b.*', '[\\p{L}]+ \\S+'];
    for (const pattern of patterns) {
      const compiled = compileSafePattern(pattern);
      const native = new RegExp(`^(?:${pattern})$`, 'u');
      for (let k = 0; k < 400; k++) {
        const text = Array.from({ length: Math.floor(random() * 8) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
        expect([pattern, text, compiled.test(text)]).toEqual([pattern, text, native.test(text)]);
      }
    }
  });

  it('matches cells that make a backtracking engine try every split', () => {
    // `a*a*a*a*a*a*b` backtracks through n^6 splits on a run of `a`s with no `b`; the NFA reads
    // each character once per state. A regression to backtracking would not finish this test.
    const pattern = compileSafePattern('a*a*a*a*a*a*b');
    expect(pattern.test(`${'a'.repeat(20_000)}c`)).toBe(false);
    expect(pattern.test(`${'a'.repeat(20_000)}b`)).toBe(true);
    const words = compileSafePattern('[a-z]+( [a-z]+)?.*x');
    expect(words.test('word '.repeat(5_000))).toBe(false);
  });
});
