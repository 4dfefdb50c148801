import { createClient, createHostedProgressStore } from '@inlay/client';
import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import type { InlayChecklist } from '../checklist/checklist.js';
import type { InlayFeedbackBoard } from '../feedback-board/feedback-board.js';
import { boardSettled, mountBoard, newAuthorId, voteButton } from '../testing/board-helpers.js';
import { checkbox, mount, newUserId, part, settled, testEnv, type TestEnv } from '../testing/helpers.js';

let env: TestEnv;
let tab: Window;
before(async () => {
  env = await testEnv();
  // A second page of this browser context: another tab of the same origin, with its own document.
  // Its own window, so this page stays visible (a background tab would be throttled).
  const opened = window.open(new URL('../testing/second-tab.html', import.meta.url).href, '_blank', 'popup,width=480,height=640');
  if (!opened) throw new Error('the second tab could not be opened');
  tab = opened;
  await waitUntil(() => (tab as unknown as { secondTabReady?: boolean }).secondTabReady === true, 'the second tab did not load', { timeout: 10_000 });
});
after(() => tab.close());

/** The same widget in the second tab, with the same properties. */
async function inSecondTab<T extends InlayChecklist | InlayFeedbackBoard>(tag: 'inlay-checklist' | 'inlay-feedback-board', properties: Record<string, unknown>): Promise<T> {
  const element = tab.document.createElement(tag) as T;
  Object.assign(element, properties);
  tab.document.body.append(element);
  await waitUntil(() => element.shadowRoot?.querySelector('[part~="base"]') && !element.shadowRoot.querySelector('[aria-busy="true"]'), `${tag} did not load in the second tab`, { timeout: 8000 });
  return element;
}

/** The type of every event named `type` an element dispatches from now on (strings: a failure report stays small). */
function eventsOf(element: Element, type: string): string[] {
  const events: string[] = [];
  element.addEventListener(type, (event) => events.push(event.type));
  return events;
}

describe('several tabs of one user: the checklist (real server)', () => {
  it('shows a completion made in one tab in the other, which dispatches no events of its own', async () => {
    const userId = newUserId();
    const first = await mount({ flowId: env.flows.main, userId });
    const second = await inSecondTab<InlayChecklist>('inlay-checklist', { flowId: env.flows.main, publishableKey: env.publishableKey, baseUrl: env.baseUrl, userId });
    const secondEvents = eventsOf(second, 'inlay-item-complete');
    const saved = oneEvent(first, 'inlay-item-complete');
    checkbox(first, 'profile').click();
    await saved;
    await waitUntil(() => checkbox(second, 'profile').checked, 'the second tab did not show the completion', { timeout: 8000 });
    expect(part(second, 'summary')?.textContent).to.equal('1 of 3 done');
    expect(secondEvents).to.have.length(0);
    second.remove();
  });

  it('a dismissal in one tab folds the other, which fires no inlay-dismiss or inlay-flow-complete', async () => {
    const userId = newUserId();
    const first = await mount({ flowId: env.flows.main, userId });
    const second = await inSecondTab<InlayChecklist>('inlay-checklist', { flowId: env.flows.main, publishableKey: env.publishableKey, baseUrl: env.baseUrl, userId });
    const secondEvents = [eventsOf(second, 'inlay-flow-complete'), eventsOf(second, 'inlay-dismiss'), eventsOf(second, 'inlay-item-complete')];
    const dismissed = oneEvent(first, 'inlay-dismiss');
    part<HTMLButtonElement>(first, 'dismiss-button')?.click();
    await dismissed;
    await waitUntil(() => part(second, 'show-button') !== null, 'the second tab did not fold', { timeout: 8000 });
    expect(secondEvents.flat()).to.have.length(0);
    second.remove();
  });

  it('a flow completed in one tab fires inlay-flow-complete there only', async () => {
    const userId = newUserId();
    const first = await mount({ flowId: env.flows.bare, userId });
    const second = await inSecondTab<InlayChecklist>('inlay-checklist', { flowId: env.flows.bare, publishableKey: env.publishableKey, baseUrl: env.baseUrl, userId });
    const secondEvents = [eventsOf(second, 'inlay-flow-complete'), eventsOf(second, 'inlay-item-complete')];
    checkbox(first, 'one').click();
    await oneEvent(first, 'inlay-item-complete');
    checkbox(first, 'two').click();
    await oneEvent(first, 'inlay-flow-complete');
    await waitUntil(() => checkbox(second, 'two').checked, 'the second tab did not follow', { timeout: 8000 });
    // And a focus refetch there, which sees the completed flow, fires nothing either. The
    // refetched progress replaces the confirmed one (a new object): once it has, and the render
    // after it is done, the refetch has had its say.
    const confirmed = (element: InlayChecklist) => (element as unknown as { _confirmed?: object })._confirmed;
    const before = confirmed(second);
    expect(before, 'the checklist keeps the progress it was told in _confirmed').to.be.an('object');
    tab.dispatchEvent(new FocusEvent('focus'));
    await waitUntil(() => confirmed(second) !== before, 'the second tab did not refetch on focus', { timeout: 8000 });
    await second.updateComplete;
    expect(checkbox(second, 'two').checked).to.equal(true);
    expect(secondEvents.flat()).to.have.length(0);
    second.remove();
  });

  it('refetches progress when the tab gets focus back', async () => {
    const userId = newUserId();
    const el = await mount({ flowId: env.flows.main, userId });
    // Another device (or a tab on another page) completes an item: no broadcast reaches this one.
    const store = createHostedProgressStore(createClient({ publishableKey: env.publishableKey, baseUrl: env.baseUrl }), { flowId: env.flows.main, userId });
    await store.apply({ type: 'complete', itemId: 'profile' });
    expect(checkbox(el, 'profile').checked).to.equal(false);
    window.dispatchEvent(new FocusEvent('focus'));
    await waitUntil(() => checkbox(el, 'profile').checked, 'focus did not refetch the progress', { timeout: 8000 });
    await settled(el);
  });
});

describe('several tabs of one user: the feedback board (real server)', () => {
  it('shows a vote made in one tab in the other, which dispatches no inlay-vote', async () => {
    const authorId = newAuthorId();
    const { feedback } = env;
    const first = await mountBoard({ boardId: feedback.boards.tabs, authorId });
    const second = await inSecondTab<InlayFeedbackBoard>('inlay-feedback-board', { boardId: feedback.boards.tabs, publishableKey: feedback.publishableKey, baseUrl: feedback.baseUrl, authorId });
    await boardSettled(second);
    const title = 'Printable invoices';
    const before = voteButton(second, title).querySelector('[part~="vote-count"]')?.textContent;
    const votes = eventsOf(second, 'inlay-vote');
    const saved = oneEvent(first, 'inlay-vote');
    voteButton(first, title).click();
    const { detail } = await saved;
    await waitUntil(() => voteButton(second, title).getAttribute('aria-pressed') === 'true', 'the second tab did not show the vote', { timeout: 8000 });
    expect(voteButton(second, title).querySelector('[part~="vote-count"]')?.textContent).to.equal(String(detail.voteCount));
    expect(before).to.equal(String(detail.voteCount - 1));
    expect(votes).to.have.length(0);
    second.remove();
  });

  it('does not share votes with another author’s tab', async () => {
    const { feedback } = env;
    const authorId = newAuthorId();
    const first = await mountBoard({ boardId: feedback.boards.tabs, authorId });
    const board = { boardId: feedback.boards.tabs, publishableKey: feedback.publishableKey, baseUrl: feedback.baseUrl };
    const second = await inSecondTab<InlayFeedbackBoard>('inlay-feedback-board', { ...board, authorId: newAuthorId() });
    // A witness in the same tab: the first author's board, which must hear the vote.
    const witness = await inSecondTab<InlayFeedbackBoard>('inlay-feedback-board', { ...board, authorId });
    await Promise.all([boardSettled(second), boardSettled(witness)]);
    const title = 'Printable invoices';
    expect(voteButton(witness, title).getAttribute('aria-pressed')).to.equal('false');
    const saved = oneEvent(first, 'inlay-vote');
    voteButton(first, title).click();
    await saved;
    // The other author's tab hears nothing. A broadcast reaches every listener of its channel
    // in that tab at once (the older first): once the witness shows the vote, another board
    // listening there would have had it too.
    await waitUntil(() => voteButton(witness, title).getAttribute('aria-pressed') === 'true', 'the witness did not hear the vote', { timeout: 8000 });
    await second.updateComplete;
    expect(voteButton(second, title).getAttribute('aria-pressed')).to.equal('false');
    second.remove();
    witness.remove();
  });
});
