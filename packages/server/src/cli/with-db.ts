import { existsSync } from 'node:fs';
import { closeDatabase, locationOf, openDatabase, type Storage } from '../db/connect.js';
import { findWorkspace } from '../repositories/platform/workspaces.js';
import { UsageError } from './args.js';

/**
 * Runs a command's work on the database at `path` and closes it, its changes announced to the
 * running servers first (db/changes.ts). A SQLite file must exist unless `create` says the
 * command makes one. An error `isUsage` accepts is the caller's mistake: it
 * becomes a {@link UsageError} (one line, exit 2), not a stack trace.
 */
export async function withDb<T>(
  path: string,
  run: (storage: Storage) => Promise<T>,
  isUsage: (error: unknown) => error is Error = (_error): _error is Error => false,
  options: { create?: boolean } = {},
): Promise<T> {
  // Only `init` (and `start`) make a new database: a mistyped path is not one to create.
  const { file } = locationOf(path);
  if (options.create !== true && file !== undefined && !existsSync(file)) {
    throw new UsageError(`no Inlay database at ${path} (\`inlay init --db ${path}\` creates one; --db or INLAY_DB names another)`);
  }
  const storage = await openDatabase(path);
  try {
    return await run(storage);
  } catch (error) {
    if (isUsage(error)) throw new UsageError(error.message);
    throw error;
  } finally {
    await closeDatabase(storage);
  }
}

/** A usage mistake (exit 2) when the workspace is not in the database. */
export async function requireWorkspace(storage: Storage, id: string): Promise<void> {
  if (!(await findWorkspace(storage, id))) throw new UsageError(`no workspace ${id}`);
}
