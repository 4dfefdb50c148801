import { closeDatabase, openDatabase, type Storage } from '../db/connect.js';
import { UsageError } from './args.js';

/**
 * Runs a command's work on the database at `path` and closes it, its changes announced to the
 * running servers first (db/changes.ts). An error `isUsage` accepts is the caller's mistake: it
 * becomes a {@link UsageError} (one line, exit 2), not a stack trace.
 */
export async function withDb<T>(path: string, run: (storage: Storage) => Promise<T>, isUsage: (error: unknown) => error is Error = (_error): _error is Error => false): Promise<T> {
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
