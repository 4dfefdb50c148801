import { DEFAULT_OPTIONS } from '../../options.js';
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { OpenDatabaseOptions } from '../connect.js';
import { migrateToLatest } from '../migrate.js';
import { PostgresStorage } from './storage.js';
import { types } from './types.js';


/**
 * Opens a PostgreSQL database and migrates it. Any number of server processes may share it; the
 * migrator's own lock lets only one of them migrate at a time.
 */
export async function openPostgres(url: string, options: OpenDatabaseOptions = {}): Promise<PostgresStorage> {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? DEFAULT_OPTIONS.dbPoolSize, types });
  // An idle client that loses its server (a restart, a failover) must not crash the process.
  pool.on('error', () => undefined);
  const storage = new PostgresStorage(url, pool);
  try {
    await migrateToLatest(storage.db as Kysely<unknown>);
  } catch (error) {
    await storage.close();
    throw error;
  }
  return storage;
}
