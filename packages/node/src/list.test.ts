import { describe, expect, it } from 'vitest';
import { InlayApiError } from './errors.js';
import { ListPromise } from './list.js';
import { apiError, ok } from './testing/fetch-stub.js';
import { setup } from './testing/setup.js';

const flow = (n: number) => ({ id: `flow_${n}`, object: 'flow', name: `Flow ${n}` });
const page = (ids: number[], nextCursor: string | null) => ok({ items: ids.map(flow), nextCursor });

describe('list', () => {
  it('awaits as one page', async () => {
    const { inlay, requests } = setup([page([1, 2], 'c2')]);
    const result = await inlay.onboarding.flows.list({ limit: 2 });
    expect(result).toEqual({ items: [flow(1), flow(2)], nextCursor: 'c2' });
    expect(requests).toHaveLength(1);
  });

  it('iterates every item of every page, passing the cursor and keeping the limit', async () => {
    const { inlay, requests } = setup([page([1, 2], 'c2'), page([3, 4], 'c4'), page([5], null)]);
    const ids: string[] = [];
    for await (const item of inlay.onboarding.flows.list({ limit: 2 })) ids.push(item.id);
    expect(ids).toEqual(['flow_1', 'flow_2', 'flow_3', 'flow_4', 'flow_5']);
    expect(requests.map((r) => new URL(r.url).search)).toEqual(['?limit=2', '?limit=2&cursor=c2', '?limit=2&cursor=c4']);
  });

  it('starts the walk at the given cursor', async () => {
    const { inlay, requests } = setup([page([3], null)]);
    const ids: string[] = [];
    for await (const item of inlay.feedback.boards.list({ cursor: 'c2' })) ids.push(item.id);
    expect(ids).toEqual(['flow_3']);
    expect(new URL(requests[0]!.url).search).toBe('?cursor=c2');
  });

  it('fetches the first page once, lazily, and shares it between await and iteration', async () => {
    const { inlay, requests } = setup([page([1], 'c1'), page([2], null)]);
    const list = inlay.onboarding.flows.list();
    expect(requests).toHaveLength(0);
    const first = await list;
    const again = await list;
    expect(again).toBe(first);
    const ids: string[] = [];
    for await (const item of list) ids.push(item.id);
    expect(ids).toEqual(['flow_1', 'flow_2']);
    expect(requests).toHaveLength(2);
  });

  it('stops fetching when the loop breaks', async () => {
    const { inlay, requests } = setup([page([1, 2], 'c2'), page([3, 4], null)]);
    for await (const item of inlay.onboarding.flows.list()) {
      if (item.id === 'flow_1') break;
    }
    expect(requests).toHaveLength(1);
  });

  it('rejects the walk with the failing page\'s error', async () => {
    const { inlay } = setup([page([1], 'c1'), apiError(400, { type: 'invalid_request', code: 'parameter_invalid', param: 'cursor' })]);
    const ids: string[] = [];
    const error = await (async () => {
      for await (const item of inlay.onboarding.flows.list()) ids.push(item.id);
    })().catch((e: unknown) => e);
    expect(ids).toEqual(['flow_1']);
    expect(error).toMatchObject({ status: 400, param: 'cursor' });
  });

  it('supports catch and finally like a promise', async () => {
    const { inlay } = setup([apiError(500, { type: 'internal', code: 'internal_error' })], { maxNetworkRetries: 0 });
    let settled = false;
    const caught = await inlay.onboarding.flows
      .list()
      .finally(() => {
        settled = true;
      })
      .catch((e: unknown) => e);
    expect(caught).toBeInstanceOf(InlayApiError);
    expect(settled).toBe(true);
  });

  it('stops when a faulty server answers the same cursor again', async () => {
    const list = new ListPromise<string>(async (cursor) => ({ items: [cursor ?? 'start'], nextCursor: 'same' }), undefined);
    const items: string[] = [];
    for await (const item of list) items.push(item);
    expect(items).toEqual(['start', 'same']);
  });
});

describe('autoPagingEach and autoPagingToArray', () => {
  it('calls back for each item until false is returned', async () => {
    const { inlay, requests } = setup([page([1, 2], 'c2'), page([3, 4], null)]);
    const seen: string[] = [];
    await inlay.onboarding.flows.list().autoPagingEach(async (item) => {
      seen.push(item.id);
      return item.id !== 'flow_3';
    });
    expect(seen).toEqual(['flow_1', 'flow_2', 'flow_3']);
    expect(requests).toHaveLength(2);
  });

  it('collects items across pages up to the limit', async () => {
    const { inlay, requests } = setup([page([1, 2], 'c2'), page([3, 4], 'c4')]);
    const items = await inlay.onboarding.flows.list().autoPagingToArray({ limit: 3 });
    expect(items.map((item) => item.id)).toEqual(['flow_1', 'flow_2', 'flow_3']);
    expect(requests).toHaveLength(2);
  });

  it('needs a limit from 1 to 10 000', async () => {
    const { inlay } = setup([]);
    await expect(inlay.onboarding.flows.list().autoPagingToArray({ limit: 0 })).rejects.toThrow(/limit from 1 to 10000/);
    await expect(inlay.onboarding.flows.list().autoPagingToArray({ limit: 10_001 })).rejects.toThrow(/limit/);
    const most = setup([page([1], null)]).inlay;
    expect(await most.onboarding.flows.list().autoPagingToArray({ limit: 10_000 })).toHaveLength(1);
  });
});
