import { describe, expect, it } from 'vitest';
import { call, createResource, dataOf, errorOf, harness, SAMPLE_CONFIGS, SERVICES_UNDER_TEST } from './helpers.js';

const h = await harness();

describe.each(SERVICES_UNDER_TEST)('$service management routes', ({ service, plural, kind }) => {
  const base = `/${service}/api/v1/${plural}`;
  const key = h.ws.keys.testSecret;
  const config = SAMPLE_CONFIGS[service];

  it('creates a resource with a first revision holding the default config', async () => {
    const response = await call(h.app, 'POST', base, { key, body: { name: '  Welcome  ' } });
    expect(response.statusCode).toBe(200);
    const data = dataOf<Record<string, unknown>>(response);
    if (service === 'importer') {
      expect(Object.keys(data).sort()).toEqual(['importerId', 'revisionId']);
      expect(data.importerId).toMatch(/^imp_[0-9a-z]+$/);
      expect(data.revisionId).toMatch(/^rev_[0-9a-z]+$/);
    } else {
      expect(data).toMatchObject({ object: kind, name: 'Welcome', published: null, revisionCount: 1 });
      expect(data.id).toMatch(new RegExp(`^${kind}_[0-9a-z]+$`));
    }
  });

  it('saves a draft, records a revision each time, and returns {revisionId}', async () => {
    const id = await createResource(h.app, key, service, plural, 'Draft test');
    const first = await call(h.app, 'PATCH', `${base}/${id}`, { key, body: { name: 'Renamed', config } });
    expect(Object.keys(dataOf(first))).toEqual(['revisionId']);
    const second = await call(h.app, 'PATCH', `${base}/${id}`, { key, body: { name: 'Renamed again', config } });
    const record = dataOf<{
      name: string;
      draft: { name: string; config: Record<string, unknown>; revisionId: string };
      published: unknown;
      revisions: { id: string; number: number; name: string }[];
      revisionCount: number;
    }>(await call(h.app, 'GET', `${base}/${id}`, { key }));
    expect(record.name).toBe('Renamed again');
    expect(record.draft.revisionId).toBe(dataOf<{ revisionId: string }>(second).revisionId);
    expect(record.draft.config).toMatchObject(config);
    expect(record.published).toBeNull();
    expect(record.revisionCount).toBe(3);
    expect(record.revisions.map((r) => [r.number, r.name])).toEqual([
      [3, 'Renamed again'],
      [2, 'Renamed'],
      [1, 'Draft test'],
    ]);
    expect(record.revisions[1]?.id).toBe(dataOf<{ revisionId: string }>(first).revisionId);
  });

  it('stores a complete config: absent fields take their defaults', async () => {
    const id = await createResource(h.app, key, service, plural);
    const sparse = service === 'importer' ? { fields: [] } : {};
    dataOf(await call(h.app, 'PATCH', `${base}/${id}`, { key, body: { name: 'Sparse', config: sparse } }));
    const record = dataOf<{ draft: { config: Record<string, unknown> } }>(await call(h.app, 'GET', `${base}/${id}`, { key }));
    if (service === 'onboarding') {
      expect(record.draft.config).toMatchObject({ requireAuthorToken: false, snoozeDays: [1, 3, 7], items: [], allowedOrigins: [] });
    } else if (service === 'feedback') {
      expect(record.draft.config).toMatchObject({ submissionsEnabled: true, votingEnabled: true, allowAnonymous: false });
    } else {
      expect(record.draft.config).toEqual({ fields: [] });
    }
  });

  it('publishes the draft atomically and records which revision is live', async () => {
    const id = await createResource(h.app, key, service, plural);
    const saved = dataOf<{ revisionId: string }>(await call(h.app, 'PATCH', `${base}/${id}`, { key, body: { name: 'Live', config } }));
    const published = dataOf<{ id: string; revisionId: string; publishedAt: string }>(
      await call(h.app, 'POST', `${base}/${id}`, { key, body: { action: 'publish' } }),
    );
    expect(published).toMatchObject({ id, revisionId: saved.revisionId });
    // A later draft does not touch the published config.
    dataOf(await call(h.app, 'PATCH', `${base}/${id}`, { key, body: { name: 'Next', config } }));
    const record = dataOf<{ published: { name: string; revisionId: string; publishedAt: string }; draft: { revisionId: string } }>(
      await call(h.app, 'GET', `${base}/${id}`, { key }),
    );
    expect(record.published).toMatchObject({ name: 'Live', revisionId: saved.revisionId, publishedAt: published.publishedAt });
    expect(record.draft.revisionId).not.toBe(saved.revisionId);
  });

  it('answers a repeated publish of the same draft with the same result', async () => {
    const id = await createResource(h.app, key, service, plural);
    const first = dataOf(await call(h.app, 'POST', `${base}/${id}`, { key, body: { action: 'publish' } }));
    const again = dataOf(await call(h.app, 'POST', `${base}/${id}`, { key, body: { action: 'publish' } }));
    expect(again).toEqual(first);
  });

  it('refuses any action other than publish with 400', async () => {
    const id = await createResource(h.app, key, service, plural);
    for (const body of [{ action: 'unpublish' }, { action: 'PUBLISH' }, {}, { action: 'publish', extra: 1 }]) {
      const response = await call(h.app, 'POST', `${base}/${id}`, { key, body });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).type).toBe('invalid_request');
    }
    const unknownAction = errorOf(await call(h.app, 'POST', `${base}/${id}`, { key, body: { action: 'archive' } }));
    expect(unknownAction).toMatchObject({ code: 'parameter_invalid', param: 'action' });
    expect(unknownAction.message).toContain('publish');
  });

  it('lists newest first with a cursor that walks every resource once', async () => {
    const names = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'];
    for (const name of names) await createResource(h.app, h.other.keys.testSecret, service, plural, name);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=2&cursor=${cursor}` : '?limit=2';
      const page: { items: { name: string; object: string }[]; nextCursor: string | null } = dataOf(
        await call(h.app, 'GET', `${base}${query}`, { key: h.other.keys.testSecret }),
      );
      expect(page.items.length).toBeLessThanOrEqual(2);
      expect(page.items.every((item) => item.object === kind)).toBe(true);
      seen.push(...page.items.map((item) => item.name));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen).toEqual([...names].reverse());
    // Three full pages, and the last says there is no more.
    expect(pages).toBe(3);
  });

  it('refuses a cursor it did not issue and out-of-range limits', async () => {
    const bad = errorOf(await call(h.app, 'GET', `${base}?cursor=bm9wZQ`, { key }));
    expect(bad).toMatchObject({ code: 'parameter_invalid', param: 'cursor' });
    for (const limit of ['0', '101', 'ten']) {
      const response = await call(h.app, 'GET', `${base}?limit=${limit}`, { key });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).param).toBe('limit');
    }
    expect(errorOf(await call(h.app, 'GET', `${base}?sort=name`, { key })).code).toBe('parameter_unknown');
  });

  it('refuses a query on the routes that take none, and a field in a body, changing nothing', async () => {
    const id = await createResource(h.app, key, service, plural);
    const snapshot = async () => JSON.stringify(dataOf(await call(h.app, 'GET', `${base}/${id}`, { key })));
    const before = await snapshot();
    for (const [method, query, body] of [
      ['GET', '?expand=revisions', undefined],
      ['PATCH', '?dryRun=1', { name: 'Renamed', config }],
      ['POST', '?force=true', { action: 'publish' }],
    ] as const) {
      const response = await call(h.app, method, `${base}/${id}${query}`, { key, body });
      expect(response.statusCode, `${method} ${query}`).toBe(400);
      expect(errorOf(response)).toMatchObject({ code: 'parameter_unknown', param: query.slice(1).split('=')[0] });
    }
    expect(errorOf(await call(h.app, 'POST', `${base}?draft=1`, { key, body: { name: 'x' } }))).toMatchObject({ code: 'parameter_unknown', param: 'draft' });
    expect(await snapshot()).toBe(before);
  });

  it('answers 404 for an id that does not exist, on every route', async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { name: 'x', config }],
      ['POST', { action: 'publish' }],
    ] as const) {
      const response = await call(h.app, method, `${base}/${kind}_doesnotexist`, { key, body });
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe('not_found');
    }
  });
});

describe('resource kinds stay apart', () => {
  it('does not serve a board through the flow routes', async () => {
    const boardId = await createResource(h.app, h.ws.keys.testSecret, 'feedback', 'boards');
    const response = await call(h.app, 'GET', `/onboarding/api/v1/flows/${boardId}`, { key: h.ws.keys.testSecret });
    expect(response.statusCode).toBe(404);
  });
});
