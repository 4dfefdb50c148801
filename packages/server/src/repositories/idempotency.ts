import type { Db } from '../db/connect.js';

const WINDOW_MS = 24 * 60 * 60 * 1000;

interface KeyRef {
  workspaceId: string;
  mode: 'test' | 'live';
  key: string;
}

export type ClaimOutcome =
  | { kind: 'claimed' }
  | { kind: 'replay'; statusCode: number; body: string }
  | { kind: 'reused' }
  | { kind: 'in_progress' };

/**
 * Claims a key for a request, or reports what the earlier request with that key decides.
 * Keys older than 24 h are forgotten. Runs in one transaction so two racing requests cannot
 * both claim.
 */
export async function claimIdempotencyKey(
  db: Db,
  claim: KeyRef & { requestHash: string; now: string },
): Promise<ClaimOutcome> {
  const cutoff = new Date(Date.parse(claim.now) - WINDOW_MS).toISOString();
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('workspace_id', '=', claim.workspaceId)
      .where('mode', '=', claim.mode)
      .where('idempotency_key', '=', claim.key)
      .executeTakeFirst();
    if (existing && existing.created_at > cutoff) {
      if (existing.request_hash !== claim.requestHash) return { kind: 'reused' };
      if (existing.status_code === null || existing.response_body === null) return { kind: 'in_progress' };
      return { kind: 'replay', statusCode: existing.status_code, body: existing.response_body };
    }
    if (existing) {
      await trx
        .deleteFrom('idempotency_keys')
        .where('workspace_id', '=', claim.workspaceId)
        .where('mode', '=', claim.mode)
        .where('idempotency_key', '=', claim.key)
        .execute();
    }
    await trx
      .insertInto('idempotency_keys')
      .values({
        workspace_id: claim.workspaceId,
        mode: claim.mode,
        idempotency_key: claim.key,
        request_hash: claim.requestHash,
        status_code: null,
        response_body: null,
        created_at: claim.now,
      })
      .execute();
    return { kind: 'claimed' };
  });
}

export async function completeIdempotencyKey(db: Db, done: KeyRef & { statusCode: number; body: string }): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ status_code: done.statusCode, response_body: done.body })
    .where('workspace_id', '=', done.workspaceId)
    .where('mode', '=', done.mode)
    .where('idempotency_key', '=', done.key)
    .execute();
}

/** Forgets a claim whose request failed on the server, so a retry runs again. */
export async function releaseIdempotencyKey(db: Db, ref: KeyRef): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('workspace_id', '=', ref.workspaceId)
    .where('mode', '=', ref.mode)
    .where('idempotency_key', '=', ref.key)
    .execute();
}

/** Deletes keys past the 24-hour window; run now and then. */
export async function pruneIdempotencyKeys(db: Db, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - WINDOW_MS).toISOString();
  await db.deleteFrom('idempotency_keys').where('created_at', '<=', cutoff).execute();
}
