import { describe, expect, it, vi } from 'vitest';
import { call, createResource, dataOf, errorOf, harness, publishResource } from './helpers.js';

const h = await harness();
const secret = h.ws.keys.testSecret;
const pub = h.ws.keys.testPublishable;

const BASE_CONFIG = {
  snoozeDays: [1, 7],
  items: [
    { id: 'profile', title: 'Profile' },
    { id: 'invite', title: 'Invite', dependsOn: ['profile'] },
    { id: 'project', title: 'Project', completion: { kind: 'event', event: 'project.created' } },
    { id: 'tour', title: 'Tour', optional: true },
  ],
};

const publishFlow = (config: unknown = BASE_CONFIG, key = secret, flowId?: string) =>
  publishResource(h.app, key, 'onboarding', 'flows', { name: 'Onboarding', config }, flowId);

interface Progress {
  state: string;
  userId: string;
  workspaceKey: string | null;
  revisionId: string;
  items: { id: string; state: string; updatedAt: string | null }[];
  doneCount: number;
  requiredCount: number;
  completedAt: string | null;
  dismissedAt: string | null;
  snoozedUntil: string | null;
}

const user = { userId: 'u_1' };
const post = (flowId: string, path: string, body: Record<string, unknown> = user, options: { key?: string; token?: string } = {}) =>
  call(h.app, 'POST', `/onboarding/api/v1/progress/${flowId}${path}`, {
    key: options.key ?? pub,
    body,
    headers: options.token ? { 'inlay-author-token': options.token } : {},
  });
const get = (flowId: string, query = '?userId=u_1', options: { key?: string; token?: string } = {}) =>
  call(h.app, 'GET', `/onboarding/api/v1/progress/${flowId}${query}`, {
    key: options.key ?? pub,
    headers: options.token ? { 'inlay-author-token': options.token } : {},
  });
const states = (p: Progress) => Object.fromEntries(p.items.map((item) => [item.id, item.state]));

async function mint(flowId: string, authorId = 'u_1', workspaceKey = 'acct_1', key = secret, expiresInSec = 900): Promise<string> {
  return dataOf<{ token: string }>(
    await call(h.app, 'POST', '/onboarding/api/v1/author-tokens', { key, body: { authorId, flowId, workspaceKey, expiresInSec } }),
  ).token;
}

describe('hosted progress operations', () => {
  it('starts not_started with every item pending, without writing anything', async () => {
    const flowId = await publishFlow();
    const progress = dataOf<Progress>(await get(flowId));
    expect(progress).toMatchObject({ state: 'not_started', userId: 'u_1', workspaceKey: null, doneCount: 0, requiredCount: 3 });
    expect(states(progress)).toEqual({ profile: 'pending', invite: 'pending', project: 'pending', tour: 'pending' });
  });

  it('completes items in order, repeats as no-ops, and completes the flow when required items are done', async () => {
    const flowId = await publishFlow();
    const first = dataOf<Progress>(await post(flowId, '/items/profile/complete'));
    expect(first.state).toBe('in_progress');
    const again = dataOf<Progress>(await post(flowId, '/items/profile/complete'));
    expect(again).toEqual(first);
    dataOf(await post(flowId, '/items/invite/complete'));
    const done = dataOf<Progress>(await post(flowId, '/items/project/skip'));
    expect(done.state).toBe('completed');
    expect(done.completedAt).not.toBeNull();
    expect(states(done)).toEqual({ profile: 'completed', invite: 'completed', project: 'skipped', tour: 'pending' });
    expect(dataOf<Progress>(await get(flowId))).toEqual(done);
  });

  it('refuses to complete an item whose dependencies are not done, with 409 and the current state', async () => {
    const flowId = await publishFlow();
    const response = await post(flowId, '/items/invite/complete');
    expect(response.statusCode).toBe(409);
    const error = errorOf(response) as { code: string; current?: Progress };
    expect(error.code).toBe('dependency_incomplete');
    expect(error.current?.state).toBe('not_started');
    expect(states(error.current!).invite).toBe('pending');
  });

  it('refuses to skip a completed item (409) and unknown items (404)', async () => {
    const flowId = await publishFlow();
    dataOf(await post(flowId, '/items/profile/complete'));
    const skip = await post(flowId, '/items/profile/skip');
    expect(skip.statusCode).toBe(409);
    expect(errorOf(skip).code).toBe('invalid_transition');
    const unknown = await post(flowId, '/items/nope/complete');
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown)).toMatchObject({ code: 'not_found', param: 'itemId' });
  });

  it('snoozes only for a day count in snoozeDays, and resume brings the flow back', async () => {
    const flowId = await publishFlow();
    const bad = await post(flowId, '/snooze', { ...user, days: 3 });
    expect(errorOf(bad)).toMatchObject({ code: 'snooze_days_not_allowed', param: 'days' });
    const before = Date.now();
    const snoozed = dataOf<Progress>(await post(flowId, '/snooze', { ...user, days: 7 }));
    expect(snoozed.state).toBe('snoozed');
    const until = Date.parse(snoozed.snoozedUntil!);
    expect(until - before).toBeGreaterThanOrEqual(7 * 86_400_000 - 1000);
    expect(until - before).toBeLessThanOrEqual(7 * 86_400_000 + 5000);
    expect(dataOf<Progress>(await post(flowId, '/snooze', { ...user, days: 1 }))).toEqual(snoozed);
    const resumed = dataOf<Progress>(await post(flowId, '/resume'));
    expect(resumed).toMatchObject({ state: 'not_started', snoozedUntil: null });
  });

  it('dismisses, refuses to snooze a dismissed flow, and resumes', async () => {
    const flowId = await publishFlow();
    dataOf(await post(flowId, '/items/profile/complete'));
    const dismissed = dataOf<Progress>(await post(flowId, '/dismiss'));
    expect(dismissed.state).toBe('dismissed');
    expect(dataOf<Progress>(await post(flowId, '/dismiss'))).toEqual(dismissed);
    const snooze = await post(flowId, '/snooze', { ...user, days: 1 });
    expect(snooze.statusCode).toBe(409);
    expect((errorOf(snooze) as { current?: Progress }).current?.state).toBe('dismissed');
    expect(dataOf<Progress>(await post(flowId, '/resume')).state).toBe('in_progress');
  });

  it('resets everything back to not_started', async () => {
    const flowId = await publishFlow();
    dataOf(await post(flowId, '/items/profile/complete'));
    dataOf(await post(flowId, '/dismiss'));
    const reset = dataOf<Progress>(await post(flowId, '/reset'));
    expect(reset).toMatchObject({ state: 'not_started', doneCount: 0, dismissedAt: null, completedAt: null });
  });

  it('honours the toggles: skip, snooze and dismiss can be turned off (403 feature_disabled)', async () => {
    const flowId = await publishFlow({ ...BASE_CONFIG, toggles: { allowSkip: false, allowSnooze: false, allowDismiss: false } });
    for (const [path, body] of [
      ['/items/profile/skip', user],
      ['/snooze', { ...user, days: 1 }],
      ['/dismiss', user],
    ] as const) {
      const response = await post(flowId, path, body);
      expect(response.statusCode, path).toBe(403);
      expect(errorOf(response).code).toBe('feature_disabled');
    }
  });

  it('keeps progress per user and per workspaceKey', async () => {
    const flowId = await publishFlow();
    dataOf(await post(flowId, '/items/profile/complete', { userId: 'a', workspaceKey: 'acct_1' }));
    expect(dataOf<Progress>(await get(flowId, '?userId=a&workspaceKey=acct_1')).doneCount).toBe(1);
    expect(dataOf<Progress>(await get(flowId, '?userId=a&workspaceKey=acct_2')).doneCount).toBe(0);
    expect(dataOf<Progress>(await get(flowId, '?userId=b&workspaceKey=acct_1')).doneCount).toBe(0);
  });

  it('shares one progress per account when shareProgressAcrossAccount is on', async () => {
    const flowId = await publishFlow({ ...BASE_CONFIG, toggles: { shareProgressAcrossAccount: true } });
    dataOf(await post(flowId, '/items/profile/complete', { userId: 'alice', workspaceKey: 'team_1' }));
    const bob = dataOf<Progress>(await get(flowId, '?userId=bob&workspaceKey=team_1'));
    expect(bob).toMatchObject({ userId: 'bob', workspaceKey: 'team_1', doneCount: 1 });
    expect(errorOf(await get(flowId, '?userId=bob'))).toMatchObject({ code: 'parameter_missing', param: 'workspaceKey' });
  });

  it('requires userId without a token, and refuses unknown fields', async () => {
    const flowId = await publishFlow();
    expect(errorOf(await get(flowId, ''))).toMatchObject({ code: 'parameter_missing', param: 'userId' });
    expect(errorOf(await post(flowId, '/items/profile/complete', { userId: 'u', traits: {} }))).toMatchObject({ code: 'parameter_unknown' });
  });

  it('answers 404 for unpublished flows, flows of other workspaces and the wrong key kind 403', async () => {
    const unpublished = await createResource(h.app, secret, 'onboarding', 'flows');
    expect(errorOf(await get(unpublished)).code).toBe('not_published');
    const theirs = await publishFlow(BASE_CONFIG, h.other.keys.testSecret);
    expect(errorOf(await get(theirs)).code).toBe('not_found');
    expect(errorOf(await post(theirs, '/reset')).code).toBe('not_found');
    expect(errorOf(await get(theirs, '?userId=u_1', { key: secret })).code).toBe('wrong_key_kind');
  });

  it('enforces allowedOrigins on progress routes', async () => {
    const flowId = await publishFlow({ ...BASE_CONFIG, allowedOrigins: ['https://app.example.com'] });
    const response = await call(h.app, 'POST', `/onboarding/api/v1/progress/${flowId}/reset`, {
      key: pub,
      body: user,
      headers: { origin: 'https://evil.example.org' },
    });
    expect(errorOf(response).code).toBe('origin_not_allowed');
    // An opaque origin (a sandboxed frame, a file) matches no pattern either.
    const opaque = await call(h.app, 'GET', `/onboarding/api/v1/progress/${flowId}?userId=u_1`, { key: pub, headers: { origin: 'null' } });
    expect(errorOf(opaque).code).toBe('origin_not_allowed');
  });
});

describe('revision pinning', () => {
  it('keeps surviving items, drops removed ones and adds new ones pending after a republish', async () => {
    const flowId = await publishFlow();
    dataOf(await post(flowId, '/items/profile/complete'));
    const pinned = dataOf<Progress>(await post(flowId, '/items/invite/complete'));
    await publishFlow({ items: [{ id: 'invite', title: 'Invite' }, { id: 'billing', title: 'Billing' }] }, secret, flowId);
    const after = dataOf<Progress>(await get(flowId));
    expect(after.revisionId).not.toBe(pinned.revisionId);
    expect(states(after)).toEqual({ invite: 'completed', billing: 'pending' });
    expect(after.state).toBe('in_progress');
    const written = dataOf<Progress>(await post(flowId, '/items/billing/complete'));
    expect(written).toMatchObject({ state: 'completed', revisionId: after.revisionId });
  });

  it('stores progress under the live revision after any write, one that changes nothing or an outcome included', async () => {
    const flowId = await publishFlow();
    for (const userId of ['writer', 'reporter']) dataOf(await post(flowId, '/items/profile/complete', { userId }));
    await publishFlow(BASE_CONFIG, secret, flowId);
    const live = dataOf<Progress>(await get(flowId, '?userId=writer')).revisionId;
    dataOf(await post(flowId, '/items/profile/complete', { userId: 'writer' }));
    dataOf(await call(h.app, 'POST', '/onboarding/api/v1/outcomes', { key: pub, body: { flowId, userId: 'reporter', event: 'nothing.matches' } }));
    const stored = await h.storage.db.selectFrom('progress').select(['user_id', 'revision_id']).where('flow_id', '=', flowId).orderBy('user_id').execute();
    expect(stored).toEqual([
      { user_id: 'reporter', revision_id: live },
      { user_id: 'writer', revision_id: live },
    ]);
  });

  it('counts a flow completed by a republish once, whether the user next reads or writes', async () => {
    const key = secret;
    const items = [{ id: 'a', title: 'A' }, { id: 'b', title: 'B' }, { id: 'c', title: 'C', completion: { kind: 'event', event: 'c.done' } }];
    const flowId = await publishFlow({ items }, key);
    for (const userId of ['reader', 'writer', 'repeater', 'reporter']) dataOf(await post(flowId, '/items/a/complete', { userId }));
    // Item b, still pending for all three, goes: a is now their last required item, and done.
    await publishFlow({ items: [items[0], { ...items[2], optional: true }] }, key, flowId);
    const read = async () => dataOf<Progress>(await get(flowId, '?userId=reader'));
    const first = await read();
    expect(first).toMatchObject({ state: 'completed' });
    expect(first.completedAt).not.toBeNull();
    expect(await read()).toEqual(first);
    const written = dataOf<Progress>(await post(flowId, '/items/c/skip', { userId: 'writer' }));
    expect(written.state).toBe('completed');
    // Writes that change nothing still pin the new revision: the completion is counted once.
    for (let i = 0; i < 2; i += 1) expect(dataOf<Progress>(await post(flowId, '/items/a/complete', { userId: 'repeater' })).state).toBe('completed');
    dataOf(await call(h.app, 'POST', '/onboarding/api/v1/outcomes', { key: pub, body: { flowId, userId: 'reporter', event: 'other' } }));
    expect(dataOf<Progress>(await get(flowId, '?userId=reporter')).state).toBe('completed');
    const usage = dataOf<{ daily: { resourceId: string; counts: Record<string, number> }[] }>(await call(h.app, 'GET', '/onboarding/api/v1/usage', { key }));
    expect(usage.daily.find((entry) => entry.resourceId === flowId)?.counts.flowCompletions).toBe(4);
  });
});

describe('author tokens on progress routes', () => {
  it('takes identity from the token and refuses a body naming someone else', async () => {
    const flowId = await publishFlow();
    const token = await mint(flowId, 'tok_user', 'acct_t');
    const progress = dataOf<Progress>(await post(flowId, '/items/profile/complete', {}, { token }));
    expect(progress).toMatchObject({ userId: 'tok_user', workspaceKey: 'acct_t' });
    expect(dataOf<Progress>(await get(flowId, '', { token })).doneCount).toBe(1);
    const mismatch = await post(flowId, '/reset', { userId: 'someone_else' }, { token });
    expect(mismatch.statusCode).toBe(403);
    expect(errorOf(mismatch)).toMatchObject({ code: 'identity_mismatch', param: 'userId' });
    const wskMismatch = await get(flowId, '?workspaceKey=acct_other', { token });
    expect(errorOf(wskMismatch).code).toBe('identity_mismatch');
  });

  it('requires a token when the flow says so, for reads too', async () => {
    const flowId = await publishFlow({ ...BASE_CONFIG, requireAuthorToken: true });
    expect(errorOf(await get(flowId)).code).toBe('author_token_required');
    expect(errorOf(await post(flowId, '/reset')).code).toBe('author_token_required');
    const token = await mint(flowId);
    expect((await get(flowId, '', { token })).statusCode).toBe(200);
  });

  it('refuses a token for another flow, another workspace, the other mode, or garbage', async () => {
    const flowId = await publishFlow();
    const otherFlow = await publishFlow();
    const wrongFlow = await mint(otherFlow);
    const theirFlow = await publishFlow(BASE_CONFIG, h.other.keys.testSecret);
    const foreign = await mint(theirFlow, 'u_1', 'acct_1', h.other.keys.testSecret);
    const live = await mint(flowId, 'u_1', 'acct_1', h.ws.keys.liveSecret);
    for (const token of [wrongFlow, foreign, live, 'not-a-token']) {
      const response = await post(flowId, '/items/profile/complete', {}, { token });
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).code).toBe('author_token_invalid');
    }
  });

  it('answers 401 author_token_expired for an expired token', async () => {
    const flowId = await publishFlow();
    const token = await mint(flowId, 'u_1', 'acct_1', secret, 60);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 120_000);
    try {
      const response = await post(flowId, '/items/profile/complete', {}, { token });
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).code).toBe('author_token_expired');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('live mode', () => {
  it('needs the hosted plan (402) and an author token for writes (403)', async () => {
    const flowId = await publishFlow();
    const livePub = h.ws.keys.livePublishable;
    await h.setPlan(h.ws.id, 'byo');
    const byo = await post(flowId, '/items/profile/complete', user, { key: livePub });
    expect(byo.statusCode).toBe(402);
    expect(errorOf(byo).message).toContain('"hosted"');
    await h.setPlan(h.ws.id, 'hosted');
    expect(errorOf(await post(flowId, '/items/profile/complete', user, { key: livePub })).code).toBe('author_token_required');
    // Reporting an outcome writes progress too.
    const outcome = await call(h.app, 'POST', '/onboarding/api/v1/outcomes', { key: livePub, body: { flowId, userId: 'u_1', event: 'project.created' } });
    expect(errorOf(outcome).code).toBe('author_token_required');
    const token = await mint(flowId, 'u_1', 'acct_1', h.ws.keys.liveSecret);
    const written = dataOf<Progress & { mode: string }>(await post(flowId, '/items/profile/complete', {}, { key: livePub, token }));
    expect(written.mode).toBe('live');
    // Reading needs no token (unless the flow requires one): it shows, never changes.
    expect(dataOf<Progress>(await get(flowId, '?userId=u_1&workspaceKey=acct_1', { key: livePub })).doneCount).toBe(1);
    // Test-mode progress of the same user is separate.
    const testSide = dataOf<Progress>(await get(flowId, '?userId=u_1&workspaceKey=acct_1'));
    expect(testSide.doneCount).toBe(0);
    await h.setPlan(h.ws.id, 'free');
  });
});

describe('POST /api/v1/outcomes', () => {
  it('completes every item whose completion event matches, whatever its dependencies', async () => {
    const flowId = await publishFlow({
      items: [
        { id: 'a', title: 'A' },
        { id: 'b', title: 'B', dependsOn: ['a'], completion: { kind: 'event', event: 'project.created' } },
        { id: 'c', title: 'C', completion: { kind: 'event', event: 'project.created' } },
        { id: 'd', title: 'D', completion: { kind: 'event', event: 'invoice.paid' } },
      ],
    });
    const result = dataOf<{ outcomeId: string; event: string; completedItemIds: string[]; progress: Progress }>(
      await call(h.app, 'POST', '/onboarding/api/v1/outcomes', { key: pub, body: { flowId, userId: 'u_9', event: 'project.created' } }),
    );
    expect(result.outcomeId).toMatch(/^out_/);
    expect(result.completedItemIds).toEqual(['b', 'c']);
    expect(states(result.progress)).toEqual({ a: 'pending', b: 'completed', c: 'completed', d: 'pending' });
    const again = dataOf<{ completedItemIds: string[] }>(
      await call(h.app, 'POST', '/onboarding/api/v1/outcomes', { key: pub, body: { flowId, userId: 'u_9', event: 'project.created' } }),
    );
    expect(again.completedItemIds).toEqual([]);
  });

  it('stores when an outcome happened as one UTC form with milliseconds, so that outcomes sort by time', async () => {
    const flowId = await publishFlow();
    const record = async (occurredAt: string) =>
      dataOf<{ outcomeId: string }>(await call(h.app, 'POST', '/onboarding/api/v1/outcomes', { key: pub, body: { flowId, userId: 'u_when', event: 'x.done', occurredAt } })).outcomeId;
    const ids = [await record('2026-11-20T09:30:00Z'), await record('2026-11-20T09:30:00.5Z'), await record('2026-11-20T09:30:00.123456Z')];
    const rows = await h.storage.db.selectFrom('outcomes').select(['id', 'occurred_at']).where('id', 'in', ids).orderBy('occurred_at').execute();
    expect(rows.map((row) => [row.id, row.occurred_at])).toEqual([
      [ids[0], '2026-11-20T09:30:00.000Z'],
      [ids[2], '2026-11-20T09:30:00.123Z'],
      [ids[1], '2026-11-20T09:30:00.500Z'],
    ]);
  });

  it('validates the body', async () => {
    const flowId = await publishFlow();
    for (const body of [{ flowId, userId: 'u' }, { flowId, userId: 'u', event: 'x', occurredAt: 'yesterday' }, { flowId, event: 'x' }]) {
      const response = await call(h.app, 'POST', '/onboarding/api/v1/outcomes', { key: pub, body });
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('onboarding usage', () => {
  it('counts writes, completions, outcomes and distinct active users per flow and day', async () => {
    const key = h.other.keys.testSecret;
    const flowId = await publishFlow({ items: [{ id: 'x', title: 'X' }, { id: 'y', title: 'Y', completion: { kind: 'event', event: 'e' } }] }, key);
    const otherPub = h.other.keys.testPublishable;
    const write = (path: string, userId: string) => post(flowId, path, { userId }, { key: otherPub });
    dataOf(await write('/items/x/complete', 'p1'));
    dataOf(await write('/items/x/complete', 'p1'));
    dataOf(await write('/items/x/complete', 'p2'));
    dataOf(await call(h.app, 'POST', '/onboarding/api/v1/outcomes', { key: otherPub, body: { flowId, userId: 'p2', event: 'e' } }));
    const usage = dataOf<{ totals: Record<string, number>; daily: { resourceId: string; counts: Record<string, number> }[] }>(
      await call(h.app, 'GET', '/onboarding/api/v1/usage', { key }),
    );
    expect(usage.totals).toMatchObject({ progressWrites: 4, itemCompletions: 3, flowCompletions: 1, outcomes: 1, activeUsers: 2 });
    const row = usage.daily.find((entry) => entry.resourceId === flowId);
    expect(row?.counts).toMatchObject({ progressWrites: 4, activeUsers: 2 });
  });
});

describe('concurrent writes', () => {
  it('lose nothing: parallel completions of different items all land', async () => {
    const items = Array.from({ length: 20 }, (_, i) => ({ id: `i${i}`, title: `Item ${i}` }));
    const flowId = await publishFlow({ items });
    await Promise.all(items.map((item) => post(flowId, `/items/${item.id}/complete`)));
    const progress = dataOf<Progress>(await get(flowId));
    expect(progress.doneCount).toBe(20);
    expect(progress.state).toBe('completed');
  });
});
