// <inlay-feedback-board> against a real Inlay server (web-test-runner.config.mjs publishes the
// boards of test/boards.mjs and seeds their posts over HTTP).
import { createFeedbackClient, isInlayError } from '@inlay/client';
import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import type { InlayErrorEvent } from '../events.js';
import { $, $$, authorToken, boardSettled, focused, liveText, mountBoard, newAuthorId, postNamed, titles, typeInto, voteButton } from '../testing/board-helpers.js';
import { recordFetches, testEnv, type TestEnv } from '../testing/helpers.js';

let env: TestEnv;
let boards: TestEnv['feedback']['boards'];
before(async () => {
  env = await testEnv();
  boards = env.feedback.boards;
});

/** The board's posts as the server lists them (publishable key, read-only). */
async function serverPosts(boardId: string, query: { q?: string; authorId?: string } = {}) {
  const client = createFeedbackClient({ publishableKey: env.feedback.publishableKey, baseUrl: env.feedback.baseUrl });
  return (await client.listPosts({ boardId, sort: 'new', limit: 100, ...query })).items;
}

describe('<inlay-feedback-board> listing (real server)', () => {
  it('renders the board’s name and the first page of posts, most voted first', async () => {
    const el = await mountBoard({ boardId: boards.main, pageSize: 5 });
    expect($(el, '[part~="title"]')?.textContent).to.equal('Acme feature requests');
    expect(titles(el)).to.deep.equal(['Dark mode', 'Keyboard shortcuts for everything', 'Slack integration', 'Two-factor authentication', 'Offline mode']);
    const items = $$(el, '[part~="post"]');
    expect(items.every((item) => item.tagName === 'LI' && item.parentElement?.tagName === 'UL')).to.equal(true);
    expect($$(el, '[part~="vote-count"]').map((count) => count.textContent)).to.deep.equal(['9', '7', '6', '5', '4']);
    expect(postNamed(el, 'Dark mode').querySelector('[part~="post-body"]')?.textContent).to.equal(
      'A darker theme for evening work, following the system setting.',
    );
    const vote = voteButton(el, 'Dark mode');
    expect(vote.getAttribute('aria-pressed')).to.equal('false');
    expect(vote.getAttribute('aria-label')).to.equal('Vote for “Dark mode”, 9 votes');
    expect($(el, '[part~="load-more"]')).to.not.equal(null);
  });

  it('searches the whole board on the server, finding a post that is not on the first page', async () => {
    const fetches = recordFetches();
    try {
      const el = await mountBoard({ boardId: boards.main, pageSize: 5 });
      expect(titles(el)).to.not.include('Export to spreadsheet');
      typeInto($<HTMLInputElement>(el, '[part~="search"]'), 'spreadsheet');
      await waitUntil(() => titles(el).length === 1, 'search results did not replace the list', { timeout: 5000 });
      expect(titles(el)).to.deep.equal(['Export to spreadsheet']);
      expect(liveText(el)).to.equal('1 post found.');
      const searches = fetches.urls.filter((url) => url.includes('/api/v1/posts?') && url.includes('q='));
      // Debounced: one request for the whole word.
      expect(searches).to.have.length(1);
      expect(new URL(searches[0] ?? '').searchParams.get('q')).to.equal('spreadsheet');

      typeInto($<HTMLInputElement>(el, '[part~="search"]'), 'teleporter');
      await waitUntil(() => $(el, '[part~="empty"]') !== null, 'no empty state', { timeout: 5000 });
      expect($(el, '[part~="empty"]')?.textContent).to.equal('No posts match “teleporter”.');

      typeInto($<HTMLInputElement>(el, '[part~="search"]'), '');
      await waitUntil(() => titles(el).length === 5, 'clearing the search did not bring the board back', { timeout: 5000 });
      expect(titles(el)[0]).to.equal('Dark mode');
    } finally {
      fetches.stop();
    }
  });

  it('switches between top, new and trending', async () => {
    const fetches = recordFetches();
    try {
      const el = await mountBoard({ boardId: boards.main, pageSize: 5 });
      const buttons = $$<HTMLButtonElement>(el, '[part~="sort-button"]');
      expect(buttons.map((button) => [button.textContent, button.getAttribute('aria-pressed')])).to.deep.equal([
        ['Top', 'true'],
        ['New', 'false'],
        ['Trending', 'false'],
      ]);
      expect($(el, '[part~="sort"]')?.getAttribute('role')).to.equal('group');
      buttons[1]?.click();
      await el.updateComplete;
      expect(buttons[1]?.getAttribute('aria-pressed')).to.equal('true');
      await boardSettled(el);
      expect(titles(el)).to.deep.equal(['Zapier app', 'Archive old projects', 'Time tracking', 'Emoji reactions on comments', 'Gantt chart']);
      buttons[2]?.click();
      await el.updateComplete;
      await boardSettled(el);
      expect(fetches.urls.some((url) => url.includes('sort=trending'))).to.equal(true);
      expect(titles(el)).to.have.length(5);
      expect(titles(el)[0]).to.equal('Dark mode');
    } finally {
      fetches.stop();
    }
  });

  it('loads more with the cursor until the last page, moving focus to the first new post', async () => {
    const el = await mountBoard({ boardId: boards.main, pageSize: 5 });
    const more = () => $<HTMLButtonElement>(el, '[part~="load-more"]');
    more()?.click();
    await waitUntil(() => titles(el).length === 10, 'the second page did not load', { timeout: 5000 });
    await el.updateComplete;
    expect(focused(el)?.textContent).to.equal(titles(el)[5]);
    expect(liveText(el)).to.equal('5 more posts loaded.');
    for (let page = 3; more() !== null && page < 10; page++) {
      more()?.click();
      await waitUntil(() => titles(el).length >= Math.min(22, page * 5), `page ${page} did not load`, { timeout: 5000 });
      await el.updateComplete;
    }
    expect(more()).to.equal(null);
    expect(titles(el)).to.have.length(22);
    expect(new Set(titles(el)).size).to.equal(22);
  });

  it('shows the board’s emptyState, its branding title and accent', async () => {
    const el = await mountBoard({ boardId: boards.empty });
    expect($(el, '[part~="empty"]')?.textContent).to.equal('No ideas yet. Be the first!');
    expect($(el, '[part~="title"]')?.textContent).to.equal('Ideas for Acme');
    expect($(el, '[part~="base"]')?.style.getPropertyValue('--_accent')).to.equal('var(--inlay-accent,#0f766e)');
    expect($(el, '[part~="list"]')).to.equal(null);
  });

  it('renders titles and bodies as text, never as HTML', async () => {
    const el = await mountBoard({ boardId: boards.xss });
    const [title] = titles(el);
    expect(title).to.equal('<img src=x onerror="window.__inlayXss=true">');
    expect($(el, '[part~="post-body"]')?.textContent).to.equal('<script>window.__inlayXss=true</script><b>not bold</b>');
    for (const tag of ['img', 'script', 'b']) expect($(el, `[part~="post"] ${tag}`), tag).to.equal(null);
    // Nothing the title or the body could have become is anywhere in the page, shadow roots
    // included: no element with an onerror handler, no <img src=x>, no script of theirs.
    const everything = (root: Document | ShadowRoot): Element[] => [...root.querySelectorAll('*')].flatMap((element) => [element, ...(element.shadowRoot ? everything(element.shadowRoot) : [])]);
    const planted = everything(document).filter(
      (element) => element.hasAttribute('onerror') || (element instanceof HTMLImageElement && element.getAttribute('src') === 'x') || (element instanceof HTMLScriptElement && element.text.includes('__inlayXss')),
    );
    expect(planted.map((element) => element.outerHTML)).to.deep.equal([]);
    // Nor did one run while it was there: an <img src=x> rendered earlier would have failed to
    // load, and run its onerror, before an image of the same address asked for now fails.
    const probe = new Image();
    const failed = new Promise((resolve) => probe.addEventListener('error', resolve, { once: true }));
    probe.src = 'x';
    await failed;
    expect((window as { __inlayXss?: boolean }).__inlayXss).to.equal(undefined);
  });
});

describe('<inlay-feedback-board> posting (real server)', () => {
  it('creates a post as an anonymous visitor, adds it on top and dispatches inlay-post-create', async () => {
    const el = await mountBoard({ boardId: boards.open, anonymous: true, authorName: 'Grace' });
    const submit = $<HTMLButtonElement>(el, '[part~="submit-button"]');
    typeInto($<HTMLInputElement>(el, '[part~="title-input"]'), '  Calendar sync  ');
    typeInto($<HTMLTextAreaElement>(el, '[part~="body-input"]'), 'Two-way with Google Calendar.');
    const created = oneEvent(el, 'inlay-post-create');
    submit?.click();
    await el.updateComplete;
    expect(submit?.disabled).to.equal(true);
    expect(submit?.textContent).to.equal('Posting…');
    const { detail } = await created;
    expect(detail.boardId).to.equal(boards.open);
    expect(detail.post).to.include({ title: 'Calendar sync', body: 'Two-way with Google Calendar.', status: 'open' });
    // Shown by its alias, never by the id that votes for the visitor (docs/security.md).
    const id = localStorage.getItem('inlay:anonymous-id') ?? '';
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(id)));
    const alias = `anon_${Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('').slice(0, 32)}`;
    expect(detail.post.author).to.deep.equal({ id: alias, name: 'Grace', anonymous: true });
    await el.updateComplete;
    expect(titles(el)[0]).to.equal('Calendar sync');
    expect(submit?.disabled).to.equal(false);
    expect($<HTMLInputElement>(el, '[part~="title-input"]')?.value).to.equal('');
    expect(focused(el)?.getAttribute('part')).to.equal('title-input');
    expect(liveText(el)).to.equal('Your post was added.');
    expect((await serverPosts(boards.open)).map((post) => post.id)).to.include(detail.post.id);
  });

  it('validates inline: a title is required, ≤ 200 characters, details ≤ 10,000, and nothing is sent', async () => {
    const fetches = recordFetches();
    try {
      const el = await mountBoard({ boardId: boards.open, authorId: newAuthorId() });
      const title = $<HTMLInputElement>(el, '[part~="title-input"]');
      const submit = $<HTMLButtonElement>(el, '[part~="submit-button"]');
      expect($(el, '[part~="field-error"]')).to.equal(null);
      typeInto(title, '   ');
      submit?.click();
      await el.updateComplete;
      expect($$(el, '[part~="field-error"]').map((error) => error.textContent)).to.deep.equal(['Add a title.']);
      expect(title?.getAttribute('aria-invalid')).to.equal('true');
      expect(title?.getAttribute('aria-describedby')).to.equal('new-title-error');
      expect(focused(el)?.getAttribute('part')).to.equal('title-input');

      typeInto(title, 'x'.repeat(201));
      typeInto($(el, '[part~="body-input"]'), 'y'.repeat(10_001));
      await el.updateComplete;
      expect($$(el, '[part~="field-error"]').map((error) => error.textContent)).to.deep.equal([
        'Keep the title to 200 characters (now 201).',
        'Keep the details to 10000 characters (now 10001).',
      ]);
      submit?.click();
      await el.updateComplete;
      typeInto(title, 'x'.repeat(200));
      typeInto($(el, '[part~="body-input"]'), '');
      await el.updateComplete;
      expect($$(el, '[part~="field-error"]')).to.have.length(0);
      expect(title?.getAttribute('aria-invalid')).to.equal('false');
      expect(fetches.urls.filter((url) => url.endsWith('/api/v1/posts'))).to.deep.equal([]);
    } finally {
      fetches.stop();
    }
  });

  it('suggests similar posts while the title is typed, from a search of the whole board', async () => {
    const el = await mountBoard({ boardId: boards.main, anonymous: true, pageSize: 5 });
    const similar = () => $$(el, '[part~="similar"] li').map((item) => item.textContent?.split(' ·')[0]);
    typeInto($<HTMLInputElement>(el, '[part~="title-input"]'), 'Slack');
    await waitUntil(() => similar().length > 0, 'no suggestions', { timeout: 5000 });
    expect(similar()).to.deep.equal(['Slack integration']);
    // No post has every word: the longest words are searched on their own.
    typeInto($<HTMLInputElement>(el, '[part~="title-input"]'), 'Export to Excel please');
    await waitUntil(() => similar()[0] === 'Export to spreadsheet', 'no suggestion for a reworded title', { timeout: 5000 });
    typeInto($<HTMLInputElement>(el, '[part~="title-input"]'), 'Sl');
    await el.updateComplete;
    expect($(el, '[part~="similar"]')).to.equal(null);
  });

  it('posts as the author token’s user on a board that requires tokens', async () => {
    const authorId = newAuthorId();
    const readOnly = await mountBoard({ boardId: boards.token });
    expect($(readOnly, '[part~="form"]')).to.equal(null);

    const getAuthorToken = () => authorToken({ boardId: boards.token, authorId, name: 'Token User' });
    const el = await mountBoard({ boardId: boards.token, getAuthorToken });
    typeInto($<HTMLInputElement>(el, '[part~="title-input"]'), 'SAML for our tenant');
    const created = oneEvent(el, 'inlay-post-create');
    $<HTMLButtonElement>(el, '[part~="submit-button"]')?.click();
    const { detail } = await created;
    expect(detail.post.author).to.deep.equal({ id: authorId, name: 'Token User', anonymous: false });
  });
});

describe('<inlay-feedback-board> votes (real server)', () => {
  it('votes and unvotes at once, saves on the server and dispatches inlay-vote', async () => {
    const authorId = newAuthorId();
    const el = await mountBoard({ boardId: boards.open, authorId });
    const button = voteButton(el, 'Printable invoices');
    const count = () => button.querySelector('[part~="vote-count"]')?.textContent;
    expect(count()).to.equal('0');
    const voted = oneEvent(el, 'inlay-vote');
    button.click();
    await el.updateComplete;
    // Optimistic: shown before the server answers.
    expect(button.getAttribute('aria-pressed')).to.equal('true');
    expect(count()).to.equal('1');
    const { detail } = await voted;
    expect(detail).to.deep.equal({ boardId: boards.open, postId: detail.postId, voted: true, voteCount: 1 });
    const saved = (await serverPosts(boards.open, { authorId })).find((post) => post.title === 'Printable invoices');
    expect(saved).to.include({ voted: true, voteCount: 1 });

    // Reloaded for the same author: still voted.
    const again = await mountBoard({ boardId: boards.open, authorId });
    expect(voteButton(again, 'Printable invoices').getAttribute('aria-pressed')).to.equal('true');
    const unvoted = oneEvent(again, 'inlay-vote');
    voteButton(again, 'Printable invoices').click();
    expect((await unvoted).detail).to.include({ voted: false, voteCount: 0 });
  });

  it('rolls a vote back when the server refuses it, and reports the error', async () => {
    const el = await mountBoard({ boardId: boards.stale, anonymous: true });
    const button = voteButton(el, 'Price in euros');
    const count = () => button.querySelector('[part~="vote-count"]')?.textContent;
    expect(count()).to.equal('1');
    // Voting is turned off after the page loaded its config: the server refuses the vote.
    const query = new URLSearchParams({ boardId: boards.stale, name: 'Stale board', config: JSON.stringify({ allowAnonymous: true, votingEnabled: false }) });
    expect((await fetch(`/__inlay/republish-board?${query}`)).ok).to.equal(true);
    const failed = oneEvent(el, 'inlay-error');
    button.click();
    await el.updateComplete;
    expect(button.getAttribute('aria-pressed')).to.equal('true');
    expect(count()).to.equal('2');
    const { detail } = await failed;
    expect(detail.error).to.include({ status: 403, code: 'feature_disabled' });
    expect(detail.operation).to.deep.equal({ type: 'vote', postId: (await serverPosts(boards.stale))[0]?.id, voted: true });
    await el.updateComplete;
    expect(button.getAttribute('aria-pressed')).to.equal('false');
    expect(count()).to.equal('1');
    expect(liveText(el)).to.equal('Your vote could not be saved and was undone.');
  });

  it('hides vote buttons and the form when the config turns voting and submissions off', async () => {
    const el = await mountBoard({ boardId: boards.locked, anonymous: true });
    expect(titles(el)).to.have.length(2);
    for (const name of ['form', 'vote-button']) expect($(el, `[part~="${name}"]`), name).to.equal(null);
    // Counts are still shown (showVoteCounts), as text.
    const count = postNamed(el, 'Shipped: CSV import').querySelector('[part~="vote-count"]');
    expect(count?.tagName).to.equal('DIV');
    expect(count?.querySelector('[aria-hidden="true"]')?.textContent).to.equal('3');
    expect(count?.querySelector('.visually-hidden')?.textContent).to.equal('3 votes');
  });

  it('hides counts when showVoteCounts is false, keeping the vote buttons', async () => {
    const el = await mountBoard({ boardId: boards.uncounted, anonymous: true });
    const button = voteButton(el, 'Quieter notifications');
    expect(button.querySelector('[part~="vote-count"]')).to.equal(null);
    expect(button.getAttribute('aria-label')).to.equal('Vote for “Quieter notifications”');
    const voted = oneEvent(el, 'inlay-vote');
    button.click();
    expect((await voted).detail.voteCount).to.equal(null);
  });

  it('is read-only without an author: no form, disabled votes', async () => {
    const el = await mountBoard({ boardId: boards.open });
    expect($(el, '[part~="form"]')).to.equal(null);
    expect(voteButton(el, 'Printable invoices').disabled).to.equal(true);
  });
});

describe('<inlay-feedback-board> errors (real server)', () => {
  it('renders an error state and dispatches inlay-error for an unknown board', async () => {
    const errored = new Promise<InlayErrorEvent>((resolve) => document.addEventListener('inlay-error', resolve, { once: true }));
    const el = await mountBoard({ boardId: 'board_doesnotexist' });
    const { detail } = await errored;
    expect(isInlayError(detail.error)).to.equal(true);
    expect(detail.error).to.include({ status: 404, code: 'not_found' });
    expect(detail.operation).to.equal(undefined);
    expect($(el, '[part~="error"]')?.getAttribute('role')).to.equal('alert');
    expect($(el, '[part~="error"]')?.textContent).to.contain('This board could not be loaded');
  });

  it('reports a board that was never published', async () => {
    const el = await mountBoard({ boardId: boards.unpublished });
    expect($(el, '[part~="error"]')?.textContent).to.contain('not_published');
  });

  it('recovers from an unreachable server when pointed at the right one', async () => {
    const el = await mountBoard({ boardId: boards.main, baseUrl: 'http://127.0.0.1:9/feedback' });
    expect($(el, '[part~="error"]')).to.not.equal(null);
    el.baseUrl = env.feedback.baseUrl;
    await el.updateComplete;
    await boardSettled(el);
    expect(titles(el).length).to.be.greaterThan(0);
  });

  it('renders nothing until board-id, publishable-key and base-url are all set', async () => {
    const el = document.createElement('inlay-feedback-board');
    el.publishableKey = env.feedback.publishableKey;
    el.baseUrl = env.feedback.baseUrl;
    document.body.append(el);
    try {
      await el.updateComplete;
      expect(el.shadowRoot?.querySelector('*')).to.equal(null);
      el.boardId = boards.open;
      await el.updateComplete;
      await boardSettled(el);
      expect(titles(el).length).to.be.greaterThan(0);
    } finally {
      el.remove();
    }
  });
});
