import type { Db } from '../connect.js';

/** SQLSTATEs after which the whole transaction may simply run again. */
const RETRYABLE = new Set(['40001', '40P01']);
const ATTEMPTS = 5;

function sqlState(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

/**
 * A transaction on one pooled connection. PostgreSQL reports a serialization failure or a
 * deadlock between concurrent transactions (of this process or another instance) by aborting
 * one of them; that one runs again from the start, a few times, with a short random wait.
 */
export async function postgresTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute((trx) => work(trx));
    } catch (error) {
      if (attempt >= ATTEMPTS || !RETRYABLE.has(sqlState(error) ?? '')) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}
