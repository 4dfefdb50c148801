import type { OutcomeResult, ProgressOperation, PublishedConfig } from '@inlay/core';
import { describe, expect, it, vi } from 'vitest';
import { InlayApiError, InlayConflictError, InlayNotFoundError, InlayRateLimitError } from '../errors.js';
import { apiError, ok, progressFixture, stubFetch, type Answer } from '../testing/fetch-stub.js';
import { createTransport } from '../transport.js';
import { createClient, onboardingClient, type OnboardingClient } from './client.js';

const KEY = 'svc_test_pub_0123456789abcdefghijABCDEFGHIJ01';
const BASE = 'http://127.0.0.1:4000/onboarding';
const PROGRESS = progressFixture();

function setup(...answers: Answer[]) {
  const stub = stubFetch(...answers);
  const sleeps: number[] = [];
  const client = onboardingClient(
    createTransport({
      publishableKey: KEY,
      baseUrl: BASE,
      fetch: stub.fetch,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      random: () => 0.5,
    }),
  );
  return { client, requests: stub.requests, sleeps };
}

interface Case {
  name: string;
  call: (client: OnboardingClient) => Promise<unknown>;
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
}

const u = { userId: 'user_1' };
const uw = { userId: 'user_1', workspaceKey: 'acct_9' };

const CASES: Case[] = [
  { name: 'getConfig', call: (c) => c.getConfig('flow_1'), method: 'GET', url: '/api/v1/config/flow_1' },
  { name: 'getProgress', call: (c) => c.getProgress('flow_1', uw), method: 'GET', url: '/api/v1/progress/flow_1?userId=user_1&workspaceKey=acct_9' },
  { name: 'getProgress (token identity)', call: (c) => c.getProgress('flow_1'), method: 'GET', url: '/api/v1/progress/flow_1' },
  { name: 'complete', call: (c) => c.complete('flow_1', 'item_a', u), method: 'POST', url: '/api/v1/progress/flow_1/items/item_a/complete', body: u },
  { name: 'skip', call: (c) => c.skip('flow_1', 'item_a', uw), method: 'POST', url: '/api/v1/progress/flow_1/items/item_a/skip', body: uw },
  { name: 'dismiss', call: (c) => c.dismiss('flow_1', u), method: 'POST', url: '/api/v1/progress/flow_1/dismiss', body: u },
  { name: 'snooze', call: (c) => c.snooze('flow_1', 3, u), method: 'POST', url: '/api/v1/progress/flow_1/snooze', body: { days: 3, userId: 'user_1' } },
  { name: 'resume', call: (c) => c.resume('flow_1', u), method: 'POST', url: '/api/v1/progress/flow_1/resume', body: u },
  { name: 'reset', call: (c) => c.reset('flow_1', uw), method: 'POST', url: '/api/v1/progress/flow_1/reset', body: uw },
  { name: 'dismiss (token identity)', call: (c) => c.dismiss('flow_1'), method: 'POST', url: '/api/v1/progress/flow_1/dismiss', body: {} },
  {
    name: 'recordOutcome',
    call: (c) => c.recordOutcome({ flowId: 'flow_1', event: 'bank.connected', userId: 'user_1', occurredAt: '2025-01-01T00:00:00.000Z' }),
    method: 'POST',
    url: '/api/v1/outcomes',
    body: { flowId: 'flow_1', event: 'bank.connected', userId: 'user_1', occurredAt: '2025-01-01T00:00:00.000Z' },
  },
];

describe('OnboardingClient wire shapes', () => {
  it.each(CASES)('$name sends $method $url', async ({ call, method, url, body }) => {
    const { client, requests } = setup(ok('answer'));
    expect(await call(client)).toBe('answer');
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request!.method).toBe(method);
    expect(request!.url).toBe(BASE + url);
    expect(request!.headers['authorization']).toBe(`Bearer ${KEY}`);
    if (method === 'POST') {
      expect(request!.headers['content-type']).toBe('application/json');
      expect(request!.keepalive).toBe(true);
      expect(request!.body).toEqual(body);
    } else {
      expect(request!.headers).not.toHaveProperty('content-type');
      expect(request!.keepalive).toBeUndefined();
      expect(request!.body).toBeUndefined();
    }
  });

  it('returns the data of the envelope, typed', async () => {
    const config: PublishedConfig<'flow', { items: [] }> = {
      id: 'flow_1',
      object: 'flow',
      name: 'Getting started',
      revisionId: 'rev_1',
      publishedAt: '2025-01-01T00:00:00.000Z',
      config: { items: [] },
    };
    const outcome: OutcomeResult = { outcomeId: 'out_1', event: 'e', completedItemIds: ['b'], progress: PROGRESS };
    const { client } = setup(ok(config), ok(PROGRESS), ok(outcome));
    expect(await client.getConfig('flow_1')).toEqual(config);
    expect(await client.complete('flow_1', 'b', u)).toEqual(PROGRESS);
    expect(await client.recordOutcome({ flowId: 'flow_1', event: 'e', userId: 'user_1' })).toEqual(outcome);
  });

  it('leaves undefined identity fields out of bodies and queries instead of sending null', async () => {
    const { client, requests } = setup(ok(PROGRESS), ok(PROGRESS), ok(PROGRESS), ok({}));
    await client.complete('flow_1', 'a', { userId: 'user_1', workspaceKey: undefined });
    await client.snooze('flow_1', 7, { workspaceKey: undefined });
    await client.getProgress('flow_1', { userId: undefined, workspaceKey: 'acct_9' });
    await client.recordOutcome({ flowId: 'flow_1', event: 'e', userId: undefined, workspaceKey: undefined, occurredAt: undefined });
    expect(requests.map((r) => r.body ?? r.url)).toEqual([
      { userId: 'user_1' },
      { days: 7 },
      `${BASE}/api/v1/progress/flow_1?workspaceKey=acct_9`,
      { flowId: 'flow_1', event: 'e' },
    ]);
  });

  it('sends only the identity fields of a wider identity object', async () => {
    const { client, requests } = setup(ok(PROGRESS));
    const wide = { userId: 'user_1', flowId: 'flow_1', traits: { plan: 'pro' } };
    await client.reset('flow_1', wide);
    expect(requests[0]!.body).toEqual({ userId: 'user_1' });
  });

  it('encodes ids as single path segments', async () => {
    const { client, requests } = setup(ok(PROGRESS));
    await client.complete('flow/../1', 'item a?b', u);
    expect(requests[0]!.url).toBe(`${BASE}/api/v1/progress/flow%2F..%2F1/items/item%20a%3Fb/complete`);
  });

  it('rejects an empty flow or item id before sending anything', async () => {
    const { client, requests } = setup();
    await expect(client.getConfig('')).rejects.toThrow(/flowId/);
    await expect(client.complete('flow_1', '', u)).rejects.toThrow(/itemId/);
    expect(requests).toHaveLength(0);
  });

  it('tolerates a trailing slash on baseUrl', async () => {
    const stub = stubFetch(ok(PROGRESS));
    const client = createClient({ publishableKey: KEY, baseUrl: `${BASE}/`, fetch: stub.fetch });
    await client.getProgress('flow_1', u);
    expect(stub.requests[0]!.url).toBe(`${BASE}/api/v1/progress/flow_1?userId=user_1`);
  });

  it('keeps working when methods are detached from the client', async () => {
    const { client, requests } = setup(ok(PROGRESS));
    const { complete } = client;
    await complete('flow_1', 'a', u);
    expect(requests).toHaveLength(1);
  });
});

describe('apply', () => {
  it.each<[ProgressOperation, string, unknown]>([
    [{ type: 'complete', itemId: 'a' }, '/api/v1/progress/flow_1/items/a/complete', u],
    [{ type: 'skip', itemId: 'a' }, '/api/v1/progress/flow_1/items/a/skip', u],
    [{ type: 'dismiss' }, '/api/v1/progress/flow_1/dismiss', u],
    [{ type: 'snooze', days: 7 }, '/api/v1/progress/flow_1/snooze', { days: 7, userId: 'user_1' }],
    [{ type: 'resume' }, '/api/v1/progress/flow_1/resume', u],
    [{ type: 'reset' }, '/api/v1/progress/flow_1/reset', u],
  ])('dispatches %o to its route', async (operation, path, body) => {
    const { client, requests } = setup(ok(PROGRESS));
    expect(await client.apply('flow_1', operation, u)).toEqual(PROGRESS);
    expect(requests[0]).toMatchObject({ method: 'POST', url: BASE + path, body });
  });

  it('rejects an unknown operation from untyped callers', async () => {
    const { client, requests } = setup();
    await expect(client.apply('flow_1', { type: 'teleport' } as unknown as ProgressOperation, u)).rejects.toThrow(TypeError);
    expect(requests).toHaveLength(0);
  });
});

describe('errors and retries through the client', () => {
  it('rejects an illegal move with a conflict carrying the current progress', async () => {
    const current = progressFixture({ state: 'dismissed' });
    const { client } = setup(apiError(409, { type: 'conflict', code: 'invalid_transition', current }));
    const error = await client.skip('flow_1', 'a', u).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InlayConflictError);
    expect(error).toMatchObject({ code: 'invalid_transition', current });
  });

  it('rejects an unknown flow with a not-found error', async () => {
    const { client } = setup(apiError(404, { type: 'not_found', code: 'not_found' }));
    await expect(client.getConfig('flow_x')).rejects.toBeInstanceOf(InlayNotFoundError);
  });

  it('retries progress reads and writes after a 5xx', async () => {
    const fail = () => apiError(500, { type: 'internal', code: 'internal_error' });
    const { client, requests, sleeps } = setup(fail(), ok(PROGRESS), fail(), fail(), ok(PROGRESS));
    await client.getProgress('flow_1', u);
    await client.complete('flow_1', 'a', u);
    expect(requests).toHaveLength(5);
    expect(sleeps).toEqual([150, 150, 300]);
  });

  it('never retries recordOutcome', async () => {
    for (const failure of [
      apiError(500, { type: 'internal', code: 'internal_error' }),
      apiError(429, { type: 'rate_limited', code: 'rate_limited' }, { 'Retry-After': '1' }),
      new TypeError('fetch failed'),
    ]) {
      const { client, requests, sleeps } = setup(failure, ok({}));
      await expect(client.recordOutcome({ flowId: 'flow_1', event: 'e', userId: 'user_1' })).rejects.toThrow();
      expect(requests).toHaveLength(1);
      expect(sleeps).toEqual([]);
    }
  });

  it('surfaces a rate limit with its Retry-After once retries are spent', async () => {
    const limited = () => apiError(429, { type: 'rate_limited', code: 'rate_limited' }, { 'Retry-After': '2' });
    const { client, requests, sleeps } = setup(limited(), limited(), limited());
    const error = await client.getConfig('flow_1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InlayRateLimitError);
    expect(error).toMatchObject({ retryAfterSec: 2 });
    expect(requests).toHaveLength(3);
    expect(sleeps).toEqual([2000, 2000]);
  });

  it('refreshes an expired author token and retries a write once', async () => {
    const stub = stubFetch(apiError(401, { type: 'authentication', code: 'author_token_expired' }), ok(PROGRESS));
    const getAuthorToken = vi.fn(({ forceRefresh }: { forceRefresh: boolean }) => Promise.resolve(forceRefresh ? 'fresh' : 'old'));
    const client = createClient({ publishableKey: KEY, baseUrl: BASE, fetch: stub.fetch, getAuthorToken });
    expect(await client.complete('flow_1', 'a')).toEqual(PROGRESS);
    expect(stub.requests.map((r) => [r.headers['inlay-author-token'], r.body])).toEqual([
      ['old', {}],
      ['fresh', {}],
    ]);
  });

  it('reports a bad envelope as an API error', async () => {
    const { client } = setup(new Response('{"progress":{}}', { status: 200 }));
    await expect(client.getProgress('flow_1', u)).rejects.toBeInstanceOf(InlayApiError);
  });
});
