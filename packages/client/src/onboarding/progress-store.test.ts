import type { Progress, ProgressOperation } from '@inlay/core';
import { describe, expect, it } from 'vitest';
import { InlayConflictError } from '../errors.js';
import { apiError, ok, progressFixture, stubFetch, type Answer } from '../testing/fetch-stub.js';
import { createClient, type OnboardingClient } from './client.js';
import { createHostedProgressStore, type ProgressStore } from './progress-store.js';

const KEY = 'svc_test_pub_0123456789abcdefghijABCDEFGHIJ01';
const BASE = 'http://127.0.0.1:4000/onboarding';

function client(...answers: Answer[]) {
  const stub = stubFetch(...answers);
  return { client: createClient({ publishableKey: KEY, baseUrl: BASE, fetch: stub.fetch }), requests: stub.requests };
}

/** A promise with its resolve function, to hold a response back. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('createHostedProgressStore', () => {
  it('loads the progress of its flow and user', async () => {
    const progress = progressFixture();
    const { client: c, requests } = client(ok(progress));
    const store = createHostedProgressStore(c, { flowId: 'flow_1', userId: 'user_1', workspaceKey: 'acct_9' });
    expect(await store.load()).toEqual(progress);
    expect(requests[0]).toMatchObject({ method: 'GET', url: `${BASE}/api/v1/progress/flow_1?userId=user_1&workspaceKey=acct_9` });
  });

  it('applies operations on its flow, never sending flowId in the body', async () => {
    const { client: c, requests } = client(ok(progressFixture()), ok(progressFixture()));
    const store = createHostedProgressStore(c, { flowId: 'flow_1', userId: 'user_1' });
    await store.apply({ type: 'complete', itemId: 'b' });
    await store.apply({ type: 'snooze', days: 3 });
    expect(requests.map((r) => [r.url, r.body])).toEqual([
      [`${BASE}/api/v1/progress/flow_1/items/b/complete`, { userId: 'user_1' }],
      [`${BASE}/api/v1/progress/flow_1/snooze`, { days: 3, userId: 'user_1' }],
    ]);
  });

  it('sends no identity when the author token carries it', async () => {
    const { client: c, requests } = client(ok(progressFixture()), ok(progressFixture()));
    const store = createHostedProgressStore(c, { flowId: 'flow_1' });
    await store.load();
    await store.apply({ type: 'dismiss' });
    expect(requests.map((r) => [r.url, r.body])).toEqual([
      [`${BASE}/api/v1/progress/flow_1`, undefined],
      [`${BASE}/api/v1/progress/flow_1/dismiss`, {}],
    ]);
  });

  it('runs calls one after another, so the last answer includes every earlier operation', async () => {
    const first = deferred<Response>();
    const other = progressFixture({ flowId: 'flow_2' });
    // Each request answered by what it asks for, whatever the order they arrive in.
    const answer = (request: { url: string }) =>
      request.url.includes('/flow_2') ? ok(other) : request.url.endsWith('/items/a/complete') ? first.promise : ok(progressFixture({ doneCount: 2 }));
    const { client: c, requests } = client(answer, answer, answer);
    const store = createHostedProgressStore(c, { flowId: 'flow_1', userId: 'user_1' });
    const a = store.apply({ type: 'complete', itemId: 'a' });
    const b = store.apply({ type: 'complete', itemId: 'b' });
    // Another store's call on the same client, made after b and going out the same way: once it
    // is answered, b would have gone out before it, had it not waited for a.
    expect(await createHostedProgressStore(c, { flowId: 'flow_2', userId: 'user_1' }).load()).toEqual(other);
    expect(requests.map((r) => r.url)).toEqual([`${BASE}/api/v1/progress/flow_1/items/a/complete`, `${BASE}/api/v1/progress/flow_2?userId=user_1`]);
    first.resolve(ok(progressFixture({ doneCount: 1 })));
    expect((await a).doneCount).toBe(1);
    expect((await b).doneCount).toBe(2);
    expect(requests.map((r) => r.url)).toEqual([
      `${BASE}/api/v1/progress/flow_1/items/a/complete`,
      `${BASE}/api/v1/progress/flow_2?userId=user_1`,
      `${BASE}/api/v1/progress/flow_1/items/b/complete`,
    ]);
  });

  it('does not let a failed call block the next one', async () => {
    const { client: c } = client(apiError(409, { type: 'conflict', code: 'dependency_incomplete' }), ok(progressFixture()));
    const store = createHostedProgressStore(c, { flowId: 'flow_1', userId: 'user_1' });
    const failed = store.apply({ type: 'complete', itemId: 'b' });
    const next = store.load();
    await expect(failed).rejects.toBeInstanceOf(InlayConflictError);
    expect(await next).toEqual(progressFixture());
  });

  it('has the same shape a host-supplied (BYO) store implements', async () => {
    const seen: ProgressOperation[] = [];
    const byo: ProgressStore = {
      load: async () => progressFixture(),
      apply: async (operation) => {
        seen.push(operation);
        return progressFixture();
      },
    };
    const fake = { apply: (_flowId: string, operation: ProgressOperation) => byo.apply(operation), getProgress: () => byo.load() };
    const store = createHostedProgressStore(fake as unknown as OnboardingClient, { flowId: 'flow_1' });
    const loaded: Progress = await store.load();
    expect(loaded.object).toBe('progress');
    await store.apply({ type: 'reset' });
    expect(seen).toEqual([{ type: 'reset' }]);
  });
});
