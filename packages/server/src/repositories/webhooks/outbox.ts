import { sql } from 'kysely';
import type { Param } from '../../db/statements.js';
import { perStorage } from '../../db/storage.js';
import { webhookDb, type DeliveryStatus } from '../../webhooks/tables.js';

/**
 * The webhook outbox's statements (docs/webhooks.md): claiming due deliveries under a lease,
 * recording attempts and outcomes, one row or a batch at a time. The sender (webhooks/sender.ts)
 * decides what to claim and when; this file holds only the SQL.
 */

/**
 * `status = 'pending'` written into the statement, not bound: the partial indexes of pending
 * deliveries (migration 0013) serve only a query whose condition is their own. Bound, it was
 * one more parameter of a prepared statement, and PostgreSQL's generic plan, chosen after five
 * runs, could not use them: the claim scanned every delivery for each candidate's earlier
 * pending one, 84 s for one claim at 10,000 deliveries.
 */
const PENDING = sql.lit<DeliveryStatus>('pending');

export const outboxStatements = perStorage((storage) => {
  const wdb = webhookDb(storage.db);
  return {
    endpoints: storage.compile((p: Param<'now' | 'on'>) =>
            wdb
              .selectFrom('webhook_endpoints')
              .select(['id', 'workspace_id', 'mode', 'url', 'secret', 'previous_secret', 'previous_secret_expires_at'])
              .where('enabled', '=', p('on'))
              .where((eb) =>
                eb.exists(
                  eb
                    .selectFrom('webhook_deliveries as d')
                    .select('d.seq')
                    .whereRef('d.endpoint_id', '=', 'webhook_endpoints.id')
                    .where('d.status', '=', PENDING)
                    .where('d.next_attempt_at', '<=', p('now')),
                ),
              )),
    // Leases an endpoint's due deliveries in creation order, in one statement, each only if it is
    // the first of its object still pending (an earlier one, waiting for a retry or in flight,
    // goes first). The first is asked as a `min`, one index seek by endpoint and object per
    // candidate: as `NOT EXISTS (… e.seq < d.seq)` PostgreSQL's generic plan made it an anti
    // join that walked every pending delivery of the endpoint for each candidate (a claim of 64
    // out of 2,000 pending: 33 ms and 130,000 buffers; as a `min`, 2.7 ms and 2,000). The outer
    // conditions are checked again on each row as it is locked, so on PostgreSQL a row another
    // instance leased meanwhile is left out, not leased twice.
    claim: storage.compile((p: Param<'endpointId' | 'workspaceId' | 'mode' | 'now' | 'limit' | 'leaseUntil' | 'one'>) =>
          wdb
            .updateTable('webhook_deliveries')
            .set((eb) => ({ lease_until: p('leaseUntil'), attempts: eb('attempts', '+', p('one')) }))
            .where('status', '=', PENDING)
            .where('lease_until', '<=', p('now'))
            .where('seq', 'in', (eb) =>
              eb
                .selectFrom('webhook_deliveries as d')
                .select('d.seq')
                .where('d.endpoint_id', '=', p('endpointId'))
                .where('d.workspace_id', '=', p('workspaceId'))
                .where('d.mode', '=', p('mode'))
                .where('d.status', '=', PENDING)
                .where('d.next_attempt_at', '<=', p('now'))
                .where('d.lease_until', '<=', p('now'))
                .where('d.seq', '=', (inner) =>
                  inner
                    .selectFrom('webhook_deliveries as e')
                    .select((e) => e.fn.min('e.seq').as('first'))
                    .whereRef('e.endpoint_id', '=', 'd.endpoint_id')
                    .whereRef('e.object_key', '=', 'd.object_key')
                    .where('e.status', '=', PENDING),
                )
                .orderBy('d.seq')
                .limit(p('limit')),
            )
            .returning(['seq', 'id', 'body', 'retry_index'])),
    finish: storage.compile((p: Param<'seq' | 'status' | 'retryIndex' | 'nextAttemptAt' | 'updatedAt' | 'zero'>) =>
          wdb
            .updateTable('webhook_deliveries')
            .set({ status: p('status'), retry_index: p('retryIndex'), next_attempt_at: p('nextAttemptAt'), lease_until: p('zero'), updated_at: p('updatedAt') })
            .where('seq', '=', p('seq'))),
    endpointState: storage.compile((p: Param<'id'>) => wdb.selectFrom('webhook_endpoints').select(['failing_since', 'enabled']).where('id', '=', p('id'))),
    setFailing: storage.compile((p: Param<'id' | 'workspaceId' | 'mode' | 'failingSince'>) =>
          wdb.updateTable('webhook_endpoints').set({ failing_since: p('failingSince') }).where('id', '=', p('id')).where('workspace_id', '=', p('workspaceId')).where('mode', '=', p('mode'))),
    disable: storage.compile((p: Param<'id' | 'workspaceId' | 'mode' | 'reason' | 'now' | 'off'>) =>
          wdb
            .updateTable('webhook_endpoints')
            .set({ enabled: p('off'), disabled_reason: p('reason'), updated_at: p('now') })
            .where('id', '=', p('id'))
            .where('workspace_id', '=', p('workspaceId'))
            .where('mode', '=', p('mode'))),
  };
});

/** Most rows one batched statement writes: 10 parameters a row stays far below both databases' limits. */
export const BATCH = 64;

/**
 * Statements that write `n` rows at once (1 ≤ n ≤ BATCH), compiled on first use of each size:
 * the attempts of one batch in one INSERT, its successes in one UPDATE.
 */
export const outboxBatchStatements = perStorage((storage) => {
  const wdb = webhookDb(storage.db);
  const logAttempts = new Map<number, ReturnType<typeof compileLogAttempts>>();
  const succeed = new Map<number, ReturnType<typeof compileSucceed>>();
  function compileLogAttempts(n: number) {
    return storage.compile((p: Param<string>) =>
          wdb.insertInto('webhook_attempts').values(
            Array.from({ length: n }, (_, i) => ({
              id: p(`id${i}`),
              delivery_id: p(`deliveryId${i}`),
              endpoint_id: p(`endpointId${i}`),
              workspace_id: p(`workspaceId${i}`),
              mode: p(`mode${i}`),
              attempted_at: p(`attemptedAt${i}`),
              status_code: p(`statusCode${i}`),
              latency_ms: p(`latencyMs${i}`),
              response_excerpt: p(`excerpt${i}`),
              error: p(`error${i}`),
            })),
          ));
  }
  // The successes of a batch in one statement, each row with its own attempt (the delivery log
  // reads it from the row): a VALUES list joined on `seq`, UPDATE … FROM on SQLite as on
  // PostgreSQL. The casts type the parameters for PostgreSQL, where a bare one would be text.
  function compileSucceed(n: number) {
    return storage.compile((p: Param<string>) => {
          const rows = Array.from(
            { length: n },
            (_, i) => sql`(CAST(${p(`seq${i}`)} AS bigint), CAST(${p(`statusCode${i}`)} AS integer), CAST(${p(`latencyMs${i}`)} AS integer), CAST(${p(`excerpt${i}`)} AS text))`,
          );
          return {
            compile: () =>
              sql`WITH v (seq, status_code, latency_ms, response_excerpt) AS (VALUES ${sql.join(rows)})
            UPDATE webhook_deliveries SET status = ${p('status')}, next_attempt_at = ${p('nextAttemptAt')}, lease_until = ${p('zero')}, updated_at = ${p('updatedAt')},
              attempted_at = ${p('updatedAt')}, status_code = v.status_code, latency_ms = v.latency_ms, response_excerpt = v.response_excerpt
            FROM v WHERE webhook_deliveries.seq = v.seq`.compile(storage.db),
          };
        });
  }
  return {
    logAttempts(n: number) {
      let statement = logAttempts.get(n);
      if (statement === undefined) logAttempts.set(n, (statement = compileLogAttempts(n)));
      return statement;
    },
    succeed(n: number) {
      let statement = succeed.get(n);
      if (statement === undefined) succeed.set(n, (statement = compileSucceed(n)));
      return statement;
    },
  };
});

/** The enabled endpoints (the subscription index of webhooks/events.ts) and the outbox insert of an event. */
export const eventStatements = perStorage((storage) => {
  const wdb = webhookDb(storage.db);
  return {
    enabled: storage.compile((p: Param<'on'>) => wdb.selectFrom('webhook_endpoints').select(['id', 'workspace_id', 'mode', 'events']).where('enabled', '=', p('on'))),
    insert: storage.compile((p: Param<'id' | 'endpointId' | 'workspaceId' | 'mode' | 'type' | 'objectKey' | 'body' | 'now' | 'nowMs' | 'status' | 'zero'>) =>
          wdb.insertInto('webhook_deliveries').values({
            id: p('id'),
            endpoint_id: p('endpointId'),
            workspace_id: p('workspaceId'),
            mode: p('mode'),
            type: p('type'),
            object_key: p('objectKey'),
            body: p('body'),
            status: p('status'),
            attempts: p('zero'),
            retry_index: p('zero'),
            next_attempt_at: p('nowMs'),
            lease_until: p('zero'),
            created_at: p('now'),
            updated_at: p('now'),
          })),
  };
});
