import { describe, expect, it } from 'vitest';
import { call, createResource, dataOf, errorOf, harness } from './helpers.js';

const h = await harness({ rateLimits: { publishablePerClient: 3, publishablePerKey: 5, secretPerKey: 4, authorTokensPerKey: 2 } });

async function publishedFlow(): Promise<string> {
  const id = await createResource(h.app, h.other.keys.liveSecret, 'onboarding', 'flows');
  dataOf(await call(h.app, 'POST', `/onboarding/api/v1/flows/${id}`, { key: h.other.keys.liveSecret, body: { action: 'publish' } }));
  return id;
}

describe('rate limits', () => {
  it('limits publishable routes per (key, client IP) and answers 429 with Retry-After', async () => {
    const id = await publishedFlow();
    const fetchFrom = (ip: string) =>
      h.app.inject({ method: 'GET', url: `/onboarding/api/v1/config/${id}`, remoteAddress: ip, headers: { authorization: `Bearer ${h.other.keys.testPublishable}` } });
    for (let i = 0; i < 3; i += 1) expect((await fetchFrom('10.0.0.1')).statusCode).toBe(200);
    const limited = await fetchFrom('10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited)).toMatchObject({ type: 'rate_limited', code: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another visitor of the same site still gets through, up to the per-key ceiling.
    expect((await fetchFrom('10.0.0.2')).statusCode).toBe(200);
    expect((await fetchFrom('10.0.0.3')).statusCode).toBe(200);
    const ceiling = await fetchFrom('10.0.0.4');
    expect(ceiling.statusCode).toBe(429);
  });

  it("counts a visitor separately on each site's key", async () => {
    await h.setPlan(h.ws.id, 'byo');
    const id = await createResource(h.app, h.ws.keys.liveSecret, 'onboarding', 'flows');
    dataOf(await call(h.app, 'POST', `/onboarding/api/v1/flows/${id}`, { key: h.ws.keys.liveSecret, body: { action: 'publish' } }));
    const visit = (key: string) =>
      h.app.inject({ method: 'GET', url: `/onboarding/api/v1/config/${id}`, remoteAddress: '10.0.1.1', headers: { authorization: `Bearer ${key}` } });
    for (let i = 0; i < 3; i += 1) expect((await visit(h.ws.keys.livePublishable)).statusCode).toBe(200);
    expect((await visit(h.ws.keys.livePublishable)).statusCode).toBe(429);
    // The same address with another publishable key (here the test-mode one) starts afresh.
    expect((await visit(h.ws.keys.testPublishable)).statusCode).toBe(200);
  });

  it('limits secret keys per key, separately for each key', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await call(h.app, 'GET', '/feedback/api/v1/boards', { key: h.ws.keys.testSecret })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    expect((await call(h.app, 'GET', '/feedback/api/v1/boards', { key: h.ws.keys.liveSecret })).statusCode).toBe(200);
  });

  it('limits author-token minting more tightly', async () => {
    const key = h.other.keys.testSecret;
    const flowId = await createResource(h.app, h.other.keys.liveSecret, 'onboarding', 'flows');
    const mint = () => call(h.app, 'POST', '/onboarding/api/v1/author-tokens', { key, body: { authorId: 'u', flowId, workspaceKey: 'w' } });
    expect((await mint()).statusCode).toBe(200);
    expect((await mint()).statusCode).toBe(200);
    expect((await mint()).statusCode).toBe(429);
  });

  it('does not count requests refused for a bad key against anyone', async () => {
    for (let i = 0; i < 6; i += 1) {
      const response = await call(h.app, 'GET', '/importer/api/v1/importers', { key: `svc_test_sec_${'Z'.repeat(32)}` });
      expect(response.statusCode).toBe(401);
    }
  });
});
