import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { OpenDatabaseOptions } from '../connect.js';
import { migrateToLatest } from '../migrate.js';
import { FALLBACK_AUTOCHECKPOINT_PAGES, startCheckpointer } from './checkpointer.js';
import { SqliteStorage } from './storage.js';

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

/** Mode of a database file Inlay creates, and of its `-wal` and `-shm`: the owner's alone. */
export const DATABASE_FILE_MODE = 0o600;

/**
 * The file holds API-key hashes, author-token signing secrets and password hashes: a new one
 * (and a new directory for it) is created readable by the server's user only, whatever the
 * umask. An existing file keeps the mode its operator gave it ({@link databaseModeWarning}).
 */
function createPrivately(path: string): void {
  const dir = dirname(path);
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (existsSync(path)) return;
  closeSync(openSync(path, 'a', DATABASE_FILE_MODE));
  // The umask may only take bits away, but set the mode outright so no umask can widen it.
  chmodSync(path, DATABASE_FILE_MODE);
}

/**
 * SQLite creates `-wal` and `-shm` with the main file's permission bits; ones left from an
 * earlier run under a looser mode are narrowed too, never widened past the main file's.
 */
function restrictSidecars(path: string): void {
  const mode = statSync(path).mode & 0o777;
  for (const sidecar of [`${path}-wal`, `${path}-shm`]) {
    try {
      const current = statSync(sidecar).mode & 0o777;
      if ((current & ~mode) !== 0) chmodSync(sidecar, current & mode);
    } catch {
      // Not there (yet): SQLite creates it with the main file's mode.
    }
  }
}

/**
 * A warning for `inlay start` when the database file is readable or writable by group or
 * others, or undefined. Such a file was created by something else or loosened by hand.
 */
export function databaseModeWarning(path: string): string | undefined {
  if (path === ':memory:' || !existsSync(path) || !statSync(path).isFile()) return undefined;
  const mode = statSync(path).mode & 0o777;
  if ((mode & 0o077) === 0) return undefined;
  return `warning: the database ${path} has mode ${mode.toString(8).padStart(4, '0')}; it holds key hashes and signing secrets, so make it readable by the server's user only: chmod 600 ${path}`;
}

/**
 * Opens (creating if needed) the SQLite database at `path` and migrates it. WAL lets readers
 * run beside the writer; the busy timeout makes a second process (the CLI beside a running
 * server) wait for the write lock instead of failing.
 */
export async function openSqlite(path: string, options: OpenDatabaseOptions = {}): Promise<SqliteStorage> {
  const sqlite = openFile(path);
  sqlite.pragma('journal_mode = WAL');
  if (path !== ':memory:') restrictSidecars(path);
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Memory-mapped reads: full-text search over large boards reads far fewer pages through the OS.
  sqlite.pragma('mmap_size = 1073741824');
  // Each write of a group commit runs in a savepoint, and SQLite copies every page a savepoint
  // changes into a sub-journal, a temporary file once it passes 64 KiB: a vote with its webhook
  // delivery wrote 107 KB a vote through the kernel instead of 35 KB (docs/decisions.md, "Storage
  // and hot writes"). In memory, the sub-journal and the file's opening and closing per
  // transaction go.
  sqlite.pragma('temp_store = MEMORY');
  const storage = new SqliteStorage(path, sqlite, withStatementCache(sqlite));
  await migrateExclusively(sqlite, storage.db as Kysely<unknown>);
  if (options.backgroundCheckpoints !== true || path === ':memory:') return storage;
  // Migrated (the file exists and is in WAL mode): hand checkpoints to the worker.
  sqlite.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
  storage.attachCheckpointer(
    startCheckpointer(path, {
      pauseWrites: (resume) => storage.pauseWrites(resume),
      ...(options.walTruncateBytes !== undefined ? { truncateBytes: options.walTruncateBytes } : {}),
      ...(options.walIdleMs !== undefined ? { idleMs: options.walIdleMs } : {}),
    }),
  );
  return storage;
}

/**
 * The file, created privately if missing, refused before anything is written to it when it is
 * not SQLite or is another application's database (tables, none of them Inlay's): a mistyped
 * `--db` must not switch someone's file to WAL mode and add Inlay's tables to it.
 */
function openFile(path: string): BetterSqlite3.Database {
  let sqlite: BetterSqlite3.Database | undefined;
  let tables: string[];
  try {
    if (path !== ':memory:' && existsSync(path) && statSync(path).isDirectory()) throw new Error('it is a directory; name a file in it');
    if (path !== ':memory:') createPrivately(path);
    sqlite = new BetterSqlite3(path);
    tables = sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'").pluck().all() as string[];
  } catch (error) {
    sqlite?.close();
    throw new Error(`cannot open the SQLite database ${path}: ${(error as Error).message}`, { cause: error });
  }
  if (tables.length > 0 && !tables.includes('kysely_migration')) {
    sqlite.close();
    throw new Error(`${path} is not an Inlay database: it holds other tables (${tables.slice(0, 3).join(', ')}${tables.length > 3 ? ', …' : ''}); point --db at Inlay's file, or at a new one`);
  }
  return sqlite;
}

/** How long a process opening the file waits for another one's migrations before it gives up. */
const MIGRATION_WAIT_MS = 120_000;

/**
 * Runs the pending migrations in one write transaction (Kysely runs SQLite's without one). A
 * second process opening the same file at once (`inlay init` beside `inlay start`, a server
 * upgraded while the CLI runs) waits for the first to commit and then finds nothing to do;
 * without it both ran the same migrations, and the loser failed or left one half-applied. A
 * crash mid-way leaves no migration half-applied either.
 */
async function migrateExclusively(sqlite: BetterSqlite3.Database, db: Kysely<unknown>): Promise<void> {
  const deadline = Date.now() + MIGRATION_WAIT_MS;
  for (;;) {
    try {
      // Waits up to busy_timeout for the write lock; a long migration elsewhere takes several waits.
      sqlite.exec('BEGIN IMMEDIATE');
      break;
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() > deadline) throw error;
    }
  }
  try {
    await migrateToLatest(db);
    sqlite.exec('COMMIT');
  } catch (error) {
    if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
    throw error;
  }
}
