import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { attachSqliteHandle } from './compiled.js';
import { migrateToLatest } from './migrate.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

/**
 * better-sqlite3 with prepared statements kept per SQL text. Kysely prepares every query it
 * runs (BEGIN and COMMIT included); repositories build the same SQL again and again, so
 * preparing each text once removes a large share of a write's cost. Bounded, oldest dropped.
 */
function withStatementCache(sqlite: BetterSqlite3.Database, max = 500) {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => sqlite.close(),
    prepare: (sql: string) => {
      let statement = statements.get(sql);
      if (statement === undefined) {
        statement = sqlite.prepare(sql);
        if (statements.size >= max) {
          const oldest = statements.keys().next().value;
          if (oldest !== undefined) statements.delete(oldest);
        }
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/** The default database file, relative to the working directory. */
export const DEFAULT_DB_PATH = './.inlay/inlay.db';

/**
 * Opens (creating if needed) the SQLite database at `path` and migrates it. WAL lets readers
 * run beside the writer; the busy timeout makes a second process (the CLI beside a running
 * server) wait for the write lock instead of failing.
 */
export async function openDatabase(path: string): Promise<Db> {
  if (/^postgres(ql)?:\/\//.test(path)) {
    throw new Error('PostgreSQL is not supported by this build yet; use a SQLite file path');
  }
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new BetterSqlite3(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Memory-mapped reads: full-text search over large boards reads far fewer pages through the OS.
  sqlite.pragma('mmap_size = 1073741824');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  attachSqliteHandle(db, sqlite);
  await migrateToLatest(db as Kysely<unknown>);
  return db;
}
