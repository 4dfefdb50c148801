import { describe, expect, it } from 'vitest';
import { withLiterals } from './literals.js';

// node-postgres's escapeLiteral, in short: quotes doubled, backslashes make it an E'' string.
const escape = (text: string) => (text.includes('\\') ? ` E'${text.replaceAll('\\', '\\\\').replaceAll("'", "''")}'` : `'${text.replaceAll("'", "''")}'`);

describe('withLiterals', () => {
  it('writes each $n as its value, a value used twice included', () => {
    expect(withLiterals('select * from t where a = $1 and b = $2 or c = $1', ["it's", 5], escape)).toBe("select * from t where a = 'it''s' and b = (5) or c = 'it''s'");
  });

  it('keeps $10 apart from $1, and writes null, booleans, negative numbers and bigints safely', () => {
    const values = [1, 2, 3, 4, 5, 6, 7, 8, 9, -10];
    expect(withLiterals('x-$10 + $1', values, escape)).toBe('x-(-10) + (1)');
    expect(withLiterals('$1, $2, $3', [null, true, 12n], escape)).toBe('NULL, TRUE, (12)');
  });

  it('gives up on values it cannot write, SQL with quotes of its own, and a missing value', () => {
    expect(withLiterals('a = $1', [new Date()], escape)).toBeUndefined();
    expect(withLiterals('a = $1', [Number.NaN], escape)).toBeUndefined();
    expect(withLiterals("a = '$1' and b = $1", ['x'], escape)).toBeUndefined();
    expect(withLiterals('a = $2', ['x'], escape)).toBeUndefined();
  });
});
