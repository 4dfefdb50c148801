import type { Kysely } from 'kysely';

/**
 * Idempotency claims name the process that holds them and how long they hold: a claim left by
 * a request that died with its process must not answer `idempotency_key_in_use` for 24 hours.
 * `claimed_by` is the holding process's boot id, `lease_expires_at` the time after which another
 * request with the same key may take the claim over (see repositories/platform/idempotency.ts). Rows
 * from before this migration have neither and count as expired.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').addColumn('claimed_by', 'text').execute();
  await db.schema.alterTable('idempotency_keys').addColumn('lease_expires_at', 'text').execute();
}
