import { PostgresAdapter } from 'kysely';
import type { Db } from './connect.js';

/** The two storage backends (docs/self-hosting.md): SQLite for one process, PostgreSQL for many. */
export type Dialect = 'sqlite' | 'postgres';

const dialects = new WeakMap<object, Dialect>();

/** Called by the openers of `db/sqlite/` and `db/postgres/`. */
export function registerDialect(db: object, dialect: Dialect): void {
  dialects.set(db, dialect);
}

/**
 * Which backend `db` (or a Kysely transaction on it) runs on. A transaction object is not the
 * `Db` it came from, so an unregistered handle is recognised by its adapter.
 */
export function dialectOf(db: Pick<Db, 'getExecutor'>): Dialect {
  const known = dialects.get(db);
  if (known !== undefined) return known;
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

export const isPostgres = (db: Pick<Db, 'getExecutor'>): boolean => dialectOf(db) === 'postgres';
