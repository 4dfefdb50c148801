import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase } from '../src/db/connect.js';
import { listDeliveries } from '../src/webhooks/endpoints.js';
import { onPostgres, tempDir, testDatabase } from './helpers.js';
import { cleanEnv, inlayProcesses } from './inlay-processes.js';
import { Receiver, waitFor } from './webhook-receiver.js';

// Two `inlay start` processes on one database, driven over HTTP, as behind a load balancer
// (docs/self-hosting.md, "Running many instances on PostgreSQL"). The caches are given lifetimes
// far longer than the test, so an instance can only see another's change by hearing of it: on
// PostgreSQL through LISTEN/NOTIFY (db/postgres/changes.ts), on SQLite — where two servers on
// one file is not the documented setup, but must not serve stale data either — through the
// file's data version (`watchOtherProcesses` in db/sqlite/storage.ts).
const dir = tempDir();
const db = await testDatabase();
const { inlay, start: startProcess } = inlayProcesses({ cwd: dir, env: cleanEnv({ INLAY_DB: db, INLAY_WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' }) });
const receivers: Receiver[] = [];
afterAll(async () => {
  for (const receiver of receivers) await receiver.close();
});

const config = join(dir, 'config.json');
writeFileSync(
  config,
  JSON.stringify({
    db,
    port: 0,
    logLevel: 'warn',
    // Longer than the test: only an announced change can clear them.
    keyCacheTtlMs: 600_000,
    rateLimits: { postsPerClient: 1000, postsPerAuthor: 1000 },
    webhooks: { timeoutMs: 1000, pollIntervalMs: 50, retrySchedule: [0.1, 0.1, 0.2, 0.5, 1, 1, 1] },
  }),
);

async function start(): Promise<string> {
  return (await startProcess(['--config', config])).origin;
}

async function api(base: string, method: string, path: string, key: string, body?: unknown): Promise<{ status: number; json: { data?: Record<string, unknown>; error?: { code: string } } }> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as { data?: Record<string, unknown>; error?: { code: string } } };
}

/** A resource with `config` as its draft, not yet published. */
async function createResource(base: string, key: string, service: string, plural: string, config: unknown): Promise<string> {
  const created = await api(base, 'POST', `/${service}/api/v1/${plural}`, key, { name: 'Created' });
  const id = created.json.data?.id as string;
  expect((await api(base, 'PATCH', `/${service}/api/v1/${plural}/${id}`, key, { name: 'Created', config })).status).toBe(200);
  return id;
}

describe(`two server processes on one ${onPostgres ? 'PostgreSQL' : 'SQLite'} database`, () => {
  it('behave as one server: publishes, revocations, plans, votes, progress and webhooks', async () => {
    const { workspaceId, keys } = JSON.parse(await inlay(['init', '--json'])) as {
      workspaceId: string;
      keys: { testSecret: string; testPublishable: string; liveSecret: string; livePublishable: string };
    };
    const receiver = await new Receiver().listen();
    receivers.push(receiver);
    const endpoint = JSON.parse(await inlay(['webhooks', 'create', '--workspace', workspaceId, '--url', receiver.url, '--mode', 'test', '--events', 'board.published', '--json'])) as { id: string };
    const [a, b] = await Promise.all([start(), start()]);

    // A board published on A; B reads (and caches) its config.
    const board = await createResource(a, keys.testSecret, 'feedback', 'boards', { allowAnonymous: true });
    expect((await api(a, 'POST', `/feedback/api/v1/boards/${board}`, keys.testSecret, { action: 'publish' })).status).toBe(200);
    const first = (await api(b, 'GET', `/feedback/api/v1/config/${board}`, keys.testPublishable)).json.data?.revisionId;
    expect(first).toEqual(expect.any(String));
    // Published again on A: B serves the new revision (its cache has no lifetime to wait out).
    expect((await api(a, 'PATCH', `/feedback/api/v1/boards/${board}`, keys.testSecret, { name: 'Ideas, again', config: { allowAnonymous: true } })).status).toBe(200);
    const second = (await api(a, 'POST', `/feedback/api/v1/boards/${board}`, keys.testSecret, { action: 'publish' })).json.data?.revisionId;
    expect(second).not.toBe(first);
    await waitFor(async () => (await api(b, 'GET', `/feedback/api/v1/config/${board}`, keys.testPublishable)).json.data?.revisionId === second, 'B serving the new revision');

    // Each publish was delivered to the webhook endpoint once, by one of the two instances.
    await waitFor(() => receiver.received.length >= 2, 'the two board.published deliveries');
    // Both instances poll the outbox every 50 ms. An attempt is sent only after a claim, which
    // adds one to the delivery's `attempts` in its own transaction and takes only a pending row
    // (webhooks/sender.ts). Once both deliveries are marked succeeded, no instance can claim
    // them again; and when each claim's attempt is in the delivery's log, none is on its way.
    const outbox = await openDatabase(db);
    try {
      const deliveries = await waitFor(async () => {
        const rows = await listDeliveries(outbox, endpoint.id);
        return rows.length === 2 && rows.every((row) => row.status === 'succeeded') && rows;
      }, 'both deliveries marked succeeded');
      for (const delivery of deliveries) expect(delivery.attempts, JSON.stringify(delivery)).toBe(delivery.log.length);
      const ids = receiver.received.map((received) => received.headers['webhook-id']);
      expect(ids).toHaveLength(2);
      expect(new Set(ids)).toEqual(new Set(deliveries.map((delivery) => delivery.id)));
    } finally {
      await closeDatabase(outbox);
    }

    // Concurrent votes spread over both instances: every one counted, once.
    const post = (await api(a, 'POST', '/feedback/api/v1/posts', keys.testPublishable, { boardId: board, title: 'Dark mode', author: { id: 'author_1' } })).json.data?.id as string;
    const voters = Array.from({ length: 24 }, (_, i) => `voter_${i}`);
    const votes = await Promise.all(voters.map((voter, i) => api(i % 2 === 0 ? a : b, 'POST', `/feedback/api/v1/posts/${post}`, keys.testPublishable, { action: 'vote', author: { id: voter } })));
    expect(votes.map((vote) => vote.status)).toEqual(voters.map(() => 200));
    // Both instances answer the exact count (neither keeps a row from before the votes).
    for (const base of [a, b]) {
      const items = (await api(base, 'GET', `/feedback/api/v1/posts?boardId=${board}&sort=new`, keys.testPublishable)).json.data?.items as { id: string; voteCount: number }[];
      expect(items.find((item) => item.id === post)?.voteCount).toBe(voters.length);
    }

    // Concurrent progress writes for one user over both instances: none is lost.
    const flow = await createResource(a, keys.testSecret, 'onboarding', 'flows', { items: Array.from({ length: 12 }, (_, i) => ({ id: `step_${i}`, title: `Step ${i}` })) });
    expect((await api(a, 'POST', `/onboarding/api/v1/flows/${flow}`, keys.testSecret, { action: 'publish' })).status).toBe(200);
    const writes = await Promise.all(
      Array.from({ length: 12 }, (_, i) => api(i % 2 === 0 ? a : b, 'POST', `/onboarding/api/v1/progress/${flow}/items/step_${i}/complete`, keys.testPublishable, { userId: 'user_1' })),
    );
    expect(writes.map((write) => write.status)).toEqual(writes.map(() => 200));
    const progress = (await api(b, 'GET', `/onboarding/api/v1/progress/${flow}?userId=user_1`, keys.testPublishable)).json.data as { items: { id: string; state: string }[] } | undefined;
    expect(progress?.items.filter((item) => item.state === 'completed')).toHaveLength(12);

    // A plan change by the operator CLI: B lets the live key use hosted posts at once.
    const liveBoard = await createResource(a, keys.liveSecret, 'feedback', 'boards', { allowAnonymous: true });
    expect((await api(a, 'POST', `/feedback/api/v1/boards/${liveBoard}`, keys.liveSecret, { action: 'publish' })).status).toBe(200);
    const livePosts = () => api(b, 'GET', `/feedback/api/v1/posts?boardId=${liveBoard}`, keys.livePublishable);
    expect((await livePosts()).status).not.toBe(200);
    await inlay(['workspace', 'plan', workspaceId, 'hosted']);
    await waitFor(async () => (await livePosts()).status === 200, 'B applying the hosted plan');

    // A key revoked by the operator CLI: B (which has it cached) refuses it.
    const listed = JSON.parse(await inlay(['keys', 'list', '--workspace', workspaceId, '--json'])) as { id: string; mode: string; kind: string }[];
    const secretKey = listed.find((row) => row.mode === 'test' && row.kind === 'sec');
    expect((await api(b, 'GET', '/feedback/api/v1/boards', keys.testSecret)).status).toBe(200);
    await inlay(['keys', 'revoke', secretKey?.id as string]);
    await waitFor(async () => (await api(b, 'GET', '/feedback/api/v1/boards', keys.testSecret)).json.error?.code === 'api_key_revoked', 'B refusing the revoked key');
    expect((await api(a, 'GET', '/feedback/api/v1/boards', keys.testSecret)).json.error?.code).toBe('api_key_revoked');
  }, 300_000);
});
