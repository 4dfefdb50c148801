/**
 * Named prepared statements for the compiled statements (db/statements.ts). PostgreSQL parses
 * and plans an unnamed statement on every execution; a named one is parsed once per connection
 * and planned once it proves generic. Only compiled statements are named: they are a fixed,
 * bounded set, while Kysely-built queries vary with their input and stay unnamed, so no
 * connection collects unbounded statements.
 */
const names = new Map<string, string>();

/** Called for every compiled statement of a PostgreSQL database: its name on every connection. */
export function registerPreparedStatement(sql: string): string {
  let name = names.get(sql);
  if (name === undefined) {
    name = `inlay_${names.size.toString(36)}`;
    names.set(sql, name);
  }
  return name;
}
