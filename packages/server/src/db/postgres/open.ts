import { DEFAULT_OPTIONS } from '../../options.js';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Db, OpenDatabaseOptions } from '../connect.js';
import { registerDialect } from '../dialect.js';
import { migrateToLatest } from '../migrate.js';
import type { Database } from '../schema.js';

/** int8 (counts, epoch milliseconds) and numeric as JavaScript numbers, as SQLite answers them. */
const INT8 = 20;
const NUMERIC = 1700;
export const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === INT8 || oid === NUMERIC) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format ?? 'text');
  }) as typeof pg.types.getTypeParser,
};

const opened = new WeakMap<Db, { url: string; pool: pg.Pool }>();

/** The URL `db` was opened with: the change listener opens its own connection to it (db/postgres/changes.ts). */
export function postgresUrlOf(db: Db): string | undefined {
  return opened.get(db)?.url;
}

/** The pool behind `db`: transactions and compiled statements run on it directly (transaction.ts). */
export function poolOf(db: Db): pg.Pool {
  const found = opened.get(db);
  if (found === undefined) throw new Error('This database was not opened by openDatabase().');
  return found.pool;
}

/**
 * Opens a PostgreSQL database and migrates it. Any number of server processes may share it; the
 * migrator's own lock lets only one of them migrate at a time.
 */
export async function openPostgres(url: string, options: OpenDatabaseOptions = {}): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? DEFAULT_OPTIONS.dbPoolSize, types });
  // An idle client that loses its server (a restart, a failover) must not crash the process.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  registerDialect(db, 'postgres');
  opened.set(db, { url, pool });
  try {
    await migrateToLatest(db as Kysely<unknown>);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}
