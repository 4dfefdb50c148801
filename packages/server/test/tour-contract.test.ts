import { describe, expect, it } from 'vitest';
import { call, createResource, dataOf, errorOf, harness } from './helpers.js';

/** Tours and hotspots on the flow contract (docs/onboarding.md, "Tours and hotspots"), over HTTP. */

const h = await harness();
const secret = h.ws.keys.testSecret;
const pub = h.ws.keys.testPublishable;
const flows = '/onboarding/api/v1/flows';

const save = (id: string, config: unknown) => call(h.app, 'PATCH', `${flows}/${id}`, { key: secret, body: { name: 'Tour', config } });
const publish = (id: string) => call(h.app, 'POST', `${flows}/${id}`, { key: secret, body: { action: 'publish' } });

const TOUR = {
  presentation: 'tour',
  pages: ['/app/*', '/projects/*/settings'],
  start: 'manual',
  items: [
    { id: 'welcome', title: 'Welcome', description: 'A step of its own, on no element.' },
    {
      id: 'new-project',
      title: 'Create a project',
      anchor: { selector: '[data-tour="new-project"]', page: '/app/*', placement: 'end', modal: true },
      advance: 'click',
    },
    {
      id: 'invite',
      title: 'Invite',
      anchor: { selector: 'main > .toolbar button:not([disabled]):nth-of-type(2)', fallback: 'skip' },
      advance: 'event',
      completion: { kind: 'event', event: 'member.invited' },
    },
  ],
};

describe('tour fields of a flow config', () => {
  it('round-trip through the draft, the publish and the published config exactly as sent', async () => {
    const id = await createResource(h.app, secret, 'onboarding', 'flows');
    dataOf(await save(id, TOUR));
    const draft = dataOf<{ draft: { config: Record<string, unknown> } }>(await call(h.app, 'GET', `${flows}/${id}`, { key: secret })).draft.config;
    expect(draft).toMatchObject({ presentation: 'tour', pages: TOUR.pages, start: 'manual' });
    // Items gain only the completion default every item has; nothing is added to an anchor.
    expect(draft.items).toEqual([
      { ...TOUR.items[0], completion: { kind: 'manual' } },
      { ...TOUR.items[1], completion: { kind: 'manual' } },
      TOUR.items[2],
    ]);
    dataOf(await publish(id));
    const live = dataOf<{ config: Record<string, unknown> }>(await call(h.app, 'GET', `/onboarding/api/v1/config/${id}`, { key: pub }));
    expect(live.config).toEqual(draft);
  });

  it('leave an existing flow and its progress exactly as they were', async () => {
    const id = await createResource(h.app, secret, 'onboarding', 'flows');
    const before = { items: [{ id: 'a', title: 'First' }, { id: 'b', title: 'Second', dependsOn: ['a'] }] };
    dataOf(await save(id, before));
    dataOf(await publish(id));
    const progress = dataOf(await call(h.app, 'POST', `/onboarding/api/v1/progress/${id}/items/a/complete`, { key: pub, body: { userId: 'u_1' } }));
    const config = dataOf<{ config: Record<string, unknown> }>(await call(h.app, 'GET', `/onboarding/api/v1/config/${id}`, { key: pub })).config;
    expect(config).toEqual({
      requireAuthorToken: false,
      emptyState: '',
      allowedOrigins: [],
      snoozeDays: [1, 3, 7],
      items: [
        { id: 'a', title: 'First', completion: { kind: 'manual' } },
        { id: 'b', title: 'Second', completion: { kind: 'manual' }, dependsOn: ['a'] },
      ],
      toggles: { allowDismiss: true, allowSkip: true, allowSnooze: true, showProgress: true, autoOpen: false, shareProgressAcrossAccount: false },
    });
    // Saved again as read (what an editor does) and republished: the same config, the same progress.
    dataOf(await save(id, config));
    dataOf(await publish(id));
    const again = dataOf<{ config: unknown }>(await call(h.app, 'GET', `/onboarding/api/v1/config/${id}`, { key: pub }));
    expect(again.config).toEqual(config);
    const read = dataOf<Record<string, unknown>>(await call(h.app, 'GET', `/onboarding/api/v1/progress/${id}?userId=u_1`, { key: pub }));
    expect({ ...read, revisionId: undefined }).toEqual({ ...progress, revisionId: undefined });
    expect(read.items).toEqual((progress as { items: unknown }).items);
  });

  it.each([
    ['a selector that does not parse', { selector: 'button[' }, 'config.items.0.anchor.selector', /"button\[": not a valid CSS selector/],
    ['a selector with a stray combinator', { selector: 'main >' }, 'config.items.0.anchor.selector', /not a valid CSS selector/],
    ['a pseudo-element', { selector: 'p::before' }, 'config.items.0.anchor.selector', /::before is a pseudo-element/],
    ['an unknown pseudo-class', { selector: 'li:hovered' }, 'config.items.0.anchor.selector', /:hovered is not a pseudo-class/],
    ['an unknown pseudo-class inside :not()', { selector: 'li:not(:frist-child)' }, 'config.items.0.anchor.selector', /:frist-child is not/],
    ['an empty selector', { selector: '  ' }, 'config.items.0.anchor.selector', /selector must not be empty/],
    ['a page that is not a path', { selector: '#a', page: 'app/*' }, 'config.items.0.anchor.page', /starts with "\/"/],
    ['a page with a query', { selector: '#a', page: '/app?x=1' }, 'config.items.0.anchor.page', /no spaces, "\?" or "#"/],
    ['an unknown placement', { selector: '#a', placement: 'left' }, 'config.items.0.anchor.placement', /top.*bottom.*start.*end/],
  ])('refuse %s with parameter_invalid and its path', async (_, anchor, param, message) => {
    const id = await createResource(h.app, secret, 'onboarding', 'flows');
    const response = await save(id, { presentation: 'tour', items: [{ id: 'a', title: 'A', anchor }] });
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error).toMatchObject({ type: 'invalid_request', code: 'parameter_invalid', param });
    expect(error.message).toMatch(message);
  });

  it('refuses a field an anchor does not have with parameter_unknown', async () => {
    const id = await createResource(h.app, secret, 'onboarding', 'flows');
    const response = await save(id, { items: [{ id: 'a', title: 'A', anchor: { selector: '#a', offset: 4 } }] });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ type: 'invalid_request', code: 'parameter_unknown', param: 'config.items.0.anchor.offset' });
  });

  it.each([
    ['an unknown presentation', { presentation: 'carousel' }, 'config.presentation'],
    ['an unknown start', { start: 'later' }, 'config.start'],
    ['a flow page that is not a path', { pages: ['/app', 'dashboard'] }, 'config.pages.1'],
    ['an unknown advance', { items: [{ id: 'a', title: 'A', advance: 'hover' }] }, 'config.items.0.advance'],
    ['advance "event" without an event', { items: [{ id: 'a', title: 'A', advance: 'event' }] }, 'config.items.0.advance'],
  ])('refuse %s', async (_, config, param) => {
    const id = await createResource(h.app, secret, 'onboarding', 'flows');
    const response = await save(id, config);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'parameter_invalid', param });
  });

  it('keep progress per item id: a tour step done is an item completed', async () => {
    const id = await createResource(h.app, secret, 'onboarding', 'flows');
    dataOf(await save(id, TOUR));
    dataOf(await publish(id));
    const progress = dataOf<{ items: { id: string; state: string }[] }>(
      await call(h.app, 'POST', `/onboarding/api/v1/progress/${id}/items/welcome/complete`, { key: pub, body: { userId: 'u_2' } }),
    );
    expect(progress.items.map((item) => item.state)).toEqual(['completed', 'pending', 'pending']);
    const outcome = dataOf<{ completedItemIds: string[] }>(
      await call(h.app, 'POST', '/onboarding/api/v1/outcomes', { key: pub, body: { flowId: id, event: 'member.invited', userId: 'u_2' } }),
    );
    expect(outcome.completedItemIds).toEqual(['invite']);
  });
});
