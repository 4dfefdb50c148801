// <inlay-feedback-board> with a host-supplied (BYO) post store, plus events, strings, keyboard
// use and axe. The config still comes from the real server (web-test-runner.config.mjs).
import type { Post, VoteResult } from '@inlay/core';
import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import {
  $,
  $$,
  boardSettled,
  focused,
  liveText,
  memoryPostStore,
  mountBoard,
  postNamed,
  titles,
  typeInto,
  voteButton,
} from '../testing/board-helpers.js';
import { recordFetches, testEnv, type TestEnv } from '../testing/helpers.js';
import { defaultFeedbackBoardStrings } from './feedback-board.strings.js';

let boards: TestEnv['feedback']['boards'];
before(async () => {
  boards = (await testEnv()).feedback.boards;
});

/** A promise with its resolve and reject functions, to hold a store's answer back. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('<inlay-feedback-board> with a host-supplied (BYO) store', () => {
  it('never calls the hosted post routes: lists, searches, suggests, posts and votes through the store', async () => {
    const store = memoryPostStore();
    const fetches = recordFetches();
    try {
      const el = await mountBoard({ boardId: boards.main, store, pageSize: 4 });
      expect(titles(el)).to.deep.equal(['Saved filters', 'Markdown in comments', 'Guest access', 'Read receipts']);
      $<HTMLButtonElement>(el, '[part~="load-more"]')?.click();
      await waitUntil(() => titles(el).length === 6, 'no second page', { timeout: 5000 });

      typeInto($<HTMLInputElement>(el, '[part~="search"]'), 'guest');
      await waitUntil(() => titles(el).length === 1, 'no search results', { timeout: 5000 });
      typeInto($<HTMLInputElement>(el, '[part~="title-input"]'), 'Slack digest weekly');
      await waitUntil(() => $(el, '[part~="similar"]') !== null, 'no suggestions', { timeout: 5000 });

      const created = oneEvent(el, 'inlay-post-create');
      $<HTMLButtonElement>(el, '[part~="submit-button"]')?.click();
      expect((await created).detail.post.title).to.equal('Slack digest weekly');
      const voted = oneEvent(el, 'inlay-vote');
      voteButton(el, 'Guest access').click();
      expect((await voted).detail).to.deep.equal({ boardId: boards.main, postId: 'byo_p3', voted: true, voteCount: 9 });

      expect(store.calls.create).to.deep.equal([{ title: 'Slack digest weekly', body: undefined }]);
      expect(store.calls.vote).to.deep.equal([['byo_p3', true]]);
      expect(store.calls.list.map((query) => [query.q, query.cursor])).to.deep.include.members([
        [undefined, undefined],
        [undefined, '4'],
        ['guest', undefined],
        ['Slack digest weekly', undefined],
      ]);
      expect(fetches.urls.filter((url) => url.includes('/api/v1/config/'))).to.have.length(1);
      expect(fetches.urls.filter((url) => url.includes('/api/v1/posts'))).to.deep.equal([]);
    } finally {
      fetches.stop();
    }
  });

  it('votes optimistically and rolls back when the store refuses', async () => {
    const store = memoryPostStore();
    const answer = deferred<VoteResult>();
    store.vote = () => answer.promise;
    const el = await mountBoard({ boardId: boards.main, store });
    const button = voteButton(el, 'Saved filters');
    const count = () => button.querySelector('[part~="vote-count"]')?.textContent;
    expect(count()).to.equal('12');
    button.click();
    await el.updateComplete;
    expect(button.getAttribute('aria-pressed')).to.equal('true');
    expect(count()).to.equal('13');

    const failed = oneEvent(el, 'inlay-error');
    answer.reject(new Error('backend down'));
    const { detail } = await failed;
    expect(detail.error.message).to.equal('backend down');
    expect(detail.operation).to.deep.equal({ type: 'vote', postId: 'byo_p1', voted: true });
    await el.updateComplete;
    expect(button.getAttribute('aria-pressed')).to.equal('false');
    expect(count()).to.equal('12');
    expect(liveText(el)).to.equal('Your vote could not be saved and was undone.');
  });

  it('sends quick clicks on one post in order and ends as the last click says', async () => {
    const store = memoryPostStore();
    const first = deferred<VoteResult>();
    const seen: boolean[] = [];
    const original = store.vote;
    store.vote = async (postId, voted) => {
      seen.push(voted);
      if (seen.length === 1) {
        await first.promise;
      }
      return original(postId, voted);
    };
    const el = await mountBoard({ boardId: boards.main, store });
    const button = voteButton(el, 'Guest access');
    button.click();
    await el.updateComplete;
    button.click();
    await el.updateComplete;
    expect(button.getAttribute('aria-pressed')).to.equal('false');
    // The second click waits for the first answer.
    expect(seen).to.deep.equal([true]);
    first.resolve({ postId: 'byo_p3', voted: true, voteCount: 9 });
    await waitUntil(() => seen.length === 2, 'second vote not sent', { timeout: 5000 });
    await waitUntil(() => store.calls.vote.length === 2, 'second vote not saved', { timeout: 5000 });
    await el.updateComplete;
    expect(seen).to.deep.equal([true, false]);
    expect(button.getAttribute('aria-pressed')).to.equal('false');
    expect(button.querySelector('[part~="vote-count"]')?.textContent).to.equal('8');
  });

  it('keeps a refused post in the form, says why, and reports it', async () => {
    const store = memoryPostStore();
    store.create = () => Promise.reject('nope');
    const el = await mountBoard({ boardId: boards.main, store });
    typeInto($<HTMLInputElement>(el, '[part~="title-input"]'), 'Offline mode');
    typeInto($<HTMLTextAreaElement>(el, '[part~="body-input"]'), 'For trains.');
    const failed = oneEvent(el, 'inlay-error');
    $<HTMLButtonElement>(el, '[part~="submit-button"]')?.click();
    const { detail } = await failed;
    expect(detail.error).to.be.instanceOf(Error);
    expect(detail.error.message).to.equal('nope');
    expect(detail.operation).to.deep.equal({ type: 'create', title: 'Offline mode', body: 'For trains.' });
    await el.updateComplete;
    expect($<HTMLInputElement>(el, '[part~="title-input"]')?.value).to.equal('Offline mode');
    expect($(el, '[part~="form-error"]')?.getAttribute('role')).to.equal('alert');
    expect($(el, '[part~="form-error"]')?.textContent).to.equal('Your post could not be saved. Try again.');
    expect($<HTMLButtonElement>(el, '[part~="submit-button"]')?.disabled).to.equal(false);
    expect(titles(el)).to.not.include('Offline mode');
  });

  it('shows an error in the list when a search fails, and tries again on request', async () => {
    const store = memoryPostStore();
    const el = await mountBoard({ boardId: boards.main, store });
    const list = store.list;
    store.list = () => Promise.reject(new Error('search is down'));
    const failed = oneEvent(el, 'inlay-error');
    typeInto($<HTMLInputElement>(el, '[part~="search"]'), 'guest');
    expect((await failed).detail.error.message).to.equal('search is down');
    await el.updateComplete;
    expect($(el, '[part~="list-error"]')?.textContent).to.contain('Posts could not be loaded.');
    store.list = list;
    $<HTMLButtonElement>(el, '[part~="list-error"] button')?.click();
    await waitUntil(() => titles(el).length === 1, 'retry did not search again', { timeout: 5000 });
    expect($(el, '[part~="list-error"]')).to.equal(null);
  });

  it('renders the error state when the store cannot list', async () => {
    const store = memoryPostStore();
    store.list = () => Promise.reject(new Error('no posts for you'));
    const el = await mountBoard({ boardId: boards.main, store });
    expect($(el, '[part~="error"]')?.textContent).to.contain('This board could not be loaded');
  });

  it('shows status badges except for open posts, and the author', async () => {
    const el = await mountBoard({ boardId: boards.main, store: memoryPostStore() });
    expect($$(el, '[part~="status"]').map((badge) => [badge.dataset.status, badge.textContent])).to.deep.equal([
      ['planned', 'Planned'],
      ['in_progress', 'In progress'],
      ['completed', 'Completed'],
      ['under_review', 'Under review'],
      ['closed', 'Closed'],
    ]);
    expect(postNamed(el, 'Slack digest').querySelector('[part~="status"]')).to.equal(null);
    expect(postNamed(el, 'Saved filters').querySelector('time')?.getAttribute('datetime')).to.equal('2025-03-01T10:00:00.000Z');
  });
});

describe('<inlay-feedback-board> events, strings and keyboard', () => {
  it('dispatches events that bubble out of the shadow root to the document', async () => {
    const el = await mountBoard({ boardId: boards.main, store: memoryPostStore() });
    const heard = new Promise<Event>((resolve) => document.addEventListener('inlay-vote', resolve, { once: true }));
    voteButton(el, 'Saved filters').click();
    const event = await heard;
    expect(event.bubbles && event.composed).to.equal(true);
    expect(event.target === el).to.equal(true);
  });

  it('takes overrides for its built-in strings', async () => {
    const el = await mountBoard({
      boardId: boards.main,
      store: memoryPostStore(),
      strings: {
        submit: 'Publier',
        sort: { top: 'Populaires', new: 'Récents', trending: 'Tendances' },
        status: { ...defaultFeedbackBoardStrings.status, planned: 'Prévu' },
      },
    });
    expect($(el, '[part~="submit-button"]')?.textContent).to.equal('Publier');
    expect($$(el, '[part~="sort-button"]').map((button) => button.textContent)).to.deep.equal(['Populaires', 'Récents', 'Tendances']);
    expect($(el, '[part~="status"]')?.textContent).to.equal('Prévu');
    expect($(el, '[part~="search"]')?.getAttribute('aria-label')).to.equal('Search posts');
  });

  it('is operable with the keyboard: Enter posts, Tab reaches search, sort, the status filter (one stop) and votes, Space votes', async () => {
    const store = memoryPostStore();
    const el = await mountBoard({ boardId: boards.main, store });
    (el.parentElement?.querySelector('#before') as HTMLButtonElement).focus();

    await sendKeys({ press: 'Tab' });
    expect(focused(el)?.getAttribute('part')).to.equal('title-input');
    await sendKeys({ type: 'Keyboard-only idea' });
    const created = oneEvent(el, 'inlay-post-create');
    await sendKeys({ press: 'Enter' });
    expect((await created).detail.post.title).to.equal('Keyboard-only idea');
    await el.updateComplete;
    expect(focused(el)?.getAttribute('part')).to.equal('title-input');

    await sendKeys({ press: 'Tab' });
    expect(focused(el)?.getAttribute('part')).to.equal('body-input');
    await sendKeys({ press: 'Tab' });
    expect(focused(el)?.getAttribute('part')).to.equal('submit-button');
    await sendKeys({ press: 'Tab' });
    expect(focused(el)?.getAttribute('part')).to.equal('search');
    await sendKeys({ press: 'Tab' });
    expect(focused(el)?.textContent).to.equal('Top');
    await sendKeys({ press: 'Tab' });
    expect(focused(el)?.textContent).to.equal('New');
    expect(getComputedStyle(focused(el) as Element).outlineStyle).to.equal('solid');
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    await boardSettled(el);
    expect(titles(el)[0]).to.equal('Keyboard-only idea');
    expect(focused(el)?.getAttribute('aria-pressed')).to.equal('true');

    await sendKeys({ press: 'Tab' });
    expect(focused(el)?.textContent).to.equal('Trending');
    // The status filters (board-views.ts), one tab stop, then the first post's vote.
    await sendKeys({ press: 'Tab' });
    expect(focused(el)?.getAttribute('part')).to.equal('status-toggle');
    expect(focused(el)?.textContent).to.equal('Open');
    await sendKeys({ press: 'Tab' });
    expect(focused(el)?.getAttribute('part')).to.equal('vote-button');
    expect(focused(el)?.getAttribute('aria-label')).to.equal('Vote for “Keyboard-only idea”, 0 votes');
    const voted = oneEvent(el, 'inlay-vote');
    await sendKeys({ press: 'Space' });
    expect((await voted).detail.voted).to.equal(true);
    expect(focused(el)?.getAttribute('aria-pressed')).to.equal('true');
  });
});

describe('<inlay-feedback-board> accessibility (axe)', () => {
  it('has no violations with the form, suggestions, validation messages, badges and votes', async () => {
    const el = await mountBoard({ boardId: boards.main, store: memoryPostStore(), pageSize: 4 });
    typeInto($<HTMLInputElement>(el, '[part~="title-input"]'), 'Guest');
    await waitUntil(() => $(el, '[part~="similar"]') !== null, 'no suggestions', { timeout: 5000 });
    typeInto($<HTMLTextAreaElement>(el, '[part~="body-input"]'), 'z'.repeat(10_001));
    voteButton(el, 'Saved filters').click();
    await el.updateComplete;
    expect($(el, '[part~="field-error"]')).to.not.equal(null);
    await expect(el).to.be.accessible();
  });

  it('has no violations with the real server’s posts, read-only, empty, loading and error states', async () => {
    await expect(await mountBoard({ boardId: boards.main, anonymous: true, pageSize: 5 })).to.be.accessible();
    await expect(await mountBoard({ boardId: boards.locked })).to.be.accessible();
    await expect(await mountBoard({ boardId: boards.empty })).to.be.accessible();
    await expect(await mountBoard({ boardId: 'board_doesnotexist' })).to.be.accessible();
    const store = memoryPostStore();
    store.list = () => new Promise<{ items: Post[]; nextCursor: null }>(() => undefined);
    const env = await testEnv();
    const loading = document.createElement('inlay-feedback-board');
    Object.assign(loading, { boardId: boards.main, publishableKey: env.feedback.publishableKey, baseUrl: env.feedback.baseUrl, store });
    document.body.append(loading);
    await loading.updateComplete;
    expect(loading.shadowRoot?.querySelector('[aria-busy="true"]')).to.not.equal(null);
    await expect(loading).to.be.accessible();
    loading.remove();
  });
});
