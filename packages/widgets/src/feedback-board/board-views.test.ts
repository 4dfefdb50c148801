// The board's status and category filters and its roadmap (board-views.ts) against a real Inlay
// server: the `discuss` board of test/boards.mjs, with categories and posts in every roadmap status.
import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import type { InlayPostOpenEvent } from '../events.js';
import { $, $$, boardSettled, focused, mountBoard, pageShown, titles } from '../testing/board-helpers.js';
import { recordFetches, testEnv } from '../testing/helpers.js';
import type { InlayFeedbackBoard } from './feedback-board.js';

let boardId: string;
before(async () => {
  boardId = (await testEnv()).feedback.boards.discuss;
});

function toggle(el: Element, label: string): HTMLButtonElement {
  const button = $$<HTMLButtonElement>(el, '[part~="status-toggle"]').find((candidate) => candidate.textContent === label);
  if (!button) throw new Error(`no status toggle ${label}`);
  return button;
}

async function chooseCategory(el: InlayFeedbackBoard, categoryId: string): Promise<void> {
  const select = $<HTMLSelectElement>(el, '[part~="category-filter"]');
  if (!select) throw new Error('no category picker');
  select.value = categoryId;
  select.dispatchEvent(new Event('change'));
  await el.updateComplete;
  await boardSettled(el);
}

/** Each roadmap column's status and the titles in it. */
function columns(el: Element): [string, string[]][] {
  return $$(el, '[part~="roadmap-column"]').map((column) => [
    column.querySelector('h3')?.textContent ?? '',
    [...column.querySelectorAll('[part~="post-link"]')].map((link) => link.textContent ?? ''),
  ]);
}

describe('<inlay-feedback-board> filters (real server)', () => {
  it('filters the list by several statuses and a category, on the server, with the search', async () => {
    const fetches = recordFetches();
    try {
      const el = await mountBoard({ boardId, anonymous: true });
      expect(titles(el)).to.have.length(6);
      await waitUntil(() => $(el, '[part~="status-filter"]'), 'no status filter');
      expect($(el, '[part~="status-filter"]')?.getAttribute('role')).to.equal('toolbar');
      expect($$(el, '[part~="status-toggle"]').map((button) => button.textContent)).to.deep.equal([
        'Open',
        'Under review',
        'Planned',
        'In progress',
        'Completed',
        'Closed',
      ]);

      toggle(el, 'Planned').click();
      await el.updateComplete;
      await boardSettled(el);
      expect(toggle(el, 'Planned').getAttribute('aria-pressed')).to.equal('true');
      expect(titles(el)).to.deep.equal(['Dark mode', 'Rate limit headers']);
      toggle(el, 'In progress').click();
      await el.updateComplete;
      await boardSettled(el);
      expect(titles(el)).to.deep.equal(['Dark mode', 'Webhooks for comments', 'Rate limit headers']);
      const listed = fetches.urls.filter((url) => url.includes('/api/v1/posts?'));
      expect(new URL(listed.at(-1) ?? '').searchParams.get('status')).to.equal('planned,in_progress');

      await chooseCategory(el, 'api');
      expect(titles(el)).to.deep.equal(['Webhooks for comments', 'Rate limit headers']);
      expect(new URL(fetches.urls.filter((url) => url.includes('/api/v1/posts?')).at(-1) ?? '').searchParams.get('categoryId')).to.equal('api');

      // Categories show on the posts, with their colour beside the name.
      const category = $$(el, '[part~="category"]')[0] as HTMLElement;
      expect(category.textContent).to.equal('API');
      expect(getComputedStyle(category, '::before').backgroundColor).to.equal('rgb(8, 145, 178)');

      toggle(el, 'Planned').click();
      toggle(el, 'In progress').click();
      await el.updateComplete;
      await boardSettled(el);
      await chooseCategory(el, '');
      expect(titles(el)).to.have.length(6);
    } finally {
      fetches.stop();
    }
  });

  it('is one tab stop, its status toggles reached with the arrow keys, Home and End (mirrored right to left), pressed with Space', async () => {
    const el = await mountBoard({ boardId, anonymous: true });
    await waitUntil(() => $(el, '[part~="status-filter"]'), 'no status filter');
    const shown = () => focused(el)?.textContent;
    const tabStops = () => $$(el, '[part~="status-toggle"]').filter((button) => button.tabIndex === 0).map((button) => button.textContent);
    const press = async (key: string) => {
      if (key === 'Shift+Tab') await sendKeys({ down: 'Shift' });
      await sendKeys({ press: key === 'Shift+Tab' ? 'Tab' : key });
      if (key === 'Shift+Tab') await sendKeys({ up: 'Shift' });
      await el.updateComplete;
    };
    $$<HTMLButtonElement>(el, '[part~="sort-button"]').at(-1)?.focus();
    await press('Tab');
    expect(shown()).to.equal('Open');
    // One tab stop: the next Tab leaves the toolbar for the category picker.
    await press('Tab');
    expect(focused(el)?.getAttribute('part')).to.equal('category-filter');
    await press('Shift+Tab');
    expect(shown()).to.equal('Open');

    await press('ArrowRight');
    expect(shown()).to.equal('Under review');
    await press('ArrowLeft');
    await press('ArrowLeft');
    expect(shown()).to.equal('Closed');
    await press('Home');
    expect(shown()).to.equal('Open');
    await press('End');
    expect(shown()).to.equal('Closed');
    await press('ArrowLeft');
    expect(shown()).to.equal('Completed');
    expect(tabStops()).to.deep.equal(['Completed']);

    await press('Space');
    await boardSettled(el);
    expect(toggle(el, 'Completed').getAttribute('aria-pressed')).to.equal('true');
    expect(titles(el)).to.deep.equal(['Bulk edit']);
    expect(shown()).to.equal('Completed');
    // Back into the toolbar, on the toggle left last.
    await press('Tab');
    await press('Shift+Tab');
    expect(shown()).to.equal('Completed');

    (el.parentElement as HTMLElement).dir = 'rtl';
    await press('ArrowLeft');
    expect(shown()).to.equal('Closed');
    await press('ArrowRight');
    await press('ArrowRight');
    expect(shown()).to.equal('In progress');
    await expect(el).to.be.accessible();
  });

  it('keeps the filters when a post is opened and closed', async () => {
    const el = await mountBoard({ boardId, anonymous: true });
    await waitUntil(() => $(el, '[part~="status-filter"]'), 'no status filter');
    toggle(el, 'Completed').click();
    await el.updateComplete;
    await boardSettled(el);
    expect(titles(el)).to.deep.equal(['Bulk edit']);
    $<HTMLButtonElement>(el, '[part~="post-link"]')?.click();
    await pageShown(el, 'Bulk edit');
    $<HTMLButtonElement>(el, '[part~="back-button"]')?.click();
    await el.updateComplete;
    expect(titles(el)).to.deep.equal(['Bulk edit']);
    expect(toggle(el, 'Completed').getAttribute('aria-pressed')).to.equal('true');
  });
});

describe('<inlay-feedback-board> roadmap (real server)', () => {
  it('shows planned, in progress and completed in columns, each paged with its own cursor, filtered by category', async () => {
    const el = await mountBoard({ boardId, anonymous: true, view: 'roadmap', pageSize: 1 });
    await waitUntil(() => columns(el).every(([, posts]) => posts.length > 0), 'the columns were not listed', { timeout: 5000 });
    await boardSettled(el);
    expect($(el, '[part~="roadmap"]')?.getAttribute('aria-label')).to.equal('Roadmap');
    expect($(el, '[part~="list"]')).to.equal(null);
    expect(columns(el)).to.deep.equal([
      ['Planned', ['Dark mode']],
      ['In progress', ['Webhooks for comments']],
      ['Completed', ['Bulk edit']],
    ]);
    const more = $$<HTMLButtonElement>(el, '[part~="roadmap-column"] [part~="load-more"]');
    expect(more).to.have.length(1);
    more[0]?.click();
    await waitUntil(() => columns(el)[0]?.[1].length === 2, 'the planned column was not paged', { timeout: 5000 });
    expect(columns(el)[0]).to.deep.equal(['Planned', ['Dark mode', 'Rate limit headers']]);
    expect($$(el, '[part~="roadmap-column"] [part~="load-more"]')).to.have.length(0);

    await chooseCategory(el, 'ui');
    await waitUntil(() => columns(el)[1]?.[1].length === 0, 'the category did not filter the roadmap', { timeout: 5000 });
    expect(columns(el)).to.deep.equal([
      ['Planned', ['Dark mode']],
      ['In progress', []],
      ['Completed', ['Bulk edit']],
    ]);
    expect($$(el, '[part~="roadmap-column"]')[1]?.textContent).to.include('Nothing here yet.');
  });

  it('opens a post from the roadmap and comes back to it', async () => {
    const el = await mountBoard({ boardId, anonymous: true, view: 'roadmap' });
    await waitUntil(() => columns(el)[2]?.[1].length === 1, 'the columns were not listed', { timeout: 5000 });
    const link = $$<HTMLButtonElement>(el, '[part~="roadmap-column"] [part~="post-link"]').find((candidate) => candidate.textContent === 'Bulk edit');
    const opened = oneEvent(el, 'inlay-post-open') as Promise<InlayPostOpenEvent>;
    link?.click();
    const { detail } = await opened;
    await pageShown(el, 'Bulk edit');
    $<HTMLButtonElement>(el, '[part~="back-button"]')?.click();
    await el.updateComplete;
    expect(el.shadowRoot?.activeElement?.closest('[data-post]')?.getAttribute('data-post')).to.equal(detail.postId);
    expect(columns(el)[2]).to.deep.equal(['Completed', ['Bulk edit']]);
  });

  it('stacks its columns at 375 px, without sideways scrolling', async () => {
    await setViewport({ width: 375, height: 700 });
    try {
      const el = await mountBoard({ boardId, anonymous: true, view: 'roadmap' });
      await waitUntil(() => columns(el)[0]?.[1].length === 2, 'the columns were not listed', { timeout: 5000 });
      const [planned, progress] = $$(el, '[part~="roadmap-column"]').map((column) => column.getBoundingClientRect());
      expect(progress?.top).to.be.at.least(planned?.bottom ?? Infinity);
      const card = $(el, '[part~="base"]') as HTMLElement;
      expect(card.scrollWidth).to.be.at.most(card.clientWidth);
    } finally {
      await setViewport({ width: 800, height: 600 });
    }
  });

  it('has no axe violations, in both themes', async () => {
    const el = await mountBoard({ boardId, anonymous: true, view: 'roadmap' });
    await waitUntil(() => columns(el)[0]?.[1].length === 2, 'the columns were not listed', { timeout: 5000 });
    for (const theme of ['light', 'dark'] as const) {
      el.theme = theme;
      await el.updateComplete;
      await expect(el).to.be.accessible();
    }
  });
});
