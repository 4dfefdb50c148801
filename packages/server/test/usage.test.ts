import { describe, expect, it } from 'vitest';
import { call, createResource, dataOf, errorOf, harness } from './helpers.js';

const h = await harness();

interface Usage {
  object: string;
  service: string;
  mode: string;
  from: string;
  to: string;
  resources: { total: number; published: number };
  totals: Record<string, number>;
  daily: { date: string; resourceId: string; counts: Record<string, number> }[];
}

async function usage(service: string, key: string, query = ''): Promise<Usage> {
  return dataOf<Usage>(await call(h.app, 'GET', `/${service}/api/v1/usage${query}`, { key }));
}

describe('GET /api/v1/usage', () => {
  it('starts at zero with every metric listed', async () => {
    const data = await usage('importer', h.other.keys.testSecret);
    expect(data).toMatchObject({ object: 'usage', service: 'importer', mode: 'test', resources: { total: 0, published: 0 }, totals: { configFetches: 0 }, daily: [] });
  });

  it('counts config fetches per resource and day, in the mode of the key that fetched', async () => {
    await h.setPlan(h.ws.id, 'byo');
    const id = await createResource(h.app, h.ws.keys.testSecret, 'feedback', 'boards');
    await createResource(h.app, h.ws.keys.testSecret, 'feedback', 'boards');
    dataOf(await call(h.app, 'POST', `/feedback/api/v1/boards/${id}`, { key: h.ws.keys.testSecret, body: { action: 'publish' } }));
    for (let i = 0; i < 3; i += 1) dataOf(await call(h.app, 'GET', `/feedback/api/v1/config/${id}`, { key: h.ws.keys.testPublishable }));
    dataOf(await call(h.app, 'GET', `/feedback/api/v1/config/${id}`, { key: h.ws.keys.livePublishable }));

    const test = await usage('feedback', h.ws.keys.testSecret);
    expect(test.totals.configFetches).toBe(3);
    expect(test.resources).toEqual({ total: 2, published: 1 });
    const today = new Date().toISOString().slice(0, 10);
    expect(test.daily).toEqual([{ date: today, resourceId: id, counts: { configFetches: 3 } }]);
    expect(test.to).toBe(today);

    const live = await usage('feedback', h.ws.keys.liveSecret);
    expect(live.mode).toBe('live');
    expect(live.totals.configFetches).toBe(1);

    // Another service and another workspace see none of it.
    expect((await usage('onboarding', h.ws.keys.testSecret)).totals.configFetches).toBe(0);
    expect((await usage('feedback', h.other.keys.testSecret)).totals.configFetches).toBe(0);
  });

  it('covers the requested number of days and refuses out-of-range windows', async () => {
    const data = await usage('onboarding', h.ws.keys.testSecret, '?days=7');
    const span = (Date.parse(data.to) - Date.parse(data.from)) / 86_400_000;
    expect(span).toBe(6);
    for (const days of ['0', '91', 'week']) {
      const response = await call(h.app, 'GET', `/onboarding/api/v1/usage?days=${days}`, { key: h.ws.keys.testSecret });
      expect(errorOf(response)).toMatchObject({ code: 'parameter_invalid', param: 'days' });
    }
  });
});
