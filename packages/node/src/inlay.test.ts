import { describe, expect, it } from 'vitest';
import { Inlay } from './inlay.js';
import { ok, ORIGIN, PUBLISHABLE_KEY, SECRET_KEY } from './testing/fetch-stub.js';
import { setup } from './testing/setup.js';

const RECORD = { id: 'flow_1', object: 'flow', name: 'Welcome' };

describe('construction', () => {
  it('refuses a publishable key, naming the key kind it needs', () => {
    expect(() => new Inlay({ secretKey: PUBLISHABLE_KEY, baseUrl: ORIGIN })).toThrow(/secret key.*publishable key/);
    expect(() => new Inlay({ secretKey: 'svc_live_pub_0123456789abcdefghijABCDEFGHIJ01', baseUrl: ORIGIN })).toThrow(
      /@inlay\/client/,
    );
  });

  it('refuses a missing or malformed secret key', () => {
    expect(() => new Inlay({ secretKey: '', baseUrl: ORIGIN })).toThrow(/secretKey is required/);
    expect(() => new Inlay({ baseUrl: ORIGIN } as never)).toThrow(/secretKey is required/);
    expect(() => new Inlay({ secretKey: 'sk_test_123', baseUrl: ORIGIN })).toThrow(/svc_test_sec_/);
  });

  it('accepts test and live secret keys', () => {
    expect(new Inlay({ secretKey: SECRET_KEY, baseUrl: ORIGIN })).toBeInstanceOf(Inlay);
    expect(new Inlay({ secretKey: SECRET_KEY.replace('test', 'live'), baseUrl: ORIGIN })).toBeInstanceOf(Inlay);
  });

  it('needs a base URL, and refuses one that is not http(s)', () => {
    expect(() => new Inlay({ secretKey: SECRET_KEY })).toThrow(/baseUrl/);
    expect(() => new Inlay({ secretKey: SECRET_KEY, baseUrl: 'ftp://example.com' })).toThrow(/http\(s\) URL/);
    expect(() => new Inlay({ secretKey: SECRET_KEY, baseUrl: 'not a url' })).toThrow(/http\(s\) URL/);
    expect(() => new Inlay({ secretKey: SECRET_KEY, baseUrls: { feedback: 'https://x.test/?a=1' } })).toThrow(/baseUrls.feedback/);
  });

  it('refuses invalid retry and timeout settings', () => {
    expect(() => new Inlay({ secretKey: SECRET_KEY, baseUrl: ORIGIN, maxNetworkRetries: -1 })).toThrow(/maxNetworkRetries/);
    expect(() => new Inlay({ secretKey: SECRET_KEY, baseUrl: ORIGIN, maxNetworkRetries: 1.5 })).toThrow(/maxNetworkRetries/);
    expect(() => new Inlay({ secretKey: SECRET_KEY, baseUrl: ORIGIN, timeout: 0 })).toThrow(/timeout/);
  });
});

describe('base URLs', () => {
  it('puts each service under the origin, tolerating a trailing slash', async () => {
    const { inlay, requests } = setup([ok(RECORD), ok(RECORD), ok(RECORD)], { baseUrl: `${ORIGIN}/` });
    await inlay.onboarding.flows.retrieve('flow_1');
    await inlay.feedback.boards.retrieve('board_1');
    await inlay.importer.importers.retrieve('imp_1');
    expect(requests.map((r) => r.url)).toEqual([
      `${ORIGIN}/onboarding/api/v1/flows/flow_1`,
      `${ORIGIN}/feedback/api/v1/boards/board_1`,
      `${ORIGIN}/importer/api/v1/importers/imp_1`,
    ]);
  });

  it('lets baseUrls override one service and keeps the origin for the others', async () => {
    const { inlay, requests } = setup([ok(RECORD), ok(RECORD)], { baseUrls: { feedback: 'https://feedback.inlay.test/' } });
    await inlay.feedback.boards.retrieve('board_1');
    await inlay.onboarding.flows.retrieve('flow_1');
    expect(requests.map((r) => r.url)).toEqual([
      'https://feedback.inlay.test/api/v1/boards/board_1',
      `${ORIGIN}/onboarding/api/v1/flows/flow_1`,
    ]);
  });

  it('rejects calls to a service that has no base URL, without a request', async () => {
    const { inlay, requests } = setup([], { baseUrl: undefined, baseUrls: { importer: 'https://importer.inlay.test' } });
    await expect(inlay.onboarding.flows.retrieve('flow_1')).rejects.toThrow(/no base URL for the onboarding service/);
    expect(requests).toHaveLength(0);
  });
});

describe('routes', () => {
  it('sends the secret key, a user agent and JSON on every request', async () => {
    const { inlay, requests } = setup([ok(RECORD)]);
    await inlay.onboarding.flows.create({ name: 'Welcome' });
    expect(requests[0]!.headers).toMatchObject({
      authorization: `Bearer ${SECRET_KEY}`,
      accept: 'application/json',
      'content-type': 'application/json',
      'idempotency-key': 'key_1',
    });
    expect(requests[0]!.headers['user-agent']).toMatch(/^inlay-node\/\d+\.\d+\.\d+ node\/v\d+/);
  });

  it('maps every method of the three services to its route', async () => {
    const answers = Array.from({ length: 17 }, () => ok({}));
    const { inlay, requests } = setup(answers);
    await inlay.onboarding.flows.list({ limit: 5, cursor: 'c1' });
    await inlay.onboarding.flows.create({ name: 'Welcome' });
    await inlay.onboarding.flows.retrieve('flow_1');
    await inlay.onboarding.flows.updateDraft('flow_1', { name: 'Welcome', config: { items: [{ id: 'a', title: 'A' }] } });
    await inlay.onboarding.flows.publish('flow_1');
    await inlay.onboarding.usage.retrieve({ days: 7 });
    await inlay.onboarding.authorTokens.create({ authorId: 'u1', flowId: 'flow_1', workspaceKey: 'acct_1' });
    await inlay.feedback.boards.list();
    await inlay.feedback.boards.updateDraft('board_1', { name: 'Ideas', config: { allowAnonymous: true } });
    await inlay.feedback.boards.publish('board_1');
    await inlay.feedback.usage.retrieve();
    await inlay.feedback.authorTokens.create({ authorId: 'u1', boardId: 'board_1', name: 'Ada', expiresInSec: 600 });
    await inlay.importer.importers.create({ name: 'Contacts' });
    await inlay.importer.importers.updateDraft('imp_1', {
      name: 'Contacts',
      config: { fields: [{ key: 'email', label: 'Email', type: 'email' }] },
    });
    await inlay.importer.importers.publish('imp_1');
    await inlay.importer.importers.list({ limit: 100 });
    await inlay.importer.usage.retrieve({ days: 90 });
    expect(requests.map((r) => `${r.method} ${r.url.slice(ORIGIN.length)}`)).toEqual([
      'GET /onboarding/api/v1/flows?limit=5&cursor=c1',
      'POST /onboarding/api/v1/flows',
      'GET /onboarding/api/v1/flows/flow_1',
      'PATCH /onboarding/api/v1/flows/flow_1',
      'POST /onboarding/api/v1/flows/flow_1',
      'GET /onboarding/api/v1/usage?days=7',
      'POST /onboarding/api/v1/author-tokens',
      'GET /feedback/api/v1/boards',
      'PATCH /feedback/api/v1/boards/board_1',
      'POST /feedback/api/v1/boards/board_1',
      'GET /feedback/api/v1/usage',
      'POST /feedback/api/v1/author-tokens',
      'POST /importer/api/v1/importers',
      'PATCH /importer/api/v1/importers/imp_1',
      'POST /importer/api/v1/importers/imp_1',
      'GET /importer/api/v1/importers?limit=100',
      'GET /importer/api/v1/usage?days=90',
    ]);
    expect(requests.map((r) => r.body)).toEqual([
      undefined,
      { name: 'Welcome' },
      undefined,
      { name: 'Welcome', config: { items: [{ id: 'a', title: 'A' }] } },
      { action: 'publish' },
      undefined,
      { authorId: 'u1', flowId: 'flow_1', workspaceKey: 'acct_1' },
      undefined,
      { name: 'Ideas', config: { allowAnonymous: true } },
      { action: 'publish' },
      undefined,
      { authorId: 'u1', boardId: 'board_1', name: 'Ada', expiresInSec: 600 },
      { name: 'Contacts' },
      { name: 'Contacts', config: { fields: [{ key: 'email', label: 'Email', type: 'email' }] } },
      { action: 'publish' },
      undefined,
      undefined,
    ]);
  });

  it('answers the data of the envelope', async () => {
    const { inlay } = setup([ok({ revisionId: 'rev_2' })]);
    expect(await inlay.feedback.boards.updateDraft('board_1', { name: 'Ideas', config: {} })).toEqual({ revisionId: 'rev_2' });
  });

  it('encodes ids into one path segment and refuses empty ones', async () => {
    const { inlay, requests } = setup([ok(RECORD)]);
    await inlay.onboarding.flows.retrieve('../boards?x=1');
    expect(requests[0]!.url).toBe(`${ORIGIN}/onboarding/api/v1/flows/..%2Fboards%3Fx%3D1`);
    await expect(inlay.onboarding.flows.retrieve('')).rejects.toThrow(/id must be a non-empty string/);
  });

  it('exposes the webhook helpers and the row validator on the client', () => {
    const { inlay } = setup([]);
    expect(typeof inlay.webhooks.verify).toBe('function');
    expect(typeof inlay.webhooks.sign).toBe('function');
    expect(typeof inlay.importer.validateRows).toBe('function');
  });
});
