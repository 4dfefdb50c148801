/**
 * The SDK against a real server (the built `inlay` CLI as a child process): every resource of
 * the three services, usage, author tokens (with `role: "team"`), a post's voters, errors and
 * idempotent retries, over HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Inlay,
  InlayAuthenticationError,
  InlayConflictError,
  InlayInvalidRequestError,
  InlayNotFoundError,
  isInlayError,
  type InlayOptions,
  type Voter,
} from '../src/index.js';
import { startInlayServer, type InlayServer } from './server.js';

let server: InlayServer;
let inlay: Inlay;

beforeAll(async () => {
  server = await startInlayServer();
  inlay = new Inlay({ secretKey: server.keys.testSecret, baseUrl: server.origin });
});

afterAll(async () => {
  await server?.stop();
});

/** The claims of a JWT, read without verifying (the server signs; the test only looks). */
function claimsOf(token: string): Record<string, unknown> {
  const [, payload] = token.split('.');
  return JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** Names in creation order → ids listed newest first, as the server lists. */
function expectNewestFirst(listed: string[], created: string[]): void {
  expect(new Set(listed).size).toBe(listed.length);
  expect(listed.filter((id) => created.includes(id))).toEqual([...created].reverse());
}

/** A fetch that records each request's idempotency key and each response's replay header. */
function recordingFetch(options: { loseFirstResponse?: boolean } = {}) {
  const calls: { key: string | null; replayed: string | null; status: number }[] = [];
  const fetchFn: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    calls.push({
      key: new Headers(init?.headers).get('idempotency-key'),
      replayed: response.headers.get('idempotent-replayed'),
      status: response.status,
    });
    if (options.loseFirstResponse && calls.length === 1) {
      // The server acted, but the answer never arrives: the case idempotency keys exist for.
      await response.arrayBuffer();
      throw new TypeError('fetch failed', { cause: new Error('socket hang up') });
    }
    return response;
  };
  return { fetch: fetchFn, calls };
}

function client(options: Partial<InlayOptions> = {}): Inlay {
  return new Inlay({ secretKey: server.keys.testSecret, baseUrl: server.origin, ...options });
}

describe('onboarding', () => {
  const created: string[] = [];

  it('creates flows and lists every page of them, newest first', async () => {
    for (let i = 1; i <= 5; i += 1) {
      const flow = await inlay.onboarding.flows.create({ name: `Flow ${i}` });
      expect(flow).toMatchObject({ object: 'flow', name: `Flow ${i}`, published: null, revisionCount: 1 });
      created.push(flow.id);
    }
    const first = await inlay.onboarding.flows.list({ limit: 2 });
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));

    const listed: string[] = [];
    for await (const flow of inlay.onboarding.flows.list({ limit: 2 })) listed.push(flow.id);
    expectNewestFirst(listed, created);
    expect(listed).toHaveLength(5);

    const second = await inlay.onboarding.flows.list({ limit: 2, cursor: first.nextCursor ?? undefined });
    expect(second.items.map((flow) => flow.id)).toEqual(listed.slice(2, 4));
  });

  it('retrieves a flow, saves a draft and publishes it', async () => {
    const id = created[0]!;
    const fresh = await inlay.onboarding.flows.retrieve(id);
    expect(fresh).toMatchObject({ id, object: 'flow', name: 'Flow 1', published: null });
    expect(fresh.draft.config.snoozeDays).toEqual([1, 3, 7]);

    const { revisionId } = await inlay.onboarding.flows.updateDraft(id, {
      name: 'Welcome',
      config: { items: [{ id: 'profile', title: 'Complete your profile' }, { id: 'invite', title: 'Invite a teammate', dependsOn: ['profile'] }] },
    });
    const saved = await inlay.onboarding.flows.retrieve(id);
    expect(saved.draft).toMatchObject({ name: 'Welcome', revisionId });
    expect(saved.draft.config.items.map((item) => item.id)).toEqual(['profile', 'invite']);
    expect(saved.draft.config.items[0]!.completion).toEqual({ kind: 'manual' });
    expect(saved.published).toBeNull();

    const published = await inlay.onboarding.flows.publish(id);
    expect(published).toEqual({ id, revisionId, publishedAt: expect.any(String) });
    const live = await inlay.onboarding.flows.retrieve(id);
    expect(live.published).toMatchObject({ name: 'Welcome', revisionId, publishedAt: published.publishedAt });
    expect(live.revisionCount).toBe(2);
  });

  it('reports usage for the key\'s mode', async () => {
    // A widget's config fetch, with the publishable key, is what onboarding usage counts.
    const response = await fetch(`${server.origin}/onboarding/api/v1/config/${created[0]}`, {
      headers: { authorization: `Bearer ${server.keys.testPublishable}` },
    });
    expect(response.status).toBe(200);
    const usage = await inlay.onboarding.usage.retrieve({ days: 7 });
    expect(usage).toMatchObject({ object: 'usage', service: 'onboarding', mode: 'test' });
    expect(usage.resources.published).toBeGreaterThanOrEqual(1);
    expect(usage.resources.total).toBeGreaterThanOrEqual(5);
    expect(usage.totals['configFetches']).toBeGreaterThanOrEqual(1);
    expect(Date.parse(usage.to) - Date.parse(usage.from)).toBe(6 * 86_400_000);
  });

  it('mints author tokens for a flow', async () => {
    const flowId = created[0]!;
    const before = Date.now();
    const { token, expiresAt } = await inlay.onboarding.authorTokens.create({ authorId: 'user_42', flowId, workspaceKey: 'acct_7', expiresInSec: 600 });
    expect(Date.parse(expiresAt) - before).toBeGreaterThan(590_000);
    expect(claimsOf(token)).toMatchObject({ iss: 'inlay', aud: `onboarding:${flowId}`, sub: 'user_42', wsk: 'acct_7', mode: 'test' });
  });

  it('maps the server\'s errors to the SDK\'s classes', async () => {
    const missing = await inlay.onboarding.flows.retrieve('flow_doesnotexist').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(InlayNotFoundError);
    expect(missing).toMatchObject({ status: 404, type: 'not_found', code: 'not_found', requestId: expect.any(String) });
    expect((missing as InlayNotFoundError).headers['request-id']).toBe((missing as InlayNotFoundError).requestId);

    const invalid = await inlay.onboarding.flows
      .updateDraft(created[1]!, { name: 'Bad', config: { items: [{ id: 'a', title: 'A', dependsOn: ['nope'] }] } })
      .catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(InlayInvalidRequestError);
    expect(invalid).toMatchObject({ status: 400, param: 'config.items.0.dependsOn.0' });

    const ttl = await inlay.onboarding.authorTokens
      .create({ authorId: 'u', flowId: created[0]!, workspaceKey: 'w', expiresInSec: 10 })
      .catch((e: unknown) => e);
    expect(ttl).toMatchObject({ status: 400, param: 'expiresInSec' });
  });
});

describe('feedback', () => {
  const created: string[] = [];

  it('creates, lists, retrieves, saves a draft, publishes and mints author tokens for boards', async () => {
    for (let i = 1; i <= 3; i += 1) created.push((await inlay.feedback.boards.create({ name: `Board ${i}` })).id);
    const listed: string[] = [];
    for await (const board of inlay.feedback.boards.list({ limit: 1 })) listed.push(board.id);
    expectNewestFirst(listed, created);

    const id = created[1]!;
    expect(await inlay.feedback.boards.retrieve(id)).toMatchObject({ object: 'board', name: 'Board 2', published: null });
    const { revisionId } = await inlay.feedback.boards.updateDraft(id, {
      name: 'Ideas',
      config: { allowAnonymous: true, branding: { accentColor: '#4f46e5' } },
    });
    const published = await inlay.feedback.boards.publish(id);
    expect(published.revisionId).toBe(revisionId);
    const board = await inlay.feedback.boards.retrieve(id);
    expect(board.published?.config).toMatchObject({ allowAnonymous: true, votingEnabled: true, branding: { accentColor: '#4f46e5' } });

    const { token } = await inlay.feedback.authorTokens.create({ authorId: 'user_1', boardId: id, name: 'Ada', email: 'ada@example.com' });
    expect(claimsOf(token)).toMatchObject({ aud: `feedback:${id}`, sub: 'user_1', name: 'Ada', email: 'ada@example.com' });
    const unknownBoard = await inlay.feedback.authorTokens.create({ authorId: 'u', boardId: 'board_nope' }).catch((e: unknown) => e);
    expect(unknownBoard).toMatchObject({ status: 404, param: 'boardId' });
  });

  it('reports usage', async () => {
    const usage = await inlay.feedback.usage.retrieve();
    expect(usage).toMatchObject({ object: 'usage', service: 'feedback', mode: 'test', resources: { total: 3, published: 1 } });
  });
});

describe('importer', () => {
  const created: string[] = [];

  it('creates, lists, retrieves, saves a draft and publishes importers', async () => {
    for (let i = 1; i <= 3; i += 1) {
      const result = await inlay.importer.importers.create({ name: `Importer ${i}` });
      expect(result).toEqual({ importerId: expect.stringMatching(/^imp_/), revisionId: expect.any(String) });
      created.push(result.importerId);
    }
    const all = await inlay.importer.importers.list({ limit: 2 }).autoPagingToArray({ limit: 100 });
    expectNewestFirst(all.map((importer) => importer.id), created);

    const id = created[2]!;
    const { revisionId } = await inlay.importer.importers.updateDraft(id, {
      name: 'Contacts',
      config: {
        fields: [
          { key: 'email', label: 'Email', type: 'email', required: true, unique: true },
          { key: 'plan', label: 'Plan', type: 'enum', enumValues: ['free', 'pro'] },
        ],
        duplicateKey: 'email',
      },
    });
    expect((await inlay.importer.importers.publish(id)).revisionId).toBe(revisionId);
    const importer = await inlay.importer.importers.retrieve(id);
    expect(importer).toMatchObject({ object: 'importer', name: 'Contacts', published: { revisionId } });
    expect(importer.published?.config.fields.map((field) => field.key)).toEqual(['email', 'plan']);

    const branded = await inlay.importer.importers
      .updateDraft(id, { name: 'Contacts', config: { fields: [], branding: {} } as never })
      .catch((e: unknown) => e);
    expect(branded).toMatchObject({ status: 400, code: 'parameter_unknown' });
  });

  it('reports usage with recent sessions', async () => {
    const usage = await inlay.importer.usage.retrieve({ days: 1 });
    expect(usage).toMatchObject({ object: 'usage', service: 'importer', resources: { total: 3, published: 1 }, recentSessions: [] });
    expect(usage.from).toBe(usage.to);
  });
});

describe('idempotency', () => {
  it('retries a create whose response was lost, and the server replays it instead of creating twice', async () => {
    const recorder = recordingFetch({ loseFirstResponse: true });
    const flow = await client({ fetch: recorder.fetch }).onboarding.flows.create({ name: 'Lost response' });
    expect(recorder.calls).toHaveLength(2);
    expect(recorder.calls[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(recorder.calls[1]).toEqual({ key: recorder.calls[0]!.key, replayed: 'true', status: 200 });

    const named: string[] = [];
    for await (const listed of inlay.onboarding.flows.list({ limit: 100 })) if (listed.name === 'Lost response') named.push(listed.id);
    expect(named).toEqual([flow.id]);
  });

  it('replays a create sent again with the caller\'s key', async () => {
    const first = await inlay.feedback.boards.create({ name: 'Roadmap' }, { idempotencyKey: 'roadmap-acct_7' });
    const again = await inlay.feedback.boards.create({ name: 'Roadmap' }, { idempotencyKey: 'roadmap-acct_7' });
    expect(again.id).toBe(first.id);
  });

  it('refuses the same key with another request, without retrying', async () => {
    const recorder = recordingFetch();
    const sdk = client({ fetch: recorder.fetch });
    await sdk.importer.importers.create({ name: 'Orders' }, { idempotencyKey: 'orders-1' });
    const error = await sdk.importer.importers.create({ name: 'Invoices' }, { idempotencyKey: 'orders-1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InlayConflictError);
    expect(error).toMatchObject({ status: 409, code: 'idempotency_key_reused', param: 'Idempotency-Key' });
    expect(recorder.calls.map((call) => call.status)).toEqual([200, 409]);
  });
});

describe('authentication', () => {
  it('reports an unknown secret key as an authentication error, without retrying', async () => {
    const recorder = recordingFetch();
    const unknown = new Inlay({ secretKey: 'svc_test_sec_00000000000000000000000000000000', baseUrl: server.origin, fetch: recorder.fetch });
    const error = await unknown.onboarding.flows.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InlayAuthenticationError);
    expect(isInlayError(error) && error.code).toBe('api_key_invalid');
    expect(recorder.calls).toHaveLength(1);
  });

  it('refuses the workspace\'s publishable key before sending anything', () => {
    expect(() => new Inlay({ secretKey: server.keys.testPublishable, baseUrl: server.origin })).toThrow(/publishable key/);
  });

  it('reaches services through per-service base URLs', async () => {
    const hosted = client({ baseUrl: undefined, baseUrls: { feedback: `${server.origin}/feedback/` } });
    expect((await hosted.feedback.boards.list()).items.length).toBeGreaterThan(0);
    await expect(hosted.onboarding.flows.list()).rejects.toThrow(/no base URL for the onboarding service/);
  });
});

/** A publishable-key call, as the board widget makes it. */
async function widget(path: string, body: unknown, authorToken?: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${server.origin}/feedback${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.keys.testPublishable}`, 'content-type': 'application/json', ...(authorToken ? { 'inlay-author-token': authorToken } : {}) },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

describe('feedback.posts.voters', () => {
  it('iterates every voter of a post with what their tokens carried', async () => {
    const board = await inlay.feedback.boards.create({ name: 'Ideas' });
    await inlay.feedback.boards.publish(board.id);
    const post = await widget('/api/v1/posts', { boardId: board.id, title: 'Dark mode', author: { id: 'author_1' } });
    const postId = String(post.id);
    for (let i = 0; i < 5; i += 1) {
      const { token } = await inlay.feedback.authorTokens.create({ authorId: `user_${i}`, boardId: board.id, name: `User ${i}`, ...(i % 2 === 0 ? { email: `user${i}@example.com` } : {}) });
      await widget(`/api/v1/posts/${postId}`, { action: 'vote' }, token);
    }
    const voters: Voter[] = [];
    for await (const voter of inlay.feedback.posts.voters(postId, { limit: 2 })) voters.push(voter);
    expect(voters.map((v) => v.authorId).sort()).toEqual(['user_0', 'user_1', 'user_2', 'user_3', 'user_4']);
    expect(voters.find((v) => v.authorId === 'user_2')).toMatchObject({ name: 'User 2', email: 'user2@example.com' });
    expect(voters.find((v) => v.authorId === 'user_1')).toMatchObject({ name: 'User 1', email: null });
    const first = await inlay.feedback.posts.voters(postId, { limit: 2 });
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).not.toBeNull();

    const { token: teamToken } = await inlay.feedback.authorTokens.create({ authorId: 'staff_1', boardId: board.id, name: 'Sam', role: 'team' });
    const reply = await widget(`/api/v1/posts/${postId}/comments`, { body: 'Planned!' }, teamToken);
    expect(reply).toMatchObject({ team: true, author: { id: 'staff_1', name: 'Sam' } });
  });

  it('rejects an unknown post with InlayNotFoundError', async () => {
    await expect(inlay.feedback.posts.voters('post_unknown')).rejects.toBeInstanceOf(InlayNotFoundError);
  });
});
