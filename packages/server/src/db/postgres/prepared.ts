import type pg from 'pg';

/**
 * Named prepared statements for the compiled hot-path statements (db/statements.ts). PostgreSQL
 * parses and plans an unnamed statement on every execution; a named one is parsed once per
 * connection and planned once it proves generic. Kysely's driver sends SQL text and values, so
 * the pool it gets hands out clients that name a statement when its text is one of the
 * compiled statements registered here (a fixed, bounded set: Kysely-built queries whose text
 * varies with their input stay unnamed, so no connection collects unbounded statements).
 */
const names = new Map<string, string>();

/** Called for every compiled statement of a PostgreSQL database. */
export function registerPreparedStatement(sql: string): void {
  if (!names.has(sql)) names.set(sql, `inlay_${names.size.toString(36)}`);
}

type Query = (text: unknown, values?: unknown) => unknown;

function namingClient(client: pg.PoolClient): pg.PoolClient {
  const query = client.query.bind(client) as Query;
  const named: Query = (text, values) => {
    const name = typeof text === 'string' ? names.get(text) : undefined;
    return name === undefined ? query(text, values) : query({ name, text, values });
  };
  return new Proxy(client, { get: (target, key) => (key === 'query' ? named : Reflect.get(target, key)) });
}

/** The pool Kysely's PostgreSQL dialect takes, over `pool`, with statement naming. */
export function namingPool(pool: pg.Pool): pg.Pool {
  return new Proxy(pool, {
    get(target, key) {
      if (key === 'connect') return async () => namingClient(await target.connect());
      const value = Reflect.get(target, key) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
