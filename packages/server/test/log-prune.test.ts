import { describe, expect, it } from 'vitest';
import { pruneIdempotencyKeys } from '../src/repositories/platform/idempotency.js';
import { pruneWebhookLog } from '../src/repositories/webhooks/endpoints.js';
import { webhookDb, type DeliveryStatus } from '../src/webhooks/tables.js';
import { harness } from './helpers.js';

// The hourly prunes delete a part at a time (a few rows a part here), so a large log never holds
// the server for long; what they keep and drop is the same as one statement's.

const h = await harness();
const DAY = 86_400_000;
const now = Date.parse('2026-11-30T12:00:00.000Z');
const at = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();

describe('the webhook log prune', () => {
  it('drops finished deliveries and attempts past the retention, oldest first, and keeps pending and replayed ones', async () => {
    const w = webhookDb(h.storage.db);
    await w.insertInto('webhook_endpoints').values({ id: 'we_prune', workspace_id: h.ws.id, mode: 'live', url: 'https://example.com/hook', events: '*', enabled: 1, secret: 's', created_at: at(40), updated_at: at(40) }).execute();
    const delivery = (id: string, status: DeliveryStatus, createdDaysAgo: number, updatedDaysAgo = createdDaysAgo) =>
      w.insertInto('webhook_deliveries').values({ id, endpoint_id: 'we_prune', workspace_id: h.ws.id, mode: 'live', type: 'vote.created', object_key: 'post_1', body: '{}', status, attempts: 1, retry_index: 0, next_attempt_at: 0, lease_until: 0, created_at: at(createdDaysAgo), updated_at: at(updatedDaysAgo) }).execute();
    // Oldest first, as seq and created_at grow together.
    for (const [n, daysAgo] of [35, 34, 33, 32, 31].entries()) await delivery(`msg_old_${n}`, n === 2 ? 'failed' : 'succeeded', daysAgo);
    await delivery('msg_pending_old', 'pending', 31);
    await delivery('msg_replayed', 'succeeded', 31, 1);
    await delivery('msg_recent', 'succeeded', 2);
    await delivery('msg_fresh', 'pending', 0);
    for (const [n, daysAgo] of [33, 32, 31, 1].entries()) {
      await w.insertInto('webhook_attempts').values({ id: `wha_${n}`, delivery_id: 'msg_old_2', endpoint_id: 'we_prune', workspace_id: h.ws.id, mode: 'live', attempted_at: at(daysAgo), status_code: 500, latency_ms: 3, response_excerpt: null, error: null }).execute();
    }

    await pruneWebhookLog(h.storage, new Date(now), 30 * DAY, 2);

    const deliveries = await w.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', 'we_prune').orderBy('seq').execute();
    expect(deliveries.map((row) => row.id)).toEqual(['msg_pending_old', 'msg_replayed', 'msg_recent', 'msg_fresh']);
    const attempts = await w.selectFrom('webhook_attempts').select('id').where('endpoint_id', '=', 'we_prune').execute();
    expect(attempts.map((row) => row.id)).toEqual(['wha_3']);
  });
});

describe('the idempotency key prune', () => {
  it('drops keys past the 24-hour window a part at a time, ties at a part boundary included, and keeps the rest', async () => {
    const key = (name: string, hoursAgo: number) =>
      h.storage.db.insertInto('idempotency_keys').values({ workspace_id: h.ws.id, mode: 'live', idempotency_key: name, request_hash: 'h', status_code: 200, response_body: '{}', created_at: new Date(now - hoursAgo * 3_600_000).toISOString() }).execute();
    for (const [name, hoursAgo] of [['a', 30], ['b', 29], ['c', 29], ['d', 28], ['e', 25], ['f', 23], ['g', 1]] as const) await key(`prune-${name}`, hoursAgo);

    await pruneIdempotencyKeys(h.storage, new Date(now), 2);

    const left = await h.storage.db.selectFrom('idempotency_keys').select('idempotency_key').where('idempotency_key', 'like', 'prune-%').orderBy('idempotency_key').execute();
    expect(left.map((row) => row.idempotency_key)).toEqual(['prune-f', 'prune-g']);
  });
});
