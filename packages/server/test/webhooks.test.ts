import { WEBHOOK_DATA_SCHEMAS, type WebhookEventType } from '@inlay/core';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';

import { createEndpoint, listDeliveries, rotateEndpointSecret, sendTestEvent, setEndpointEnabled } from '../src/webhooks/endpoints.js';
import { changePostStatus, mergePosts } from '../src/services/feedback/inbox.js';
import { recordEvent } from '../src/webhooks/events.js';
import { webhookDb } from '../src/webhooks/tables.js';
import { call, dataOf, harness, publishResource } from './helpers.js';
import { receiverPool, waitFor, type Received, type Receiver } from './webhook-receiver.js';

// `concurrency` 4 (the default is 16): the stuck endpoint's test counts its attempts in flight.
const FAST = { allowPrivateTargets: true, pollIntervalMs: 50, retrySchedule: [0.05, 0.05, 0.1, 0.1, 0.2, 0.2, 0.5], timeoutMs: 30_000, concurrency: 4 };
const h = await harness({ webhooks: FAST, rateLimits: { postsPerClient: 1000, postsPerAuthor: 1000 } });
const secret = h.ws.keys.testSecret;
const pub = h.ws.keys.testPublishable;
// The sender starts with the app (listen, or its first request): some tests make no request.
await h.app.ready();

const receiver = receiverPool();

/** A fresh workspace-free endpoint per test: a test mode endpoint of `ws` for `events`. */
async function endpoint(r: Receiver, events: WebhookEventType[] | '*' = '*', workspaceId = h.ws.id) {
  return createEndpoint(h.storage, { workspaceId, mode: 'test', url: r.url, events }, { allowPrivateTargets: true });
}

const publish = (service: string, plural: string, config: unknown, existing?: string) =>
  publishResource(h.app, secret, service, plural, { name: 'Webhooked', config }, existing);

function verified(received: Received, endpointSecret: string): { type: string; data: Record<string, unknown> } {
  const headers = received.headers as Record<string, string>;
  return new Webhook(endpointSecret).verify(received.body, headers) as { type: string; data: Record<string, unknown> };
}

describe('webhook events', () => {
  it('delivers every emitted event type once, signed as Standard Webhooks defines', async () => {
    // Another workspace's endpoint subscribed to everything must get nothing of this workspace's.
    const theirs = await receiver();
    await endpoint(theirs, '*', h.other.id);
    const r = await receiver();
    const { secret: endpointSecret } = await endpoint(r);

    const flowId = await publish('onboarding', 'flows', { items: [{ id: 'a', title: 'A', completion: { kind: 'event', event: 'a.done' } }] });
    dataOf(await call(h.app, 'POST', '/onboarding/api/v1/outcomes', { key: pub, body: { flowId, userId: 'u_1', event: 'a.done' } }));
    dataOf(await call(h.app, 'POST', `/onboarding/api/v1/progress/${flowId}/dismiss`, { key: pub, body: { userId: 'u_2' } }));
    const boardId = await publish('feedback', 'boards', { allowAnonymous: true });
    const post = dataOf<{ id: string }>(
      await call(h.app, 'POST', '/feedback/api/v1/posts', { key: pub, body: { boardId, title: 'Dark mode', body: 'A private body', author: { id: 'user_1' } } }),
    );
    dataOf(await call(h.app, 'POST', `/feedback/api/v1/posts/${post.id}`, { key: pub, body: { action: 'vote', author: { id: 'voter_1' } } }));
    dataOf(await call(h.app, 'POST', `/feedback/api/v1/posts/${post.id}`, { key: pub, body: { action: 'unvote', author: { id: 'voter_1' } } }));
    dataOf(await call(h.app, 'POST', `/feedback/api/v1/posts/${post.id}`, { key: pub, body: { action: 'vote', author: { id: 'voter_2' } } }));
    const comment = dataOf<{ id: string }>(
      await call(h.app, 'POST', `/feedback/api/v1/posts/${post.id}/comments`, { key: pub, body: { body: 'A private comment', author: { id: 'user_3' } } }),
    );
    dataOf(await call(h.app, 'POST', `/feedback/api/v1/comments/${comment.id}`, { key: pub, body: { action: 'delete', author: { id: 'user_3' } } }));
    // The operator's inbox actions (the CLI's and the dashboard's service functions).
    await changePostStatus(h.storage, post.id, 'planned');
    const duplicate = dataOf<{ id: string }>(
      await call(h.app, 'POST', '/feedback/api/v1/posts', { key: pub, body: { boardId, title: 'Night theme', body: 'Same idea', author: { id: 'user_2' } } }),
    );
    await mergePosts(h.storage, duplicate.id, post.id);
    const importerId = await publish('importer', 'importers', { fields: [{ key: 'email', label: 'Email', type: 'email', required: true }] });
    const session = dataOf<{ id: string }>(await call(h.app, 'POST', '/importer/api/v1/sessions', { key: pub, body: { importerId, metadata: { host: 'context' } } }));
    dataOf(await call(h.app, 'POST', `/importer/api/v1/sessions/${session.id}/complete`, { key: pub, body: { mapping: { email: 'E-mail' }, rowCount: 3, errorCount: 1 } }));

    const expected: WebhookEventType[] = [
      'flow.published',
      'outcome.recorded',
      'progress.completed',
      'progress.dismissed',
      'board.published',
      'post.created',
      'post.created',
      'post.status_changed',
      'post.merged',
      'comment.created',
      'comment.deleted',
      'vote.created',
      'vote.created',
      'vote.removed',
      'importer.published',
      'import_session.completed',
    ];
    await waitFor(() => r.received.length >= expected.length, 'every event');
    const events = r.received.map((received) => verified(received, endpointSecret));
    expect(events.map((event) => event.type).sort()).toEqual([...expected].sort());
    for (const event of events) {
      expect(WEBHOOK_DATA_SCHEMAS[event.type as WebhookEventType].safeParse(event.data).success, event.type).toBe(true);
      expect(event.data).toMatchObject({ workspaceId: h.ws.id, mode: 'test' });
    }
    expect(new Set(r.received.map((received) => received.headers['webhook-id'])).size).toBe(expected.length);
    const text = r.received.map((received) => received.body).join('\n');
    expect(text).not.toContain('A private body');
    expect(text).not.toContain('A private comment');
    expect(text).not.toContain('context');
    expect(events.find((event) => event.type === 'progress.completed')?.data).toMatchObject({ flowId, userId: 'u_1' });
    expect(events.find((event) => event.type === 'vote.removed')?.data).toMatchObject({ postId: post.id, voteCount: 0 });
    expect(events.find((event) => event.type === 'post.status_changed')?.data).toMatchObject({ postId: post.id, previousStatus: 'open', status: 'planned', voterCount: 1 });
    expect(events.find((event) => event.type === 'post.merged')?.data).toMatchObject({ postId: duplicate.id, intoPostId: post.id, boardId, voterCount: 1 });
    for (const type of ['comment.created', 'comment.deleted']) {
      expect(events.find((event) => event.type === type)?.data).toEqual({ workspaceId: h.ws.id, mode: 'test', boardId, postId: post.id, commentId: comment.id });
    }
    // Delivered once: nothing more arrives, and every delivery is recorded as succeeded.
    const deliveries = await webhookDb(h.storage.db).selectFrom('webhook_deliveries').select(['status']).where('workspace_id', '=', h.ws.id).execute();
    expect(deliveries.every((delivery) => delivery.status === 'succeeded')).toBe(true);
    expect(r.received.length).toBe(expected.length);
    expect(theirs.received).toEqual([]);
  });

  it('records nothing for types an endpoint does not subscribe to, nor for disabled endpoints', async () => {
    const r = await receiver();
    const created = await endpoint(r, ['board.published']);
    const off = await receiver();
    const disabled = await endpoint(off);
    await setEndpointEnabled(h.storage, disabled.id, false);
    await publish('onboarding', 'flows', { items: [{ id: 'a', title: 'A' }] });
    const boardId = await publish('feedback', 'boards', {});
    await waitFor(() => r.received.length >= 1, 'the board event');
    expect(r.events().map((event) => event.data.boardId)).toEqual([boardId]);
    const rows = await webhookDb(h.storage.db).selectFrom('webhook_deliveries').select('endpoint_id').where('endpoint_id', 'in', [created.id, disabled.id]).execute();
    expect(rows.map((row) => row.endpoint_id)).toEqual([created.id]);
  });

  it('emits progress.completed when a republish completes a user\'s progress by removing its last pending item', async () => {
    const r = await receiver();
    const { secret: endpointSecret } = await endpoint(r, ['progress.completed']);
    const items = [{ id: 'a', title: 'A' }, { id: 'b', title: 'B' }];
    const flowId = await publish('onboarding', 'flows', { items });
    dataOf(await call(h.app, 'POST', `/onboarding/api/v1/progress/${flowId}/items/a/complete`, { key: pub, body: { userId: 'republished' } }));
    await publish('onboarding', 'flows', { items: [items[0]] }, flowId);
    const progress = dataOf<{ state: string }>(await call(h.app, 'GET', `/onboarding/api/v1/progress/${flowId}?userId=republished`, { key: pub }));
    expect(progress.state).toBe('completed');
    await waitFor(() => r.received.length >= 1, 'progress.completed');
    expect(verified(r.received[0] as Received, endpointSecret)).toMatchObject({ type: 'progress.completed', data: { flowId, userId: 'republished' } });
  });

  it('writes no event when the change\'s transaction rolls back', async () => {
    const r = await receiver();
    const created = await endpoint(r, ['vote.created']);
    const data = { workspaceId: h.ws.id, mode: 'test' as const, postId: 'post_rolled_back', boardId: 'board_x', voteCount: 1, at: new Date().toISOString() };
    await expect(
      h.storage.transaction(async (tx) => {
                await recordEvent(h.storage, tx, { type: 'vote.created', objectKey: 'post:post_rolled_back', data });
                throw new Error('the change failed');
              }),
    ).rejects.toThrow('the change failed');
    await h.storage.transaction((tx) => recordEvent(h.storage, tx, { type: 'vote.created', objectKey: 'post:post_committed', data: { ...data, postId: 'post_committed' } }));
    await waitFor(() => r.received.length >= 1, 'the committed event');
    const deliveries = await listDeliveries(h.storage, created.id);
    expect(deliveries).toHaveLength(1);
    expect(r.events().map((event) => event.data.postId)).toEqual(['post_committed']);
  });

  it('delivers every event to a receiver that was down for a while, in creation order per object', async () => {
    const r = await receiver();
    r.behave = (response) => response.writeHead(503).end('down');
    await endpoint(r, ['post.created', 'vote.created', 'vote.removed']);
    const boardId = await publish('feedback', 'boards', { allowAnonymous: true });
    const posts: string[] = [];
    const vote = (postId: string, action: string, voter: string) =>
      call(h.app, 'POST', `/feedback/api/v1/posts/${postId}`, { key: pub, body: { action, author: { id: voter } } });
    for (let i = 0; i < 3; i += 1) {
      posts.push(dataOf<{ id: string }>(await call(h.app, 'POST', '/feedback/api/v1/posts', { key: pub, body: { boardId, title: `Idea ${i}`, author: { id: 'u' } } })).id);
    }
    for (const postId of posts) {
      for (const [action, voter] of [['vote', 'v1'], ['vote', 'v2'], ['unvote', 'v1'], ['vote', 'v3']] as const) dataOf(await vote(postId, action, voter));
    }
    // Failures are logged while the receiver is down.
    await waitFor(async () => (await webhookDb(h.storage.db).selectFrom('webhook_attempts').select('id').where('status_code', '=', 503).execute()).length >= 3, 'failed attempts');
    r.behave = (response) => response.writeHead(200).end('ok');
    await waitFor(() => r.received.length >= posts.length * 5, 'every event after the receiver is back');
    for (const postId of posts) {
      const ofPost = r.events().filter((event) => event.data.postId === postId);
      expect(ofPost.map((event) => `${event.type}:${String(event.data.voteCount ?? '')}`)).toEqual([
        'post.created:',
        'vote.created:1',
        'vote.created:2',
        'vote.removed:1',
        'vote.created:2',
      ]);
    }
  });

  it('does not let a 10 MB response or a receiver that never answers stall another endpoint', async () => {
    const huge = await receiver();
    huge.behave = (response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end(Buffer.alloc(10 * 1024 * 1024, 'x'));
    };
    const stuck = await receiver();
    const hung: unknown[] = [];
    stuck.behave = (response) => {
      // Headers never come: the attempt stays in flight until its (30 s) timeout.
      hung.push(response);
    };
    const healthy = await receiver();
    const hugeEndpoint = await endpoint(huge, ['post.created']);
    const stuckEndpoint = await endpoint(stuck, ['post.created']);
    await endpoint(healthy, ['post.created']);
    const boardId = await publish('feedback', 'boards', { allowAnonymous: true });
    for (let i = 0; i < 12; i += 1) {
      dataOf(await call(h.app, 'POST', '/feedback/api/v1/posts', { key: pub, body: { boardId, title: `Post ${i}`, author: { id: 'u' } } }));
    }
    await waitFor(() => healthy.received.length >= 12, 'the healthy endpoint\'s events');
    await waitFor(async () => (await listDeliveries(h.storage, hugeEndpoint.id)).every((delivery) => delivery.status === 'succeeded'), 'the huge responses');
    // The stuck endpoint holds its 4 attempts in flight, no more, and none of them has ended.
    await waitFor(() => hung.length >= 4, 'the stuck endpoint\'s attempts');
    expect(hung.length).toBe(4);
    expect((await listDeliveries(h.storage, stuckEndpoint.id)).flatMap((delivery) => delivery.log)).toEqual([]);
    const excerpts = (await listDeliveries(h.storage, hugeEndpoint.id)).flatMap((delivery) => delivery.log.map((attempt) => attempt.responseExcerpt ?? ''));
    expect(excerpts.length).toBeGreaterThanOrEqual(12);
    for (const excerpt of excerpts) expect(excerpt.length).toBeLessThanOrEqual(1024);
  });

  it('signs with both the new and the old secret for a day after a rotation', async () => {
    const r = await receiver();
    const created = await endpoint(r, ['post.created']);
    const rotated = await rotateEndpointSecret(h.storage, created.id);
    expect(rotated.secret).not.toBe(created.secret);
    expect(rotated.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await sendTestEvent(h.storage, created.id);
    await waitFor(() => r.received.length >= 1, 'the test event');
    const received = r.received[0] as Received;
    expect(String(received.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verified(received, rotated.secret)).toMatchObject({ type: 'webhook.test', data: { endpointId: created.id } });
    expect(verified(received, created.secret)).toMatchObject({ type: 'webhook.test' });
    expect(() => verified(received, 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')).toThrow();
  });
});

describe('webhook targets', async () => {
  const strict = await harness({ webhooks: { ...FAST, allowPrivateTargets: false } });
  // The sender starts with the app (listen, or its first request).
  await strict.app.ready();

  it('refuses private addresses at creation and, after DNS resolution, at delivery', async () => {
    const r = await receiver();
    const connections: unknown[] = [];
    r.behave = (response) => {
      connections.push(response);
      response.writeHead(204).end();
    };
    const create = (url: string) => createEndpoint(strict.storage, { workspaceId: strict.ws.id, mode: 'test', url }, { allowPrivateTargets: false });
    await expect(create(r.url)).rejects.toThrow(/https/);
    await expect(create(`https://127.0.0.1:${r.port}/hook`)).rejects.toThrow(/private/);
    await expect(create(`https://[::1]:${r.port}/hook`)).rejects.toThrow(/private/);
    await expect(create(`https://169.254.169.254/latest`)).rejects.toThrow(/private/);
    await expect(create('https://example.com:0/hook')).rejects.toThrow(/port 0/);
    // A name that resolves to loopback passes the static check and is refused when resolved.
    const named = await create(`https://localhost:${r.port}/hook`);
    await sendTestEvent(strict.storage, named.id);
    // An endpoint stored with a literal loopback address (an older row, a hand edit) is refused too.
    const literal = await create('https://example.com/hook');
    await webhookDb(strict.storage.db).updateTable('webhook_endpoints').set({ url: `https://127.0.0.1:${r.port}/hook` }).where('id', '=', literal.id).execute();
    await sendTestEvent(strict.storage, literal.id);
    for (const id of [named.id, literal.id]) {
      const log = await waitFor(async () => (await listDeliveries(strict.storage, id))[0]?.log[0], 'a refused attempt');
      expect(log.error).toMatch(/private/);
      expect(log.statusCode).toBeNull();
    }
    expect(connections).toEqual([]);
  });
});
