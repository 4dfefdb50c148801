import { openPostgres } from './postgres/open.js';
import { openSqlite } from './sqlite/open.js';
import type { Storage } from './storage.js';

export type { Db, Storage } from './storage.js';
export { DATABASE_FILE_MODE, databaseModeWarning } from './sqlite/open.js';

/** The default database file, relative to the working directory. */
export const DEFAULT_DB_PATH = './.inlay/inlay.db';

/** Whether `location` names a PostgreSQL database (`postgres://…` or `postgresql://…`) rather than a SQLite file. */
export const isPostgresUrl = (location: string): boolean => /^postgres(ql)?:\/\//i.test(location);

/**
 * What a location offers, asked without opening it: whether several processes share it (a
 * PostgreSQL URL), and the file it lives in (a SQLite path; undefined for PostgreSQL and memory).
 */
export function locationOf(location: string): { sharedByProcesses: boolean; file: string | undefined } {
  if (isPostgresUrl(location)) return { sharedByProcesses: true, file: undefined };
  return { sharedByProcesses: false, file: location === ':memory:' ? undefined : location };
}

export interface OpenDatabaseOptions {
  /**
   * Checkpoint the write-ahead log on a worker thread (see checkpointer.ts) instead of inside
   * whichever write crosses SQLite's threshold. For the long-running server; the CLI's short
   * commands leave it off.
   */
  backgroundCheckpoints?: boolean;
  /** With background checkpoints: a `-wal` larger than this is truncated once writes pause. */
  walTruncateBytes?: number;
  /** With background checkpoints: how long writes must pause before that truncation. */
  walIdleMs?: number;
  /** PostgreSQL: connections this process keeps in its pool (docs/self-hosting.md). */
  poolSize?: number;
}

/**
 * Opens the storage `location` names and migrates it: a SQLite file path (or `:memory:`), or a
 * PostgreSQL URL, which any number of server processes may share (docs/self-hosting.md).
 */
export async function openDatabase(location: string, options: OpenDatabaseOptions = {}): Promise<Storage> {
  return isPostgresUrl(location) ? openPostgres(location, options) : openSqlite(location, options);
}

/**
 * Closes a database the operator CLI opened, once the changes it announced have gone out to the
 * running servers (db/changes.ts).
 */
export async function closeDatabase(storage: Storage): Promise<void> {
  try {
    await storage.changes.settled();
  } finally {
    await storage.close();
  }
}
