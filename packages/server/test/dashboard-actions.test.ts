import { describe, expect, it } from 'vitest';
import { call, dataOf, errorOf, SAMPLE_CONFIGS } from './helpers.js';
import { dashboardHarness } from './dashboard-harness.js';

/**
 * Each dashboard action, its effect checked through the public, key-authenticated API (or the
 * database where the API has no view of it), and its isolation: a member of one workspace
 * cannot reach another's objects by id.
 */
// Keys (and their plans) cached for a minute, as a server does: a revoke or plan change must reach the API at once all the same.
const h = await dashboardHarness({ rateLimits: { postsPerClient: 1000, postsPerAuthor: 1000 }, webhooks: { allowPrivateTargets: true }, keyCacheTtlMs: 60_000 });
const { alice, bob } = h;
const pub = h.ws.keys.testPublishable;
const secret = h.ws.keys.testSecret;

async function dashboardFlow(config: unknown = SAMPLE_CONFIGS.onboarding, name = 'Welcome'): Promise<string> {
  const { id } = dataOf<{ id: string }>(await alice.call('POST', '/dashboard/api/flows', { name }));
  dataOf(await alice.call('PUT', `/dashboard/api/flows/${id}/draft`, { name, config }));
  return id;
}

async function dashboardBoard(): Promise<string> {
  const { id } = dataOf<{ id: string }>(await alice.call('POST', '/dashboard/api/boards', { name: 'Ideas' }));
  dataOf(await alice.call('PUT', `/dashboard/api/boards/${id}/draft`, { name: 'Ideas', config: { ...SAMPLE_CONFIGS.feedback, showVoteCounts: true } }));
  dataOf(await alice.call('POST', `/dashboard/api/boards/${id}/publish`));
  return id;
}

describe('flows, boards, importers', () => {
  it('publishes a draft that the public config route then serves', async () => {
    const id = await dashboardFlow();
    expect((await call(h.app, 'GET', `/onboarding/api/v1/config/${id}`, { key: pub })).statusCode).toBe(404);
    const published = dataOf<{ revisionId: string }>(await alice.call('POST', `/dashboard/api/flows/${id}/publish`));
    const config = dataOf<{ revisionId: string; config: { items: unknown[] } }>(await call(h.app, 'GET', `/onboarding/api/v1/config/${id}`, { key: pub }));
    expect(config.revisionId).toBe(published.revisionId);
    expect(config.config.items).toHaveLength(2);
  });

  it('gets draft and published, lists revisions, gets one, restores it into the draft', async () => {
    const id = await dashboardFlow();
    dataOf(await alice.call('POST', `/dashboard/api/flows/${id}/publish`));
    dataOf(await alice.call('PUT', `/dashboard/api/flows/${id}/draft`, { name: 'Welcome v2', config: { ...SAMPLE_CONFIGS.onboarding, emptyState: 'All done' } }));
    const record = dataOf<{ draft: { name: string }; published: { name: string } }>(await alice.call('GET', `/dashboard/api/flows/${id}`));
    expect([record.draft.name, record.published.name]).toEqual(['Welcome v2', 'Welcome']);
    const revisions = dataOf<{ items: { id: string; number: number; name: string }[] }>(await alice.call('GET', `/dashboard/api/flows/${id}/revisions`));
    expect(revisions.items.map((r) => r.name)).toEqual(['Welcome v2', 'Welcome', 'Welcome']);
    const first = revisions.items[1] as { id: string };
    expect(dataOf<{ name: string }>(await alice.call('GET', `/dashboard/api/flows/${id}/revisions/${first.id}`)).name).toBe('Welcome');
    const restored = dataOf<{ restoredFrom: string }>(await alice.call('POST', `/dashboard/api/flows/${id}/revisions/${first.id}/restore`));
    expect(restored.restoredFrom).toBe(first.id);
    const api = dataOf<{ draft: { name: string } }>(await call(h.app, 'GET', `/onboarding/api/v1/flows/${id}`, { key: secret }));
    expect(api.draft.name).toBe('Welcome');
  });

  it('refuses a field in the body of a write that takes none, and publishes nothing', async () => {
    const id = await dashboardFlow();
    const refused = await alice.call('POST', `/dashboard/api/flows/${id}/publish`, { revisionId: 'rev_old' });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(errorOf(refused)).toMatchObject({ code: 'parameter_unknown', param: 'revisionId' });
    expect(dataOf<{ published: unknown }>(await alice.call('GET', `/dashboard/api/flows/${id}`)).published).toBeNull();
    expect(errorOf(await alice.call('GET', `/dashboard/api/flows/${id}?include=all`))).toMatchObject({ code: 'parameter_unknown', param: 'include' });
    // The app's own writes send {} or nothing.
    dataOf(await alice.call('POST', `/dashboard/api/flows/${id}/publish`, {}));
  });

  it('refuses a draft the config schema refuses', async () => {
    const id = await dashboardFlow();
    const bad = await alice.call('PUT', `/dashboard/api/flows/${id}/draft`, { name: 'x', config: { items: 'nope' } });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).param).toMatch(/^config/);
  });

  it('deletes only with the exact name as confirmation, and the API then knows nothing of it', async () => {
    const id = await dashboardFlow();
    dataOf(await alice.call('POST', `/dashboard/api/flows/${id}/publish`));
    const preview = dataOf<{ resource: { name: string } }>(await alice.call('GET', `/dashboard/api/flows/${id}/deletion`));
    expect(preview.resource.name).toBe('Welcome');
    const wrong = await alice.call('DELETE', `/dashboard/api/flows/${id}`, { confirmName: 'welcome' });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toMatchObject({ code: 'confirmation_mismatch', param: 'confirmName' });
    const missing = await alice.call('DELETE', `/dashboard/api/flows/${id}`, {});
    expect(errorOf(missing).code).toBe('parameter_missing');
    expect((await call(h.app, 'GET', `/onboarding/api/v1/config/${id}`, { key: pub })).statusCode).toBe(200);
    dataOf(await alice.call('DELETE', `/dashboard/api/flows/${id}`, { confirmName: 'Welcome' }));
    expect(errorOf(await call(h.app, 'GET', `/onboarding/api/v1/config/${id}`, { key: pub })).code).toBe('not_found');
    expect(errorOf(await call(h.app, 'GET', `/onboarding/api/v1/flows/${id}`, { key: secret })).code).toBe('not_found');
  });

  it("a member of another workspace cannot read, change, publish or delete them by id", async () => {
    const id = await dashboardFlow();
    const revision = dataOf<{ items: { id: string }[] }>(await alice.call('GET', `/dashboard/api/flows/${id}/revisions`)).items[0]?.id as string;
    const attempts = [
      bob.call('GET', `/dashboard/api/flows/${id}`),
      bob.call('PUT', `/dashboard/api/flows/${id}/draft`, { name: 'Mine', config: SAMPLE_CONFIGS.onboarding }),
      bob.call('POST', `/dashboard/api/flows/${id}/publish`),
      bob.call('GET', `/dashboard/api/flows/${id}/revisions`),
      bob.call('GET', `/dashboard/api/flows/${id}/revisions/${revision}`),
      bob.call('POST', `/dashboard/api/flows/${id}/revisions/${revision}/restore`),
      bob.call('GET', `/dashboard/api/flows/${id}/deletion`),
      bob.call('DELETE', `/dashboard/api/flows/${id}`, { confirmName: 'Welcome' }),
      bob.call('GET', `/dashboard/api/flows/${id}/funnel?mode=test`),
      bob.call('GET', `/dashboard/api/flows/${id}/progress.csv?mode=test`),
      bob.call('GET', `/dashboard/api/flows/${id}/outcomes?mode=test`),
    ];
    for (const response of await Promise.all(attempts)) expect(errorOf(response).code).toBe('not_found');
    expect(dataOf<{ draft: { name: string } }>(await alice.call('GET', `/dashboard/api/flows/${id}`)).draft.name).toBe('Welcome');
  });
});

describe('API keys', () => {
  it('mints a key shown once, lists keys without their value or hash, and revokes: the key then gets 401', async () => {
    const minted = dataOf<{ key: string; info: { id: string; prefix: string } }>(await alice.call('POST', '/dashboard/api/keys', { mode: 'test', kind: 'sec' }));
    expect(minted.key.startsWith('svc_test_sec_')).toBe(true);
    expect(minted.info.prefix).toBe('svc_test_sec_');
    expect((await call(h.app, 'GET', '/onboarding/api/v1/flows', { key: minted.key })).statusCode).toBe(200);
    const listed = await alice.call('GET', '/dashboard/api/keys');
    expect(listed.body).not.toContain(minted.key);
    const hashes = await h.storage.db.selectFrom('api_keys').select('key_hash').execute();
    for (const { key_hash } of hashes) expect(listed.body).not.toContain(key_hash);
    const entry = dataOf<{ id: string; lastUsedAt: string | null; kind: string; mode: string }[]>(listed).find((key) => key.id === minted.info.id);
    expect(entry).toMatchObject({ kind: 'sec', mode: 'test' });
    expect(entry?.lastUsedAt).not.toBeNull();
    dataOf(await alice.call('DELETE', `/dashboard/api/keys/${minted.info.id}`));
    const refused = await call(h.app, 'GET', '/onboarding/api/v1/flows', { key: minted.key });
    expect(refused.statusCode).toBe(401);
    expect(errorOf(refused).code).toBe('api_key_revoked');
    expect(errorOf(await alice.call('DELETE', `/dashboard/api/keys/${minted.info.id}`)).code).toBe('not_found');
  });

  it("cannot revoke another workspace's key", async () => {
    const other = await h.storage.db.selectFrom('api_keys').select('id').where('workspace_id', '=', h.other.id).executeTakeFirstOrThrow();
    expect(errorOf(await alice.call('DELETE', `/dashboard/api/keys/${other.id}`)).code).toBe('not_found');
    expect((await call(h.app, 'GET', '/onboarding/api/v1/flows', { key: h.other.keys.testSecret })).statusCode).toBe(200);
  });
});

describe('feedback inbox', () => {
  const create = async (boardId: string, title: string) =>
    dataOf<{ id: string }>(await call(h.app, 'POST', '/feedback/api/v1/posts', { key: pub, body: { boardId, title, body: '', author: { id: 'author_1' } } })).id;
  const vote = (postId: string, voter: string) => call(h.app, 'POST', `/feedback/api/v1/posts/${postId}`, { key: pub, body: { action: 'vote', author: { id: voter } } });
  const publicList = async (boardId: string) =>
    dataOf<{ items: { id: string; status: string; voteCount: number }[] }>(await call(h.app, 'GET', `/feedback/api/v1/posts?boardId=${boardId}`, { key: pub })).items;

  it('lists posts across boards with filters, sets a status the public list shows at once', async () => {
    const boardId = await dashboardBoard();
    const postId = await create(boardId, 'Dark mode please');
    await create(boardId, 'Export to CSV');
    expect((await publicList(boardId)).find((p) => p.id === postId)?.status).toBe('open'); // cached
    const found = dataOf<{ items: { id: string; boardName: string }[] }>(await alice.call('GET', `/dashboard/api/posts?boardId=${boardId}&q=DARK`));
    expect(found.items.map((p) => p.id)).toEqual([postId]);
    expect(found.items[0]?.boardName).toBe('Ideas');
    dataOf(await alice.call('POST', `/dashboard/api/posts/${postId}/status`, { status: 'planned' }));
    expect((await publicList(boardId)).find((p) => p.id === postId)?.status).toBe('planned');
    const planned = dataOf<{ items: { id: string }[] }>(await alice.call('GET', `/dashboard/api/posts?status=planned&mode=test`));
    expect(planned.items.map((p) => p.id)).toContain(postId);
    expect(dataOf<{ items: unknown[] }>(await alice.call('GET', `/dashboard/api/posts?boardId=${boardId}&mode=live`)).items).toEqual([]);
  });

  it('merges a duplicate: voters of both counted once, the duplicate gone from the public list', async () => {
    const boardId = await dashboardBoard();
    const target = await create(boardId, 'Export');
    const duplicate = await create(boardId, 'CSV export');
    for (const voter of ['v1', 'v2']) expect((await vote(target, voter)).statusCode).toBe(200);
    for (const voter of ['v2', 'v3']) expect((await vote(duplicate, voter)).statusCode).toBe(200);
    const merged = dataOf<{ votesMoved: number; sharedVoters: number }>(await alice.call('POST', `/dashboard/api/posts/${duplicate}/merge`, { into: target }));
    expect(merged).toMatchObject({ votesMoved: 1, sharedVoters: 1 });
    const list = await publicList(boardId);
    expect(list.map((p) => p.id)).toEqual([target]);
    expect(list[0]?.voteCount).toBe(3);
  });

  it('deletes a post; a member of another workspace can touch none of them', async () => {
    const boardId = await dashboardBoard();
    const postId = await create(boardId, 'Delete me');
    const other = await create(boardId, 'Keep me');
    expect(errorOf(await bob.call('POST', `/dashboard/api/posts/${postId}/status`, { status: 'closed' })).code).toBe('not_found');
    expect(errorOf(await bob.call('POST', `/dashboard/api/posts/${postId}/merge`, { into: other })).code).toBe('not_found');
    expect(errorOf(await bob.call('DELETE', `/dashboard/api/posts/${postId}`)).code).toBe('not_found');
    expect(dataOf<{ items: unknown[] }>(await bob.call('GET', `/dashboard/api/posts?boardId=${boardId}`)).items).toEqual([]);
    dataOf(await alice.call('DELETE', `/dashboard/api/posts/${postId}`));
    expect((await publicList(boardId)).map((p) => p.id)).toEqual([other]);
  });
});

describe('webhooks', () => {
  it('creates (secret once), updates events, disables and enables, sends a test event, logs it with its request, replays, rotates, deletes', async () => {
    const created = dataOf<{ id: string; secret: string }>(await alice.call('POST', '/dashboard/api/webhooks', { url: 'http://127.0.0.1:9/hook', mode: 'test', events: ['post.created'] }));
    expect(created.secret).toMatch(/^whsec_/);
    const listed = await alice.call('GET', '/dashboard/api/webhooks?mode=test');
    expect(listed.body).not.toContain(created.secret);
    expect(dataOf<{ id: string }[]>(listed).map((e) => e.id)).toContain(created.id);
    const updated = dataOf<{ events: string[] | '*' }>(await alice.call('PATCH', `/dashboard/api/webhooks/${created.id}`, { events: ['post.created', 'post.merged'] }));
    expect(updated.events).toEqual(['post.created', 'post.merged']);
    expect(dataOf<{ enabled: boolean }>(await alice.call('PATCH', `/dashboard/api/webhooks/${created.id}`, { enabled: false })).enabled).toBe(false);
    expect(dataOf<{ enabled: boolean }>(await alice.call('PATCH', `/dashboard/api/webhooks/${created.id}`, { enabled: true })).enabled).toBe(true);
    expect(errorOf(await alice.call('PATCH', `/dashboard/api/webhooks/${created.id}`, { events: ['no.such'] })).param).toBe('events');
    const { deliveryId } = dataOf<{ deliveryId: string }>(await alice.call('POST', `/dashboard/api/webhooks/${created.id}/test`));
    const deliveries = dataOf<{ id: string; type: string; request: { body: string } }[]>(await alice.call('GET', `/dashboard/api/webhooks/${created.id}/deliveries`));
    expect(deliveries[0]).toMatchObject({ id: deliveryId, type: 'webhook.test' });
    expect(JSON.parse(deliveries[0]?.request.body ?? '{}')).toMatchObject({ type: 'webhook.test' });
    expect(dataOf<{ queued: number }>(await alice.call('POST', `/dashboard/api/webhooks/deliveries/${deliveryId}/replay`)).queued).toBe(1);
    const rotated = dataOf<{ secret: string }>(await alice.call('POST', `/dashboard/api/webhooks/${created.id}/rotate-secret`));
    expect(rotated.secret).not.toBe(created.secret);
    // Another workspace's member sees and touches nothing.
    expect(dataOf<unknown[]>(await bob.call('GET', '/dashboard/api/webhooks'))).toEqual([]);
    for (const response of [
      await bob.call('PATCH', `/dashboard/api/webhooks/${created.id}`, { enabled: false }),
      await bob.call('GET', `/dashboard/api/webhooks/${created.id}/deliveries`),
      await bob.call('POST', `/dashboard/api/webhooks/deliveries/${deliveryId}/replay`),
      await bob.call('POST', `/dashboard/api/webhooks/${created.id}/rotate-secret`),
      await bob.call('POST', `/dashboard/api/webhooks/${created.id}/test`),
      await bob.call('DELETE', `/dashboard/api/webhooks/${created.id}`),
    ]) {
      expect(errorOf(response).code).toBe('not_found');
    }
    dataOf(await alice.call('DELETE', `/dashboard/api/webhooks/${created.id}`));
    expect(dataOf<{ id: string }[]>(await alice.call('GET', '/dashboard/api/webhooks')).map((e) => e.id)).not.toContain(created.id);
  });

  it('refuses a blank or padded event type in the list instead of dropping it, changing nothing', async () => {
    const before = dataOf<unknown[]>(await alice.call('GET', '/dashboard/api/webhooks'));
    for (const events of [['', 'post.created'], [' post.created'], ['\ufeff']]) {
      const refused = await alice.call('POST', '/dashboard/api/webhooks', { url: 'http://127.0.0.1:9/hook', mode: 'test', events });
      expect(errorOf(refused), JSON.stringify(events)).toMatchObject({ code: 'parameter_invalid', param: 'events' });
    }
    expect(dataOf<unknown[]>(await alice.call('GET', '/dashboard/api/webhooks'))).toEqual(before);
    const created = dataOf<{ id: string }>(await alice.call('POST', '/dashboard/api/webhooks', { url: 'http://127.0.0.1:9/hook', mode: 'test', events: ['post.created'] }));
    expect(errorOf(await alice.call('PATCH', `/dashboard/api/webhooks/${created.id}`, { events: ['post.merged', ''] }))).toMatchObject({ code: 'parameter_invalid', param: 'events' });
    expect(dataOf<{ id: string; events: unknown }[]>(await alice.call('GET', '/dashboard/api/webhooks')).find((e) => e.id === created.id)?.events).toEqual(['post.created']);
  });

  it('refuses a URL the webhook policy refuses', async () => {
    const bad = await alice.call('POST', '/dashboard/api/webhooks', { url: 'ftp://example.com/x', mode: 'live' });
    expect(errorOf(bad)).toMatchObject({ code: 'parameter_invalid', param: 'url' });
  });
});

describe('onboarding', () => {
  it('reports the funnel, exports progress as formula-safe CSV, and summarises outcomes', async () => {
    const config = { ...SAMPLE_CONFIGS.onboarding, items: [{ id: 'a', title: 'First step', completion: { kind: 'event', event: 'project.created' } }, { id: 'b', title: 'Second step' }] };
    const id = await dashboardFlow(config);
    dataOf(await alice.call('POST', `/dashboard/api/flows/${id}/publish`));
    const complete = (userId: string, item: string) => call(h.app, 'POST', `/onboarding/api/v1/progress/${id}/items/${item}/complete`, { key: pub, body: { userId } });
    dataOf(await complete('=HYPERLINK("http://evil.test")', 'a'));
    dataOf(await complete('user_2', 'a'));
    dataOf(await call(h.app, 'POST', '/onboarding/api/v1/outcomes', { key: pub, body: { flowId: id, event: 'project.created', userId: 'user_3' } }));
    const funnel = dataOf<{ users: number; items: { id: string; done: number }[] }>(await alice.call('GET', `/dashboard/api/flows/${id}/funnel?mode=test`));
    expect(funnel.users).toBe(3);
    expect(funnel.items.map((item) => [item.id, item.done])).toEqual([['a', 3], ['b', 0]]);
    // Where users leave: user_2 dismisses on "b" (the first item not done), user_4 on "a".
    dataOf(await call(h.app, 'POST', `/onboarding/api/v1/progress/${id}/dismiss`, { key: pub, body: { userId: 'user_2' } }));
    dataOf(await call(h.app, 'POST', `/onboarding/api/v1/progress/${id}/dismiss`, { key: pub, body: { userId: 'user_4' } }));
    const left = dataOf<{ dismissed: number; items: { id: string; leftHere: number }[] }>(await alice.call('GET', `/dashboard/api/flows/${id}/funnel?mode=test`));
    expect(left.dismissed).toBe(2);
    expect(left.items.map((item) => [item.id, item.leftHere])).toEqual([['a', 1], ['b', 1]]);
    const csv = await alice.call('GET', `/dashboard/api/flows/${id}/progress.csv?mode=test`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="progress-${id}-test.csv"`);
    expect(csv.body.split('\r\n')[0]).toMatch(/^workspaceKey,userId,state,/);
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
    expect(csv.body).not.toMatch(/(^|,)=HYPERLINK/m);
    const outcomes = dataOf<{ events: { event: string; count: number; users: number }[]; recent: { userId: string }[] }>(await alice.call('GET', `/dashboard/api/flows/${id}/outcomes?mode=test`));
    expect(outcomes.events).toEqual([expect.objectContaining({ event: 'project.created', count: 1, users: 1 })]);
    expect(outcomes.recent.map((o) => o.userId)).toEqual(['user_3']);
  });
});

describe('importer sessions, usage and plan', () => {
  it('lists import sessions with figures and never their rows', async () => {
    const { id } = dataOf<{ id: string }>(await alice.call('POST', '/dashboard/api/importers', { name: 'Contacts' }));
    dataOf(await alice.call('PUT', `/dashboard/api/importers/${id}/draft`, { name: 'Contacts', config: SAMPLE_CONFIGS.importer }));
    dataOf(await alice.call('POST', `/dashboard/api/importers/${id}/publish`));
    const session = dataOf<{ id: string }>(await call(h.app, 'POST', '/importer/api/v1/sessions', { key: pub, body: { importerId: id } }));
    const sessions = dataOf<{ id: string; status: string; importerName: string; durationMs: number | null }[]>(await alice.call('GET', '/dashboard/api/import-sessions?mode=test'));
    expect(sessions[0]).toMatchObject({ id: session.id, status: 'open', importerName: 'Contacts', durationMs: null });
    expect(Object.keys(sessions[0] ?? {})).not.toContain('rows');
    expect(dataOf<unknown[]>(await bob.call('GET', '/dashboard/api/import-sessions?mode=test'))).toEqual([]);
  });

  it('reports 30 days of usage per service', async () => {
    const usage = dataOf<{ services: Record<string, { totals: Record<string, number> }> }>(await alice.call('GET', '/dashboard/api/usage?mode=test'));
    expect(Object.keys(usage.services).sort()).toEqual(['feedback', 'importer', 'onboarding']);
    expect(usage.services.onboarding?.totals.configFetches).toBeGreaterThan(0);
    expect(usage.services.feedback?.totals.postsCreated).toBeGreaterThan(0);
    expect(usage.services.importer?.totals.sessionsStarted).toBeGreaterThan(0);
    const other = dataOf<{ services: Record<string, { totals: Record<string, number> }> }>(await bob.call('GET', '/dashboard/api/usage?mode=test'));
    expect(other.services.onboarding?.totals.configFetches).toBe(0);
  });

  it('sets the plan, which the API applies at once', async () => {
    const id = await dashboardFlow();
    dataOf(await alice.call('POST', `/dashboard/api/flows/${id}/publish`));
    const live = () => call(h.app, 'GET', `/onboarding/api/v1/config/${id}`, { key: h.ws.keys.livePublishable, headers: { origin: 'https://app.example.com' } });
    dataOf(await alice.call('PUT', '/dashboard/api/plan', { plan: 'free' }));
    expect(errorOf(await live()).code).toBe('plan_required');
    expect(dataOf(await alice.call('PUT', '/dashboard/api/plan', { plan: 'byo' }))).toEqual({ plan: 'byo' });
    expect((await live()).statusCode).toBe(200);
    expect(dataOf<{ plan: string }>(await alice.call('GET', '/dashboard/api/plan')).plan).toBe('byo');
    expect(dataOf<{ plan: string }>(await bob.call('GET', '/dashboard/api/plan')).plan).toBe('free');
  });
});
