import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { claimIdempotencyKey, pruneIdempotencyKeys } from '../src/repositories/platform/idempotency.js';
import { call, dataOf, errorOf, harness } from './helpers.js';

const h = await harness();
const key = h.ws.keys.testSecret;

async function flowCount(): Promise<number> {
  return dataOf<{ items: unknown[] }>(await call(h.app, 'GET', '/onboarding/api/v1/flows?limit=100', { key })).items.length;
}

describe('Idempotency-Key on secret POSTs', () => {
  it('replays the first response for the same key and body, creating once', async () => {
    const before = await flowCount();
    const send = () => call(h.app, 'POST', '/onboarding/api/v1/flows', { key, body: { name: 'Once' }, headers: { 'idempotency-key': 'create-once' } });
    const first = await send();
    const second = await send();
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await flowCount()).toBe(before + 1);
  });

  it('answers 409 idempotency_key_reused for the same key with another body', async () => {
    dataOf(await call(h.app, 'POST', '/onboarding/api/v1/flows', { key, body: { name: 'A' }, headers: { 'idempotency-key': 'k-2' } }));
    const reused = await call(h.app, 'POST', '/onboarding/api/v1/flows', { key, body: { name: 'B' }, headers: { 'idempotency-key': 'k-2' } });
    expect(reused.statusCode).toBe(409);
    expect(errorOf(reused)).toMatchObject({ type: 'conflict', code: 'idempotency_key_reused' });
  });

  it('treats the same key on another route as a different request', async () => {
    const id = dataOf<{ id: string }>(await call(h.app, 'POST', '/onboarding/api/v1/flows', { key, body: { name: 'P' } })).id;
    dataOf(await call(h.app, 'POST', `/onboarding/api/v1/flows/${id}`, { key, body: { action: 'publish' }, headers: { 'idempotency-key': 'k-3' } }));
    const other = await call(h.app, 'POST', '/onboarding/api/v1/flows', { key, body: { name: 'P' }, headers: { 'idempotency-key': 'k-3' } });
    expect(errorOf(other).code).toBe('idempotency_key_reused');
  });

  it('scopes keys by workspace and mode', async () => {
    const headers = { 'idempotency-key': 'shared-key' };
    const a = dataOf<{ id: string }>(await call(h.app, 'POST', '/feedback/api/v1/boards', { key, body: { name: 'Same' }, headers }));
    const b = dataOf<{ id: string }>(await call(h.app, 'POST', '/feedback/api/v1/boards', { key: h.ws.keys.liveSecret, body: { name: 'Same' }, headers }));
    const c = dataOf<{ id: string }>(await call(h.app, 'POST', '/feedback/api/v1/boards', { key: h.other.keys.testSecret, body: { name: 'Same' }, headers }));
    expect(new Set([a.id, b.id, c.id]).size).toBe(3);
  });

  it('replays a 4xx answer too, so a retry cannot change the outcome', async () => {
    const headers = { 'idempotency-key': 'bad-flow' };
    const first = await call(h.app, 'POST', '/onboarding/api/v1/flows/flow_missing0', { key, body: { action: 'publish' }, headers });
    const again = await call(h.app, 'POST', '/onboarding/api/v1/flows/flow_missing0', { key, body: { action: 'publish' }, headers });
    expect(first.statusCode).toBe(404);
    expect(again.statusCode).toBe(404);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('keeps nothing for a request refused before it runs (a malformed body), so the fixed request may reuse the key', async () => {
    const before = await flowCount();
    const headers = { 'idempotency-key': 'fix-and-retry' };
    const malformed = await call(h.app, 'POST', '/onboarding/api/v1/flows', { key, body: { name: 42 }, headers });
    expect(malformed.statusCode).toBe(400);
    const fixed = await call(h.app, 'POST', '/onboarding/api/v1/flows', { key, body: { name: 'Fixed' }, headers });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
    const retried = await call(h.app, 'POST', '/onboarding/api/v1/flows', { key, body: { name: 'Fixed' }, headers });
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.json()).toEqual(fixed.json());
    expect(await flowCount()).toBe(before + 1);
  });

  it('replays a PATCH with the same key, recording one revision', async () => {
    const id = dataOf<{ id: string }>(await call(h.app, 'POST', '/onboarding/api/v1/flows', { key, body: { name: 'Patched' } })).id;
    const send = () =>
      call(h.app, 'PATCH', `/onboarding/api/v1/flows/${id}`, { key, body: { name: 'Once', config: {} }, headers: { 'idempotency-key': 'patch-once' } });
    const first = dataOf<{ revisionId: string }>(await send());
    const second = await send();
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(dataOf<{ revisionId: string }>(second)).toEqual(first);
    const record = dataOf<{ revisionCount: number }>(await call(h.app, 'GET', `/onboarding/api/v1/flows/${id}`, { key }));
    expect(record.revisionCount).toBe(2);
  });

  it('treats the same key and body on another route as a different request, not a replay', async () => {
    const headers = { 'idempotency-key': 'twin' };
    dataOf(await call(h.app, 'POST', '/onboarding/api/v1/flows', { key, body: { name: 'Twin' }, headers }));
    const board = await call(h.app, 'POST', '/feedback/api/v1/boards', { key, body: { name: 'Twin' }, headers });
    expect(errorOf(board).code).toBe('idempotency_key_reused');
  });

  it('refuses a key longer than 255 characters, and an empty one', async () => {
    for (const value of ['k'.repeat(256), '']) {
      const response = await call(h.app, 'POST', '/onboarding/api/v1/flows', { key, body: { name: 'x' }, headers: { 'idempotency-key': value } });
      expect(errorOf(response)).toMatchObject({ code: 'parameter_invalid', param: 'Idempotency-Key' });
    }
  });

  it('keeps nothing for a request that failed with a 5xx, so the retry runs again', async () => {
    const before = await flowCount();
    const headers = { 'idempotency-key': 'after-outage' };
    const send = () => call(h.app, 'POST', '/onboarding/api/v1/flows', { key, body: { name: 'After outage' }, headers });
    // The table flows are written to goes away for one request, as a broken disk would make it.
    await sql`ALTER TABLE resources RENAME TO resources_away`.execute(h.storage.db);
    let failed;
    try {
      failed = await send();
    } finally {
      await sql`ALTER TABLE resources_away RENAME TO resources`.execute(h.storage.db);
    }
    expect(failed.statusCode).toBe(500);
    const retried = await send();
    expect(retried.statusCode).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await flowCount()).toBe(before + 1);
  });

  it('forgets a key after 24 hours: it may then name another request', async () => {
    const headers = { 'idempotency-key': 'next-day' };
    dataOf(await call(h.app, 'POST', '/onboarding/api/v1/flows', { key, body: { name: 'Monday' }, headers }));
    expect(errorOf(await call(h.app, 'POST', '/onboarding/api/v1/flows', { key, body: { name: 'Tuesday' }, headers })).code).toBe('idempotency_key_reused');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 24 * 3600_000 + 1000);
    try {
      const tuesday = await call(h.app, 'POST', '/onboarding/api/v1/flows', { key, body: { name: 'Tuesday' }, headers });
      expect(dataOf<{ name: string }>(tuesday).name).toBe('Tuesday');
      expect(tuesday.headers['idempotent-replayed']).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('prunes only keys past the 24-hour window', async () => {
    const headers = { 'idempotency-key': 'kept-by-prune' };
    const send = () => call(h.app, 'POST', '/onboarding/api/v1/flows', { key, body: { name: 'Kept' }, headers });
    dataOf(await send());
    await pruneIdempotencyKeys(h.storage, new Date());
    expect((await send()).headers['idempotent-replayed']).toBe('true');
    await pruneIdempotencyKeys(h.storage, new Date(Date.now() + 24 * 3600_000 + 1000));
    const rows = await h.storage.db.selectFrom('idempotency_keys').select('idempotency_key').where('idempotency_key', '=', 'kept-by-prune').execute();
    expect(rows).toEqual([]);
  });

  it('runs two concurrent requests with one key once: the other gets a replay or 409', async () => {
    const before = await flowCount();
    const send = () => call(h.app, 'POST', '/onboarding/api/v1/flows', { key, body: { name: 'Race' }, headers: { 'idempotency-key': 'race' } });
    const responses = await Promise.all([send(), send(), send()]);
    for (const response of responses) expect([200, 409]).toContain(response.statusCode);
    expect(await flowCount()).toBe(before + 1);
  });

  it('of many concurrent claims of one key, exactly one claims and none fails (an insert that does nothing on conflict)', async () => {
    for (let round = 0; round < 5; round++) {
      const ref = { workspaceId: h.ws.id, mode: 'test' as const, key: `concurrent-claim-${round}` };
      const claim = () =>
        claimIdempotencyKey(h.storage, { ...ref, requestHash: 'same', now: new Date().toISOString(), owner: `boot-${round}`, leaseMs: 60_000, runningHere: () => true });
      const outcomes = await Promise.all(Array.from({ length: 8 }, claim));
      expect(outcomes.filter((outcome) => outcome.kind === 'claimed')).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome.kind !== 'claimed').every((outcome) => outcome.kind === 'in_progress')).toBe(true);
    }
  });

  it('answers concurrent requests with one key without a 500: one runs, the others replay or get 409', async () => {
    for (let round = 0; round < 3; round++) {
      const before = await flowCount();
      const send = () => call(h.app, 'POST', '/onboarding/api/v1/flows', { key, body: { name: 'Race' }, headers: { 'idempotency-key': `race-many-${round}` } });
      const responses = await Promise.all(Array.from({ length: 8 }, send));
      for (const response of responses) expect([200, 409]).toContain(response.statusCode);
      expect(await flowCount()).toBe(before + 1);
    }
  });
});
