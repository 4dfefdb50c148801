import { isInlayError } from '@inlay/client';
import type { Progress } from '@inlay/core';
import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { InlayErrorEvent } from '../events.js';
import {
  checkbox,
  liveRegion,
  memoryStore,
  mount,
  newUserId,
  part,
  parts,
  recordFetches,
  serverProgress,
  settled,
  testEnv,
  type TestEnv,
} from '../testing/helpers.js';

let env: TestEnv;
before(async () => {
  env = await testEnv();
});

const stateOf = (progress: Progress, itemId: string) => progress.items.find((item) => item.id === itemId)?.state;

describe('<inlay-checklist> with the hosted store (real server)', () => {
  it('renders the published flow: title, items in order, descriptions, links and progress', async () => {
    const el = await mount({ flowId: env.flows.main });
    expect(part(el, 'title')?.textContent).to.equal('Get started with Acme');
    const items = parts(el, 'item');
    expect(items.map((item) => item.querySelector('label')?.textContent)).to.deep.equal([
      'Complete your profile',
      'Create your first project',
      'Invite your team',
      'Connect an integration',
    ]);
    expect(items.every((item) => item.tagName === 'LI' && item.parentElement?.tagName === 'UL')).to.equal(true);
    expect(parts(el, 'item-description')[0]?.textContent).to.equal('Add your name and a photo so teammates recognise you.');
    const links = parts<HTMLAnchorElement>(el, 'item-action');
    expect(links.map((link) => link.getAttribute('href'))).to.deep.equal(['/settings/profile', 'https://example.com/projects/new', '/team/invite']);
    expect(links[0]?.textContent).to.equal('Open settings');
    const bar = part(el, 'progress');
    expect(bar?.getAttribute('role')).to.equal('progressbar');
    expect([bar?.getAttribute('aria-valuemin'), bar?.getAttribute('aria-valuemax'), bar?.getAttribute('aria-valuenow')]).to.deep.equal(['0', '3', '0']);
    expect(part(el, 'summary')?.textContent).to.equal('0 of 3 done');
  });

  it('completes an item at once, then saves it on the server and says so in the live region', async () => {
    const userId = newUserId();
    const el = await mount({ flowId: env.flows.main, userId });
    const box = checkbox(el, 'profile');
    const saved = oneEvent(el, 'inlay-item-complete');
    box.click();
    await el.updateComplete;
    // Optimistic: shown before the server has answered.
    expect(box.checked).to.equal(true);
    expect(part(el, 'progress')?.getAttribute('aria-valuenow')).to.equal('1');
    expect(liveRegion(el)).to.equal('Completed “Complete your profile”. 1 of 3 done.');
    const { detail } = await saved;
    expect(detail.flowId).to.equal(env.flows.main);
    expect(detail.itemId).to.equal('profile');
    expect(stateOf(detail.progress, 'profile')).to.equal('completed');
    expect(stateOf(await serverProgress(env.flows.main, userId), 'profile')).to.equal('completed');
  });

  it('shows saved progress when it loads again', async () => {
    const userId = newUserId();
    const first = await mount({ flowId: env.flows.main, userId });
    checkbox(first, 'profile').click();
    await oneEvent(first, 'inlay-item-complete');
    const again = await mount({ flowId: env.flows.main, userId });
    expect(checkbox(again, 'profile').checked).to.equal(true);
    expect(part(again, 'summary')?.textContent).to.equal('1 of 3 done');
  });

  it('blocks an item until its dependencies are done', async () => {
    const el = await mount({ flowId: env.flows.main });
    const invite = checkbox(el, 'invite');
    expect(invite.getAttribute('aria-disabled')).to.equal('true');
    expect(el.shadowRoot?.getElementById('item-invite-hint')?.textContent).to.equal('Finish “Create your first project” first.');
    expect(invite.getAttribute('aria-describedby')).to.contain('item-invite-hint');
    const skipInvite = parts<HTMLButtonElement>(el, 'skip-button').find((button) => button.getAttribute('aria-label')?.includes('Invite'));
    expect(skipInvite?.disabled).to.equal(true);
    invite.click();
    await el.updateComplete;
    expect(invite.checked).to.equal(false);

    checkbox(el, 'project').click();
    await el.updateComplete;
    expect(invite.getAttribute('aria-disabled')).to.equal('false');
    expect(el.shadowRoot?.getElementById('item-invite-hint')).to.equal(null);
  });

  it('dispatches inlay-flow-complete and shows the completed state when the last required item is done', async () => {
    const userId = newUserId();
    const el = await mount({ flowId: env.flows.main, userId });
    const completed = oneEvent(el, 'inlay-flow-complete');
    for (const id of ['profile', 'project', 'invite']) {
      checkbox(el, id).click();
      await el.updateComplete;
    }
    // "integrate" is optional: the flow is complete without it, and the bar counts required items.
    expect(part(el, 'complete')?.textContent).to.contain('All done!');
    expect(part(el, 'progress')?.getAttribute('aria-valuenow')).to.equal('3');
    expect(part(el, 'summary')?.textContent).to.equal('3 of 3 done');
    expect(liveRegion(el)).to.contain('Checklist complete.');
    const { detail } = await completed;
    expect(detail.progress.state).to.equal('completed');
    expect((await serverProgress(env.flows.main, userId)).state).to.equal('completed');
    // Nothing left to snooze.
    expect(parts(el, 'snooze-button')).to.have.length(0);
  });

  it('skips an item and keeps focus on that item', async () => {
    const userId = newUserId();
    const el = await mount({ flowId: env.flows.main, userId });
    const skip = parts<HTMLButtonElement>(el, 'skip-button')[0];
    expect(skip?.getAttribute('aria-label')).to.equal('Skip “Complete your profile”');
    skip?.click();
    await el.updateComplete;
    expect(el.shadowRoot?.activeElement?.id).to.equal('item-profile');
    expect(parts(el, 'item')[0]?.dataset.state).to.equal('skipped');
    expect(liveRegion(el)).to.equal('Skipped “Complete your profile”. 1 of 3 done.');
    await waitUntil(async () => stateOf(await serverProgress(env.flows.main, userId), 'profile') === 'skipped', 'skip not saved', { timeout: 5000 });
  });

  it('snoozes for one of the flow’s snoozeDays, then shows a compact state until resumed', async () => {
    const userId = newUserId();
    const el = await mount({ flowId: env.flows.main, userId });
    const chips = parts<HTMLButtonElement>(el, 'snooze-button');
    expect(chips.map((chip) => chip.textContent)).to.deep.equal(['1 day', '3 days', '1 week']);
    chips[1]?.click();
    await el.updateComplete;
    expect(part(el, 'list')).to.equal(null);
    expect(part(el, 'base')?.textContent).to.contain('Snoozed until');
    expect(el.shadowRoot?.activeElement).to.equal(part(el, 'show-button'));
    expect(liveRegion(el)).to.contain('Checklist snoozed until');
    await waitUntil(async () => (await serverProgress(env.flows.main, userId)).state === 'snoozed', 'snooze not saved', { timeout: 5000 });
    const until = Date.parse((await serverProgress(env.flows.main, userId)).snoozedUntil ?? '');
    expect(until - Date.now()).to.be.within(3 * 86_400_000 - 60_000, 3 * 86_400_000 + 1000);

    part<HTMLButtonElement>(el, 'show-button')?.click();
    await el.updateComplete;
    expect(parts(el, 'item')).to.have.length(4);
    await waitUntil(async () => (await serverProgress(env.flows.main, userId)).state === 'not_started', 'resume not saved', { timeout: 5000 });
  });

  it('dismisses (dispatching inlay-dismiss) and resumes from the compact "show checklist" state', async () => {
    const userId = newUserId();
    const el = await mount({ flowId: env.flows.main, userId });
    const dismissed = oneEvent(el, 'inlay-dismiss');
    part<HTMLButtonElement>(el, 'dismiss-button')?.click();
    await el.updateComplete;
    const show = part<HTMLButtonElement>(el, 'show-button');
    expect(show?.textContent).to.equal('Show checklist');
    expect(el.shadowRoot?.activeElement).to.equal(show);
    expect(liveRegion(el)).to.equal('Checklist dismissed.');
    const { detail } = await dismissed;
    expect(detail.progress.state).to.equal('dismissed');
    expect((await serverProgress(env.flows.main, userId)).state).to.equal('dismissed');

    // Still dismissed after a reload.
    const again = await mount({ flowId: env.flows.main, userId });
    expect(part(again, 'show-button')).to.not.equal(null);
    part<HTMLButtonElement>(again, 'show-button')?.click();
    await again.updateComplete;
    expect(parts(again, 'item')).to.have.length(4);
    expect(liveRegion(again)).to.equal('Checklist shown.');
    await waitUntil(async () => (await serverProgress(env.flows.main, userId)).state !== 'dismissed', 'resume not saved', { timeout: 5000 });
  });

  it('dispatches no inlay-dismiss when a write answers with a dismissal made in another tab', async () => {
    const userId = newUserId();
    const el = await mount({ flowId: env.flows.main, userId });
    const elsewhere = await fetch(`${env.baseUrl}/api/v1/progress/${env.flows.main}/dismiss`, {
      method: 'POST',
      headers: { authorization: `Bearer ${env.publishableKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ userId }),
    });
    expect(elsewhere.status).to.equal(200);
    let dismissals = 0;
    el.addEventListener('inlay-dismiss', () => (dismissals += 1));
    const completed = oneEvent(el, 'inlay-item-complete');
    checkbox(el, 'profile').click();
    expect((await completed).detail.progress.state).to.equal('dismissed');
    expect(dismissals).to.equal(0);
  });

  it('starts over with reset', async () => {
    const userId = newUserId();
    const el = await mount({ flowId: env.flows.main, userId });
    expect(part(el, 'reset-button')).to.equal(null);
    checkbox(el, 'profile').click();
    await oneEvent(el, 'inlay-item-complete');
    part<HTMLButtonElement>(el, 'reset-button')?.click();
    await el.updateComplete;
    expect(checkbox(el, 'profile').checked).to.equal(false);
    expect(liveRegion(el)).to.equal('Checklist started over.');
    await waitUntil(async () => stateOf(await serverProgress(env.flows.main, userId), 'profile') === 'pending', 'reset not saved', { timeout: 5000 });
  });

  it('shows the flow’s emptyState when it has no items', async () => {
    const el = await mount({ flowId: env.flows.empty });
    expect(part(el, 'empty')?.textContent).to.equal('No steps yet, check back soon.');
    expect(part(el, 'progress')).to.equal(null);
    // Snoozing is on by default, but there is nothing to snooze: no snooze chips, no footer.
    expect(part(el, 'footer')).to.equal(null);
  });

  it('leaves out the controls the flow’s toggles turn off', async () => {
    const el = await mount({ flowId: env.flows.bare });
    expect(parts(el, 'item')).to.have.length(2);
    for (const name of ['dismiss-button', 'skip-button', 'snooze-button', 'progress']) expect(part(el, name), name).to.equal(null);
  });

  it('renders nothing for a user the eligibility rules exclude, and shows up once traits match', async () => {
    const errors: Event[] = [];
    document.addEventListener('inlay-error', (event) => errors.push(event));
    const fetches = recordFetches();
    try {
      const el = await mount({ flowId: env.flows.pro, traits: { plan: 'free' } });
      expect(el.shadowRoot?.querySelector('*')).to.equal(null);
      expect(el.getBoundingClientRect().height).to.equal(0);
      expect(fetches.urls.some((url) => url.includes('/progress/'))).to.equal(false);

      el.traits = { plan: 'pro' };
      await waitUntil(() => parts(el, 'item').length === 1, 'did not render once eligible', { timeout: 5000 });
      expect(errors).to.have.length(0);
    } finally {
      fetches.stop();
    }
  });

  it('uses author tokens from getAuthorToken when the flow requires them', async () => {
    const userId = newUserId();
    const refused = await mount({ flowId: env.flows.token, userId });
    expect(part(refused, 'error')).to.not.equal(null);

    const calls: boolean[] = [];
    const getAuthorToken = async ({ forceRefresh }: { forceRefresh: boolean }) => {
      calls.push(forceRefresh);
      const query = new URLSearchParams({ flowId: env.flows.token, userId, workspaceKey: 'acme' });
      return ((await (await fetch(`/__inlay/author-token?${query}`)).json()) as { token: string }).token;
    };
    const el = await mount({ flowId: env.flows.token, userId, workspaceKey: 'acme', getAuthorToken });
    expect(parts(el, 'item')).to.have.length(1);
    checkbox(el, 'verify').click();
    const { detail } = await oneEvent(el, 'inlay-flow-complete');
    expect(detail.progress.state).to.equal('completed');
    expect(calls.length).to.be.greaterThan(0);
  });

  it('adopts the server’s progress when a write conflicts with it (409), and reports the error', async () => {
    const userId = newUserId();
    const stale = await mount({ flowId: env.flows.main, userId });
    const fresh = await mount({ flowId: env.flows.main, userId });
    checkbox(fresh, 'profile').click();
    await oneEvent(fresh, 'inlay-item-complete');

    // The stale view still offers "skip" for an item the server already has completed.
    const failed = oneEvent(stale, 'inlay-error');
    parts<HTMLButtonElement>(stale, 'skip-button')[0]?.click();
    const { detail } = await failed;
    expect(detail.error).to.include({ status: 409, code: 'invalid_transition' });
    expect(detail.operation).to.deep.equal({ type: 'skip', itemId: 'profile' });
    await stale.updateComplete;
    expect(parts(stale, 'item')[0]?.dataset.state).to.equal('completed');
    expect(checkbox(stale, 'profile').checked).to.equal(true);
  });
});

describe('<inlay-checklist> errors', () => {
  it('renders an error state and dispatches inlay-error for an unknown flow', async () => {
    const errored = new Promise<InlayErrorEvent>((resolve) => document.addEventListener('inlay-error', resolve, { once: true }));
    const el = await mount({ flowId: 'flow_doesnotexist' });
    const { detail } = await errored;
    expect(isInlayError(detail.error)).to.equal(true);
    expect(detail.error).to.include({ status: 404, code: 'not_found' });
    expect(detail.operation).to.equal(undefined);
    const error = part(el, 'error');
    expect(error?.getAttribute('role')).to.equal('alert');
    expect(error?.textContent).to.contain('This checklist could not be loaded');
    expect(error?.textContent).to.contain('(not_found)');
  });

  it('renders nothing until flow-id, publishable-key and base-url are all set', async () => {
    const el = document.createElement('inlay-checklist');
    el.publishableKey = env.publishableKey;
    el.baseUrl = env.baseUrl;
    document.body.append(el);
    try {
      await el.updateComplete;
      expect(el.shadowRoot?.querySelector('*')).to.equal(null);
      el.flowId = env.flows.main;
      el.userId = newUserId();
      await el.updateComplete;
      await settled(el);
      expect(parts(el, 'item')).to.have.length(4);
    } finally {
      el.remove();
    }
  });

  it('reports a flow that was never published', async () => {
    const el = await mount({ flowId: env.flows.unpublished });
    expect(part(el, 'error')?.textContent).to.contain('not_published');
  });

  it('renders an error state when the server is unreachable, and retries on request', async () => {
    const el = await mount({ flowId: env.flows.main, baseUrl: 'http://127.0.0.1:9/onboarding' });
    expect(part(el, 'error')).to.not.equal(null);
    const again = oneEvent(el, 'inlay-error');
    part<HTMLButtonElement>(el, 'retry-button')?.click();
    await el.updateComplete;
    expect(el.shadowRoot?.querySelector('[aria-busy="true"]')).to.not.equal(null);
    expect((await again).detail.error).to.be.instanceOf(Error);

    // Pointing it at the right server recovers without a page reload.
    el.baseUrl = env.baseUrl;
    await el.updateComplete;
    await settled(el);
    expect(parts(el, 'item')).to.have.length(4);
  });
});

describe('<inlay-checklist> with a host-supplied (BYO) store', () => {
  it('never calls the hosted progress routes, only the config route', async () => {
    const store = await memoryStore(env.flows.main);
    const fetches = recordFetches();
    try {
      const el = await mount({ flowId: env.flows.main, store });
      checkbox(el, 'profile').click();
      const { detail } = await oneEvent(el, 'inlay-item-complete');
      expect(detail.progress).to.deep.equal(store.progress);
      part<HTMLButtonElement>(el, 'dismiss-button')?.click();
      await oneEvent(el, 'inlay-dismiss');
      expect(store.operations).to.deep.equal([{ type: 'complete', itemId: 'profile' }, { type: 'dismiss' }]);
      expect(fetches.urls.filter((url) => url.includes('/api/v1/config/'))).to.have.length(1);
      expect(fetches.urls.filter((url) => url.includes('/api/v1/progress'))).to.deep.equal([]);
    } finally {
      fetches.stop();
    }
  });

  it('rolls an optimistic update back when the store refuses it', async () => {
    const store = await memoryStore(env.flows.main);
    let refuse: (reason: unknown) => void = () => undefined;
    store.apply = () => new Promise<Progress>((_resolve, reject) => (refuse = reject));
    const el = await mount({ flowId: env.flows.main, store });
    const box = checkbox(el, 'profile');
    box.click();
    await el.updateComplete;
    expect(box.checked).to.equal(true);
    expect(part(el, 'progress')?.getAttribute('aria-valuenow')).to.equal('1');

    const failed = oneEvent(el, 'inlay-error');
    refuse(new Error('backend down'));
    const { detail } = await failed;
    expect(detail.error.message).to.equal('backend down');
    expect(detail.operation).to.deep.equal({ type: 'complete', itemId: 'profile' });
    await el.updateComplete;
    expect(box.checked).to.equal(false);
    expect(part(el, 'progress')?.getAttribute('aria-valuenow')).to.equal('0');
    expect(liveRegion(el)).to.equal('That change could not be saved and was undone.');
  });

  it('wraps a rejection that is not an Error', async () => {
    const store = await memoryStore(env.flows.main);
    store.apply = () => Promise.reject('nope');
    const el = await mount({ flowId: env.flows.main, store });
    checkbox(el, 'profile').click();
    const { detail } = await oneEvent(el, 'inlay-error');
    expect(detail.error).to.be.instanceOf(Error);
    expect(detail.error.message).to.equal('nope');
  });

  it('renders the error state when the store cannot load', async () => {
    const store = await memoryStore(env.flows.main);
    store.load = () => Promise.reject(new Error('no progress for you'));
    const errored = new Promise<InlayErrorEvent>((resolve) => document.addEventListener('inlay-error', resolve, { once: true }));
    const el = await mount({ flowId: env.flows.main, store });
    expect((await errored).detail.error.message).to.equal('no progress for you');
    expect(part(el, 'error')).to.not.equal(null);
  });
});

describe('<inlay-checklist> events, strings and keyboard', () => {
  it('dispatches events that bubble out of the shadow root to the document', async () => {
    const store = await memoryStore(env.flows.main);
    const el = await mount({ flowId: env.flows.main, store });
    const heard = new Promise<Event>((resolve) => document.addEventListener('inlay-item-complete', resolve, { once: true }));
    checkbox(el, 'profile').click();
    const event = await heard;
    expect(event.bubbles && event.composed).to.equal(true);
    expect(event.target).to.equal(el);
  });

  it('puts slotted content in place of the completed message', async () => {
    const store = await memoryStore(env.flows.main);
    for (const itemId of ['profile', 'project', 'invite']) await store.apply({ type: 'complete', itemId });
    const el = await mount({ flowId: env.flows.main, store });
    expect(part(el, 'complete')?.textContent).to.contain('All done!');
    const custom = Object.assign(document.createElement('span'), { slot: 'complete', textContent: 'Welcome aboard' });
    el.append(custom);
    const slot = part(el, 'complete')?.querySelector('slot');
    expect(slot?.assignedElements()).to.deep.equal([custom]);
  });

  it('takes overrides for its built-in strings', async () => {
    const el = await mount({
      flowId: env.flows.main,
      strings: { progress: (done, total) => `${done}/${total} terminées`, skip: 'Passer' },
    });
    expect(part(el, 'summary')?.textContent).to.equal('0/3 terminées');
    expect(parts(el, 'skip-button')[0]?.textContent).to.equal('Passer');
    expect(part(el, 'dismiss-button')?.getAttribute('aria-label')).to.equal('Dismiss checklist');
  });

  it('is operable with the keyboard: Tab to a checkbox, Space completes, Enter skips', async () => {
    const store = await memoryStore(env.flows.main);
    const el = await mount({ flowId: env.flows.main, store });
    const root = el.shadowRoot as ShadowRoot;
    (el.parentElement?.querySelector('#before') as HTMLButtonElement).focus();

    await sendKeys({ press: 'Tab' });
    expect(root.activeElement).to.equal(part(el, 'dismiss-button'));
    await sendKeys({ press: 'Tab' });
    expect(root.activeElement).to.equal(checkbox(el, 'profile'));
    expect(getComputedStyle(root.activeElement as Element).outlineStyle).to.equal('solid');
    await sendKeys({ press: 'Space' });
    await el.updateComplete;
    expect(checkbox(el, 'profile').checked).to.equal(true);
    expect(root.activeElement).to.equal(checkbox(el, 'profile'));

    // The completed item keeps its link; then the next item's checkbox, link and skip button.
    await sendKeys({ press: 'Tab' });
    expect(root.activeElement?.getAttribute('part')).to.equal('item-action');
    await sendKeys({ press: 'Tab' });
    expect(root.activeElement).to.equal(checkbox(el, 'project'));
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    expect(root.activeElement?.getAttribute('aria-label')).to.equal('Skip “Create your first project”');
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(root.activeElement).to.equal(checkbox(el, 'project'));
    await waitUntil(() => store.operations.length === 2, 'writes not saved', { timeout: 5000 });
    expect(store.operations).to.deep.equal([
      { type: 'complete', itemId: 'profile' },
      { type: 'skip', itemId: 'project' },
    ]);
  });
});

describe('<inlay-checklist> accessibility (axe)', () => {
  it('has no violations with items, progress and controls', async () => {
    const el = await mount({ flowId: env.flows.main });
    checkbox(el, 'profile').click();
    await el.updateComplete;
    await expect(el).to.be.accessible();
  });

  it('has no violations in the compact, empty, loading and error states', async () => {
    const compact = await mount({ flowId: env.flows.main, store: await memoryStore(env.flows.main) });
    part<HTMLButtonElement>(compact, 'dismiss-button')?.click();
    await compact.updateComplete;
    await expect(compact).to.be.accessible();
    await expect(await mount({ flowId: env.flows.empty })).to.be.accessible();
    await expect(await mount({ flowId: 'flow_doesnotexist' })).to.be.accessible();
    const store = await memoryStore(env.flows.main);
    store.load = () => new Promise<Progress>(() => undefined);
    const loading = document.createElement('inlay-checklist');
    Object.assign(loading, { flowId: env.flows.main, publishableKey: env.publishableKey, baseUrl: env.baseUrl, store });
    document.body.append(loading);
    await loading.updateComplete;
    expect(loading.shadowRoot?.querySelector('[aria-busy="true"]')).to.not.equal(null);
    await expect(loading).to.be.accessible();
    loading.remove();
  });
});
