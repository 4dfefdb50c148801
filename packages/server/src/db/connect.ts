import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { FALLBACK_AUTOCHECKPOINT_PAGES, startCheckpointer, type Checkpointer } from './checkpointer.js';
import { attachSqliteHandle, pauseGroupCommits } from './compiled.js';
import { migrateToLatest } from './migrate.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

/**
 * better-sqlite3 with prepared statements kept per SQL text. Kysely prepares every query it
 * runs (BEGIN and COMMIT included); repositories build the same SQL again and again, so
 * preparing each text once removes a large share of a write's cost. Bounded, oldest dropped.
 */
const checkpointers = new WeakMap<BetterSqlite3.Database, Checkpointer>();

function withStatementCache(sqlite: BetterSqlite3.Database, max = 500) {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => {
      // The worker's last checkpoint and close run on; SQLite lets the last connection finish.
      void checkpointers.get(sqlite)?.stop();
      sqlite.close();
    },
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
export interface OpenDatabaseOptions {
  /**
   * Checkpoint the write-ahead log on a worker thread (see checkpointer.ts) instead of inside
   * whichever write crosses SQLite's threshold. For the long-running server; the CLI's short
   * commands leave it off.
   */
  backgroundCheckpoints?: boolean;
}

export async function openDatabase(path: string, options: OpenDatabaseOptions = {}): Promise<Db> {
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
  if (options.backgroundCheckpoints !== true || path === ':memory:') return db;
  // Migrated (the file exists and is in WAL mode): hand checkpoints to the worker.
  sqlite.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
  checkpointers.set(sqlite, startCheckpointer(path, { pauseWrites: (resume) => pauseGroupCommits(db, resume) }));
  return db;
}
