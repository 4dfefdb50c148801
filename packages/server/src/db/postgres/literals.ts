/**
 * A compiled statement with its values written in as SQL literals, so that it can travel in one
 * simple-protocol message after `BEGIN` and a lock (transaction.ts). Only plain values are
 * written in: strings (quoted by `escape`, node-postgres's `escapeLiteral`), finite numbers,
 * booleans and null. Anything else, or SQL that holds a quote of its own (where `$1` could be
 * text rather than a parameter), gives undefined: the statement then runs on its own, prepared.
 */
export function withLiterals(sql: string, values: readonly unknown[], escape: (text: string) => string): string | undefined {
  if (sql.includes("'") || sql.includes('"$') || sql.includes('$$')) return undefined;
  const literals: string[] = [];
  for (const value of values) {
    const literal = literalOf(value, escape);
    if (literal === undefined) return undefined;
    literals.push(literal);
  }
  let complete = true;
  const text = sql.replace(/\$(\d+)/g, (_match, index: string) => {
    const literal = literals[Number(index) - 1];
    if (literal === undefined) complete = false;
    return literal ?? '';
  });
  return complete ? text : undefined;
}

function literalOf(value: unknown, escape: (text: string) => string): string | undefined {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'string') return escape(value);
  // In parentheses: `x-$1` with -5 must not become the comment `x--5`.
  if (typeof value === 'number') return Number.isFinite(value) ? `(${String(value)})` : undefined;
  if (typeof value === 'bigint') return `(${value.toString()})`;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return undefined;
}
