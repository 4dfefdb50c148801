import type { Storage, Db } from '../../db/connect.js';


const WINDOW_MS = 24 * 60 * 60 * 1000;

export interface KeyRef {
  workspaceId: string;
  mode: 'test' | 'live';
  key: string;
}

export type ClaimOutcome =
  | { kind: 'claimed' }
  | { kind: 'replay'; statusCode: number; body: string }
  | { kind: 'reused' }
  | { kind: 'in_progress' };

export interface ClaimRequest extends KeyRef {
  requestHash: string;
  now: string;
  /** Boot id of the claiming process. */
  owner: string;
  /** How long the claim holds before another request may take it over. */
  leaseMs: number;
  /**
   * Whether this process is still running the request that holds a claim of `owner`'s: such a
   * claim holds past its lease (a slow request is not run twice); any other holds until it.
   */
  runningHere: (ref: KeyRef) => boolean;
}

/**
 * Claims a key for a request, or reports what the earlier request with that key decides.
 * Keys older than 24 h are forgotten. A claim whose request is still running answers
 * `in_progress`; one whose lease has run out (its process died, or the request hangs) is taken
 * over, so a client's retry after a crash runs instead of being refused for 24 hours.
 *
 * The claim is an insert that does nothing on conflict, then a read of the row that won: of
 * two racing requests — in this process, or in two instances on one PostgreSQL database, where
 * a read-then-insert would let both read nothing and one fail on the primary key — exactly one
 * claims, and the other answers from the winner's row. The take-over is a conditional update
 * for the same reason.
 */
export async function claimIdempotencyKey(storage: Storage, claim: ClaimRequest): Promise<ClaimOutcome> {
  const cutoff = new Date(Date.parse(claim.now) - WINDOW_MS).toISOString();
  const leaseExpiresAt = new Date(Date.parse(claim.now) + claim.leaseMs).toISOString();
  return storage.transaction(async ({ db: trx }) => {
      const insert = () =>
        trx
          .insertInto('idempotency_keys')
          .values({
            workspace_id: claim.workspaceId,
            mode: claim.mode,
            idempotency_key: claim.key,
            request_hash: claim.requestHash,
            status_code: null,
            response_body: null,
            created_at: claim.now,
            claimed_by: claim.owner,
            lease_expires_at: leaseExpiresAt,
          })
          .onConflict((conflict) => conflict.columns(['workspace_id', 'mode', 'idempotency_key']).doNothing())
          .executeTakeFirst()
          .then((result) => Number(result.numInsertedOrUpdatedRows ?? 0n) === 1);
      if (await insert()) return { kind: 'claimed' };
      // Another request holds the key; on PostgreSQL the insert waited for its commit, so this
      // read (a new statement) sees its row.
      const existing = await trx
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('workspace_id', '=', claim.workspaceId)
        .where('mode', '=', claim.mode)
        .where('idempotency_key', '=', claim.key)
        .executeTakeFirst();
      if (existing === undefined) return { kind: 'in_progress' };
      if (existing.created_at <= cutoff) {
        // Past its 24 hours: forgotten, and the key is free for this request (unless a racing one
        // freed and took it first).
        await trx
          .deleteFrom('idempotency_keys')
          .where('workspace_id', '=', claim.workspaceId)
          .where('mode', '=', claim.mode)
          .where('idempotency_key', '=', claim.key)
          .where('created_at', '=', existing.created_at)
          .execute();
        return (await insert()) ? { kind: 'claimed' } : { kind: 'in_progress' };
      }
      if (existing.request_hash !== claim.requestHash) return { kind: 'reused' };
      if (existing.status_code !== null && existing.response_body !== null) {
        return { kind: 'replay', statusCode: existing.status_code, body: existing.response_body };
      }
      const live =
        (existing.claimed_by === claim.owner && claim.runningHere(claim)) ||
        (existing.lease_expires_at !== null && existing.lease_expires_at > claim.now);
      if (live) return { kind: 'in_progress' };
      const taken = await takeOverClaim(trx, claim, { claimedBy: existing.claimed_by, leaseExpiresAt: existing.lease_expires_at }, { owner: claim.owner, leaseExpiresAt });
      return taken ? { kind: 'claimed' } : { kind: 'in_progress' };
    });
}

/**
 * Moves an unfinished claim to a new holder only if it is still exactly as `seen` (same holder,
 * same lease, still unfinished): a compare-and-set, so of two requests that both saw the lease
 * run out only the first takes the claim; the other sees no row change and answers 409.
 */
export async function takeOverClaim(
  db: Db,
  ref: KeyRef,
  seen: { claimedBy: string | null; leaseExpiresAt: string | null },
  next: { owner: string; leaseExpiresAt: string },
): Promise<boolean> {
  const result = await db.updateTable('idempotency_keys')
    .set({ claimed_by: next.owner, lease_expires_at: next.leaseExpiresAt })
    .where('workspace_id', '=', ref.workspaceId)
    .where('mode', '=', ref.mode)
    .where('idempotency_key', '=', ref.key)
    .where('status_code', 'is', null)
    .where('claimed_by', seen.claimedBy === null ? 'is' : '=', seen.claimedBy)
    .where('lease_expires_at', seen.leaseExpiresAt === null ? 'is' : '=', seen.leaseExpiresAt)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * At start, on SQLite: forgets the unfinished claims of every other boot. One server process owns a
 * database file (docs/self-hosting.md), so a claim it did not make belongs to a process that is
 * gone, and its request will never finish; the client's retry then runs at once.
 */
export async function releaseClaimsOfOtherBoots(storage: Storage, owner: string): Promise<number> {
  // On PostgreSQL other instances are alive and their claims are running requests: only a
  // claim's lease tells that its process is gone (docs/self-hosting.md).
  if (storage.sharedByProcesses) return 0;
  const result = await storage.db.deleteFrom('idempotency_keys')
    .where('status_code', 'is', null)
    .where((eb) => eb.or([eb('claimed_by', 'is', null), eb('claimed_by', '!=', owner)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Keeps the response of the request holding the claim. A claim taken over meanwhile (the lease
 * ran out) belongs to the other request now, whose answer is kept instead.
 */
export async function completeIdempotencyKey(storage: Storage, done: KeyRef & { owner: string; statusCode: number; body: string }): Promise<void> {
  await storage.db.updateTable('idempotency_keys')
    .set({ status_code: done.statusCode, response_body: done.body, claimed_by: null, lease_expires_at: null })
    .where('workspace_id', '=', done.workspaceId)
    .where('mode', '=', done.mode)
    .where('idempotency_key', '=', done.key)
    .where('status_code', 'is', null)
    .where('claimed_by', '=', done.owner)
    .execute();
}

/** Forgets a claim whose request failed on the server, so a retry runs again. */
export async function releaseIdempotencyKey(storage: Storage, ref: KeyRef & { owner: string }): Promise<void> {
  await storage.db.deleteFrom('idempotency_keys')
    .where('workspace_id', '=', ref.workspaceId)
    .where('mode', '=', ref.mode)
    .where('idempotency_key', '=', ref.key)
    .where('status_code', 'is', null)
    .where('claimed_by', '=', ref.owner)
    .execute();
}

/**
 * Deletes keys past the 24-hour window (the server's hourly prune), oldest first, `partSize` at a
 * time, each part its own transaction (docs/decisions.md, "Storage and hot writes"): an hour of
 * keys at a busy server's rate in one statement held SQLite's one connection for as long.
 */
export async function pruneIdempotencyKeys(storage: Storage, now: Date, partSize = 1_000): Promise<void> {
  const cutoff = new Date(now.getTime() - WINDOW_MS).toISOString();
  for (let more = true; more; ) {
    more = await storage.transaction(async ({ db }) => {
      // The created_at of the part's last key: the part is every key up to it (ties included).
      const bound = await db.selectFrom('idempotency_keys').select('created_at').where('created_at', '<=', cutoff).orderBy('created_at').offset(partSize - 1).limit(1).executeTakeFirst();
      await db.deleteFrom('idempotency_keys').where('created_at', '<=', bound?.created_at ?? cutoff).execute();
      return bound !== undefined;
    });
  }
}
