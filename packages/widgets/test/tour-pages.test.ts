// <inlay-tour> on a real multi-page site in Chromium (docs/widgets.md, `<inlay-tour>`): two
// static pages and a single-page route (test/tour-site/), on an origin of their own, the tour's
// script-tag bundle from the Inlay server's /cdn/, under the strict Content-Security-Policy of
// docs/widgets.md. Screenshots go to TOUR_SCREENSHOTS when it is set.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyApp, type InlayServer, launchChromium, repo, serve, startInlayServer, tempApp } from './packed-app.js';

const site = fileURLToPath(new URL('./tour-site/', import.meta.url));
const axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const shots = process.env['TOUR_SCREENSHOTS'];

/** The tour of the site: page one, page two (modal, in a scroll container), the single-page app. */
const TOUR = {
  presentation: 'tour',
  pages: ['/one.html', '/two.html', '/app.html', '/app/*'],
  items: [
    { id: 'welcome', title: 'Welcome to Acme', description: 'A short tour of your workspace.', anchor: { selector: 'main h1', page: '/one.html' } },
    { id: 'search', title: 'Find anything', description: 'Search every project by name.', anchor: { selector: '[data-tour="search"]', page: '/one.html' } },
    { id: 'reports', title: 'Reports live here', anchor: { selector: '[data-tour="to-two"]', page: '/one.html', placement: 'end' } },
    { id: 'chart', title: 'Your revenue', description: 'Updated every night.', anchor: { selector: '[data-tour="chart"]', page: '/two.html', placement: 'top', modal: true } },
    { id: 'settings', title: 'Open the settings', anchor: { selector: '[data-tour="open-settings"]', page: '/app.html' }, advance: 'click' },
    { id: 'save', title: 'Save when you are done', anchor: { selector: '[data-tour="save"]', page: '/app/settings' } },
  ],
};

/** The site's own script; a second element's arrival and two missing ones. */
const LATE = { presentation: 'tour', items: [{ id: 'late', title: 'Invite your team', anchor: { selector: '[data-tour="late"]' } }] };
const MISSING = {
  presentation: 'tour',
  items: [
    { id: 'gone', title: 'Passed over', anchor: { selector: '#not-on-any-page', fallback: 'skip' } },
    { id: 'lost', title: 'Shown in the middle', anchor: { selector: '#not-there-either' } },
  ],
};
const HOTSPOTS = {
  presentation: 'hotspots',
  items: [
    { id: 'new', title: 'Start a project', description: 'Projects hold your work.', anchor: { selector: '[data-tour="new-project"]' } },
    { id: 'import', title: 'Bring your data', anchor: { selector: '[data-tour="import"]' } },
  ],
};
/** Started by the page's button. */
const MANUAL = { presentation: 'tour', start: 'manual', items: [{ id: 'm1', title: 'Started by hand', anchor: { selector: '[data-tour="search"]' } }, { id: 'm2', title: 'Second' }] };
/** A checklist (no presentation) with one item that points at the page: its "Show me". */
const CHECKLIST = {
  items: [
    { id: 'billing', title: 'Set up billing', anchor: { selector: '[data-tour="billing"]', placement: 'end' } },
    { id: 'plain', title: 'Read the guide' },
  ],
};
/** A step that an outcome completes (POST /api/v1/outcomes), then one more. */
const EVENT = {
  presentation: 'tour',
  items: [
    { id: 'connect', title: 'Connect your data', anchor: { selector: '[data-tour="import"]' }, advance: 'event', completion: { kind: 'event', event: 'data.connected' } },
    { id: 'connected', title: 'Your data is in', anchor: { selector: 'main h1' } },
  ],
};
/** Two modal steps, the second done by clicking its element, then a step that is not modal. */
const MODAL = {
  presentation: 'tour',
  items: [
    { id: 'dim', title: 'Search is here', anchor: { selector: '[data-tour="search"]', modal: true } },
    { id: 'press', title: 'Start a project', anchor: { selector: '[data-tour="new-project"]', modal: true }, advance: 'click' },
    { id: 'end', title: 'That was it' },
  ],
};
/** Texts that look like markup: the tour draws without a template engine, and shows them as text. */
const MARKUP = {
  presentation: 'tour',
  items: [{ id: 'x', title: '<img src=x onerror="window.inlayXss=1"><b>Bold</b>', description: '<script>window.inlayXss=2</script>&amp; more', anchor: { selector: 'main h1' } }],
};
/** MODAL, for users on the pro plan only. */
const PRO_MODAL = { ...MODAL, eligibility: { all: [{ trait: 'plan', op: 'eq', value: 'pro' }] } };
const TEN = { presentation: 'tour', items: Array.from({ length: 10 }, (_, i) => ({ id: `s${i}`, title: `Step ${i + 1}`, anchor: { selector: 'main h1' } })) };

/** The documented policy, as examples/script-tag reads it. */
async function documentedPolicy(origin: string): Promise<string> {
  const doc = await readFile(join(repo, 'docs/widgets.md'), 'utf8');
  const section = doc.split('\n## Content-Security-Policy\n')[1]?.split('\n## ')[0] ?? '';
  const directives = [...section.matchAll(/^\| `([a-z-]+)` \| `([^`]+)` \|/gm)].map(([, name, value]) => `${name} ${value}`);
  return directives.join('; ').replaceAll('https://cdn.example.com', origin).replaceAll('https://inlay.example.com', origin);
}

let inlay: InlayServer;
let web: { server: Server; origin: string };
let browser: Browser;
let root = '';
const flows: Record<string, string> = {};
let users = 0;

beforeAll(async () => {
  inlay = await startInlayServer();
  for (const [name, config] of Object.entries({ TOUR, LATE, MISSING, HOTSPOTS, CHECKLIST, MANUAL, TEN, EVENT, MODAL, PRO_MODAL, MARKUP })) flows[name] = await inlay.publishFlow(name, config);
  root = await tempApp('inlay-tour-site-');
  await copyApp(site, root);
  for (const file of await readdir(root)) {
    if (!file.endsWith('.html')) continue;
    const text = await readFile(join(root, file), 'utf8');
    await writeFile(join(root, file), text.replaceAll('INLAY_ORIGIN', inlay.origin).replaceAll('FLOW_ID', flows['TOUR'] ?? '').replaceAll('KEY', inlay.publishableKey));
  }
  web = await serve(root, { 'content-security-policy': await documentedPolicy(inlay.origin) });
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  web?.server.close();
  await inlay?.stop();
  if (root) await rm(root, { recursive: true, force: true });
});

interface Visit {
  page: Page;
  /** Requests to the Inlay server's config and progress routes, by page load. */
  reads: { config: number; progress: number }[];
  /** The files loaded from the Inlay server's /cdn/, in order. */
  files: string[];
  problems: string[];
}

/** A new tab of a new user (unless `user` is given) at `path` of the site. */
async function open(
  path: string,
  options: { user?: string; viewport?: { width: number; height: number }; colorScheme?: 'dark' | 'light'; before?: (page: Page) => Promise<void> } = {},
): Promise<Visit & { user: string }> {
  const user = options.user ?? `user-${++users}`;
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1024, height: 720 }, colorScheme: options.colorScheme ?? 'light' });
  const page = await context.newPage();
  const visit: Visit = { page, reads: [], files: [], problems: [] };
  page.on('request', (request) => {
    if (request.url().startsWith(`${inlay.origin}/cdn/`)) visit.files.push(request.url().slice(inlay.origin.length + '/cdn/'.length));
    // A page load (not a history.pushState, which loads nothing).
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) visit.reads.push({ config: 0, progress: 0 });
    const last = visit.reads[visit.reads.length - 1];
    if (!last || request.method() !== 'GET') return;
    if (request.url().includes('/onboarding/api/v1/config/')) last.config++;
    if (request.url().includes('/onboarding/api/v1/progress/')) last.progress++;
  });
  page.on('console', (message) => (message.type() === 'error' || /Content Security Policy/i.test(message.text())) && visit.problems.push(message.text()));
  page.on('pageerror', (error) => visit.problems.push(error.message));
  await options.before?.(page);
  const query = path.includes('?') ? '&' : '?';
  await page.goto(`${web.origin}/${path}${query}user=${user}`);
  return { ...visit, user };
}

/**
 * Holds every answer of the progress routes until the page asks for `file` from the Inlay
 * server's /cdn/: a module the tour asks for only once the progress is there never comes.
 */
function progressAfter(file: string): (page: Page) => Promise<void> {
  return async (page) => {
    let requested: () => void = () => undefined;
    const asked = new Promise<void>((resolve) => (requested = resolve));
    page.on('request', (request) => request.url().endsWith(`/cdn/${file}`) && requested());
    await page.route('**/onboarding/api/v1/progress/**', async (route) => {
      await asked;
      await route.continue();
    });
  };
}

/**
 * `window.configRead`: settles on the task after the page read the flow config's body, so after
 * what the element does with it in that read's promise chain (the render it asks for included).
 */
async function configRead(page: Page): Promise<void> {
  // A script in the page's own terms (this file is type-checked without the DOM's types).
  await page.addInitScript(`{
    const fetchFn = window.fetch;
    let read = () => undefined;
    window.configRead = new Promise((resolve) => (read = resolve));
    window.fetch = async (input, init) => {
      const response = await fetchFn(input, init);
      if (!String(input instanceof Request ? input.url : input).includes('/onboarding/api/v1/config/')) return response;
      for (const method of ['json', 'text']) {
        const body = response[method].bind(response);
        Object.defineProperty(response, method, { value: () => body().finally(() => setTimeout(read)) });
      }
      return response;
    };
  }`);
}

const popover = (page: Page) => page.locator('inlay-tour [part~="popover"]');
const title = (page: Page) => page.locator('inlay-tour [part~="title"]');

/** Which side of the element the popover is on, 12 px away and overlapping it across; else `detached`. */
async function attachedTo(page: Page, selector: string): Promise<'top' | 'bottom' | 'left' | 'right' | 'detached'> {
  const [p, e] = await Promise.all([popover(page).boundingBox(), page.locator(selector).boundingBox()]);
  if (!p || !e) return 'detached';
  const near = (a: number, b: number): boolean => Math.abs(a - b) < 1.5;
  const across = p.x < e.x + e.width && e.x < p.x + p.width;
  const along = p.y < e.y + e.height && e.y < p.y + p.height;
  if (across && near(p.y + p.height, e.y - 12)) return 'top';
  if (across && near(p.y, e.y + e.height + 12)) return 'bottom';
  if (along && near(p.x + p.width, e.x - 12)) return 'left';
  if (along && near(p.x, e.x + e.width + 12)) return 'right';
  return 'detached';
}

/** Whether a modal step's cut-out frames the element (6 px around it). */
async function cutoutAround(page: Page, selector: string): Promise<boolean> {
  const [c, e] = await Promise.all([page.locator('inlay-tour [part~="overlay"]').boundingBox(), page.locator(selector).boundingBox()]);
  return !!c && !!e && Math.abs(c.x - (e.x - 6)) < 1.5 && Math.abs(c.y - (e.y - 6)) < 1.5 && Math.abs(c.width - (e.width + 12)) < 1.5;
}

async function progressOf(flow: string, user: string): Promise<{ state: string; items: { id: string; state: string }[] }> {
  const { body } = await (inlay as unknown as { getProgress(flowId: string, userId: string): Promise<{ body: { data: never } }> }).getProgress(flows[flow] ?? '', user);
  return body.data;
}

/** Records `event` for `user` through the outcomes route, as a host's backend does; answers the items it completed. */
async function recordOutcome(flow: string, user: string, event: string): Promise<string[]> {
  const response = await fetch(`${inlay.baseUrl}/api/v1/outcomes`, {
    method: 'POST',
    headers: { authorization: `Bearer ${inlay.publishableKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ flowId: flows[flow], event, userId: user }),
  });
  const body = (await response.json()) as { data?: { completedItemIds: string[] } };
  expect(response.status).toBe(200);
  return body.data?.completedItemIds ?? [];
}

/** Where focus is: a part of the tour (`dialog` for the popover itself), else `page:` and the element's data-tour or tag. */
function focusAt(page: Page): Promise<string> {
  return page.evaluate<string>(`(() => {
    let active = document.activeElement;
    while (active && active.shadowRoot && active.shadowRoot.activeElement) active = active.shadowRoot.activeElement;
    if (active && active.getRootNode() !== document) return active.getAttribute('role') === 'dialog' ? 'dialog' : active.getAttribute('part');
    return 'page:' + (active ? active.getAttribute('data-tour') || active.tagName : 'none');
  })()`);
}

/** The places focus goes through on `count` presses of `key`. */
async function pressAll(page: Page, key: string, count: number): Promise<string[]> {
  const seen: string[] = [];
  for (let i = 0; i < count; i++) {
    await page.keyboard.press(key);
    seen.push(await focusAt(page));
  }
  return seen;
}

async function expectAccessible(page: Page): Promise<void> {
  // Evaluated through the DevTools protocol, which the page's policy does not govern.
  if (!(await page.evaluate('"axe" in window'))) await page.evaluate(axeSource);
  const violations = await page.evaluate<string[]>(`axe.run(document, { resultTypes: ['violations'] }).then((result) =>
    result.violations.map((violation) => violation.id + ': ' + violation.nodes.map((node) => node.html.slice(0, 120)).join(' | ')))`);
  expect(violations).toEqual([]);
}

async function shot(page: Page, name: string): Promise<void> {
  if (shots) await page.screenshot({ path: join(shots, `tour-${name}.png`) });
}

describe('<inlay-tour> across pages', () => {
  it('continues on page two, after a reload and into the single-page route, one config and one progress read per page load', async () => {
    const { page, user, reads, files, problems } = await open('one.html');
    await expect.poll(() => title(page).textContent()).toBe('Welcome to Acme');
    await expect(page.locator('inlay-tour [part~="step-count"]').textContent()).resolves.toBe('Step 1 of 6');
    await shot(page, 'page-one');
    await page.locator('inlay-tour [part~="next-button"]').click();
    await expect.poll(() => title(page).textContent()).toBe('Find anything');
    // The popover sits below the search field (placement bottom), its arrow pointing at it.
    await expect.poll(() => attachedTo(page, '[data-tour="search"]')).toBe('bottom');
    await expect.poll(() => progressOf('TOUR', user).then((p) => p.items[0]?.state)).toBe('completed');

    await page.reload();
    await expect.poll(() => title(page).textContent()).toBe('Find anything');
    await page.locator('inlay-tour [part~="next-button"]').click();
    await expect.poll(() => title(page).textContent()).toBe('Reports live here');
    await page.locator('inlay-tour [part~="next-button"]').click();
    // The next step belongs to page two: nothing shows here.
    await expect.poll(() => popover(page).count()).toBe(0);
    await expect.poll(() => progressOf('TOUR', user).then((p) => p.items[2]?.state)).toBe('completed');

    await page.locator('[data-tour="to-two"]').click();
    await expect.poll(() => title(page).textContent()).toBe('Your revenue');
    await expect.poll(() => page.locator('inlay-tour [part~="overlay"]').isVisible()).toBe(true);
    // Attached through scrolling: the scroll container's, then the page's (under the sticky
    // header); above the chart while there is room, flipped below when there is not.
    await expect.poll(() => attachedTo(page, '[data-tour="chart"]')).toBe('top');
    await expect.poll(() => cutoutAround(page, '[data-tour="chart"]')).toBe(true);
    const chartBefore = await page.locator('[data-tour="chart"]').boundingBox();
    await page.locator('[data-testid="scroller"]').evaluate((element) => element.scrollBy(0, 60));
    await page.evaluate('window.scrollBy(0, 40)');
    await expect.poll(async () => (await page.locator('[data-tour="chart"]').boundingBox())?.y).toBeLessThan((chartBefore?.y ?? 0) - 90);
    await expect.poll(() => attachedTo(page, '[data-tour="chart"]')).not.toBe('detached');
    await expect.poll(() => cutoutAround(page, '[data-tour="chart"]')).toBe(true);
    // Scrolled out of its container (still inside the viewport): out of sight with it, then back.
    await page.locator('[data-testid="scroller"]').evaluate((element) => element.scrollBy(0, 400));
    await expect.poll(() => popover(page).isVisible()).toBe(false);
    await page.locator('[data-testid="scroller"]').evaluate((element) => element.scrollBy(0, -400));
    await expect.poll(() => popover(page).isVisible()).toBe(true);
    await expect.poll(() => attachedTo(page, '[data-tour="chart"]')).not.toBe('detached');
    await shot(page, 'page-two-modal');
    await page.locator('inlay-tour [part~="next-button"]').click();
    await expect.poll(() => popover(page).count()).toBe(0);

    await page.goto(`${web.origin}/app.html`);
    await expect.poll(() => title(page).textContent()).toBe('Open the settings');
    await expect(page.locator('inlay-tour [part~="next-button"]').count()).resolves.toBe(0);
    await page.locator('[data-tour="open-settings"]').click();
    // history.pushState to /app/settings: the tour follows the route.
    await expect.poll(() => title(page).textContent()).toBe('Save when you are done');
    await expect(page.locator('inlay-tour [part~="next-button"]').textContent()).resolves.toBe('Done');
    await page.locator('inlay-tour [part~="next-button"]').click();
    await expect.poll(() => popover(page).count()).toBe(0);
    await expect.poll(() => progressOf('TOUR', user).then((p) => p.state)).toBe('completed');

    // one.html, reload, two.html, app.html: one config fetch and one progress read each.
    expect(reads).toEqual(Array.from({ length: 4 }, () => ({ config: 1, progress: 1 })));
    // A tour loads the write path beside its bundle, which holds its positioning, and the modal
    // steps' overlay for its step on page two; hotspots only load for hotspots.
    expect(new Set(files)).toEqual(new Set(['inlay-tour.js', 'inlay-checklist.writes.js', 'inlay-tour.modal.js']));
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('costs one config fetch and one progress read for a tour of 10 steps', async () => {
    const { page, reads, files } = await open(`one.html?flow=${flows['TEN']}`);
    for (let step = 1; step <= 10; step++) {
      await expect.poll(() => title(page).textContent()).toBe(`Step ${step}`);
      await page.locator('inlay-tour [part~="next-button"]').click();
    }
    await expect.poll(() => popover(page).count()).toBe(0);
    expect(reads).toEqual([{ config: 1, progress: 1 }]);
    // None of its steps is modal.
    expect(files).not.toContain('inlay-tour.modal.js');
    await page.context().close();
  });

  it('shows the step of an element that arrives a second late, next to it', async () => {
    const { page } = await open(`one.html?flow=${flows['LATE']}&late=1`);
    await expect.poll(() => title(page).textContent(), { timeout: 10_000 }).toBe('Invite your team');
    await expect(page.locator('[data-tour="late"]').count()).resolves.toBe(1);
    await expect(popover(page).getAttribute('class')).resolves.toContain('anchored');
    await expect.poll(() => attachedTo(page, '[data-tour="late"]')).toBe('bottom');
    await page.context().close();
  });

  it('passes over a missing element with fallback "skip", and shows one without a fallback unanchored', async () => {
    const { page } = await open(`one.html?flow=${flows['MISSING']}`);
    await expect.poll(() => title(page).textContent(), { timeout: 15_000 }).toBe('Shown in the middle');
    await expect(popover(page).getAttribute('class')).resolves.not.toContain('anchored');
    await expect(page.locator('inlay-tour [part~="arrow"]').count()).resolves.toBe(0);
    const box = await popover(page).boundingBox();
    // Centred in the 1024 × 720 viewport.
    expect(Math.abs((box?.x ?? 0) + (box?.width ?? 0) / 2 - 512)).toBeLessThan(2);
    await page.context().close();
  });

  it('puts a step out of sight while its element is scrolled away, keeping focus and Escape in it', async () => {
    const { page, user } = await open('one.html', { viewport: { width: 800, height: 500 } });
    await expect.poll(() => title(page).textContent()).toBe('Welcome to Acme');
    await page.locator('inlay-tour [part~="next-button"]').click();
    await expect.poll(() => attachedTo(page, '[data-tour="search"]')).toBe('bottom');
    expect(await focusAt(page)).toBe('dialog');
    const box = await popover(page).boundingBox();
    const middle = `document.elementFromPoint(${(box?.x ?? 0) + (box?.width ?? 0) / 2}, ${(box?.y ?? 0) + (box?.height ?? 0) / 2})?.tagName`;
    expect(await page.evaluate(middle)).toBe('INLAY-TOUR');
    // Scrolled far below the field: the popover is not pinned to the top of the window, and a
    // click where it was reaches the page.
    await page.evaluate(`document.querySelector('main').style.paddingBottom = '2000px'; scrollBy(0, 900)`);
    await expect.poll(() => popover(page).isVisible()).toBe(false);
    expect(await page.evaluate(middle)).not.toBe('INLAY-TOUR');
    expect(await focusAt(page)).toBe('dialog');
    await page.evaluate('scrollTo(0, 0)');
    await expect.poll(() => attachedTo(page, '[data-tour="search"]')).toBe('bottom');
    await page.keyboard.press('Escape');
    await expect.poll(() => progressOf('TOUR', user).then((p) => p.state)).toBe('dismissed');
    await page.context().close();
  });

  it('runs by keyboard alone: focus in the dialog, Next and Back by key, Escape dismisses and focus returns', async () => {
    const { page, user } = await open('one.html');
    await expect.poll(() => title(page).textContent()).toBe('Welcome to Acme');
    const inTour = (attribute: string) => page.evaluate<string | undefined>(`document.activeElement?.shadowRoot?.activeElement?.getAttribute('${attribute}')`);
    await expect.poll(() => inTour('role')).toBe('dialog');
    const focused = () => inTour('part');
    const tabTo = async (part: string): Promise<void> => {
      for (let i = 0; i < 6 && (await focused()) !== part; i++) await page.keyboard.press('Tab');
      expect(await focused()).toBe(part);
    };
    await tabTo('next-button');
    await page.keyboard.press('Enter');
    await expect.poll(() => title(page).textContent()).toBe('Find anything');
    await tabTo('back-button');
    await page.keyboard.press('Enter');
    await expect.poll(() => title(page).textContent()).toBe('Welcome to Acme');
    await tabTo('next-button');
    await page.keyboard.press('Space');
    await expect.poll(() => title(page).textContent()).toBe('Find anything');
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => popover(page).count()).toBe(0);
    await expect.poll(() => progressOf('TOUR', user).then((p) => p.state)).toBe('dismissed');
    // Back to the page: nothing had focus before the tour, so focus is on the page, not in the widget.
    expect(await page.evaluate('document.activeElement?.tagName')).not.toBe('INLAY-TOUR');
    await page.context().close();
  });

  it("fetches a modal step's overlay (inlay-tour.modal.js) while the progress is read, not after", async () => {
    const { page, files } = await open(`one.html?flow=${flows['MODAL']}`, { before: progressAfter('inlay-tour.modal.js') });
    await expect.poll(() => title(page).textContent()).toBe('Search is here');
    await expect.poll(() => page.locator('inlay-tour [part~="overlay"]').isVisible()).toBe(true);
    expect(files.filter((file) => file === 'inlay-tour.modal.js')).toHaveLength(1);
    await page.context().close();
  });

  it('asks for the modal module only once the user is eligible for the flow', async () => {
    const { page, reads, files } = await open(`one.html?flow=${flows['PRO_MODAL']}`, { before: configRead });
    await page.evaluate('window.configRead');
    await page.evaluate("document.querySelector('inlay-tour').updateComplete");
    // A request sent after the config's render, whatever its answer: a module that render asked for was asked first.
    await page.evaluate(`fetch('${inlay.origin}/healthz', { mode: 'no-cors' }).then(() => undefined, () => undefined)`);
    expect(new Set(files)).toEqual(new Set(['inlay-tour.js', 'inlay-checklist.writes.js']));
    expect(reads).toEqual([{ config: 1, progress: 0 }]);
    // The same page, once the host names the plan: the progress, the module and the step.
    await page.evaluate("document.querySelector('inlay-tour').traits = { plan: 'pro' }");
    await expect.poll(() => title(page).textContent()).toBe('Search is here');
    expect(files.filter((file) => file === 'inlay-tour.modal.js')).toHaveLength(1);
    expect(reads).toEqual([{ config: 1, progress: 1 }]);
    await page.context().close();
  });

  it('keeps Tab and Shift+Tab in a modal step, its element included when a click does the step', async () => {
    const { page, user } = await open(`one.html?flow=${flows['MODAL']}`);
    await expect.poll(() => title(page).textContent()).toBe('Search is here');
    await expect.poll(() => focusAt(page)).toBe('dialog');
    await expect(popover(page).getAttribute('aria-modal')).resolves.toBe('true');
    expect(await pressAll(page, 'Tab', 7)).toEqual(['close-button', 'skip-button', 'next-button', 'close-button', 'skip-button', 'next-button', 'close-button']);
    expect(await pressAll(page, 'Shift+Tab', 4)).toEqual(['next-button', 'skip-button', 'close-button', 'next-button']);
    await shot(page, 'modal-keyboard');
    await page.keyboard.press('Enter');

    // A click step: its element is in the round, and a key press on it does the step.
    await expect.poll(() => title(page).textContent()).toBe('Start a project');
    await expect.poll(() => focusAt(page)).toBe('dialog');
    await expect(popover(page).getAttribute('aria-modal')).resolves.toBeNull();
    expect(await pressAll(page, 'Tab', 5)).toEqual(['close-button', 'skip-button', 'back-button', 'page:new-project', 'close-button']);
    expect(await pressAll(page, 'Shift+Tab', 2)).toEqual(['page:new-project', 'back-button']);
    await pressAll(page, 'Tab', 1);
    await shot(page, 'modal-click-step-element');
    await page.keyboard.press('Enter');
    await expect.poll(() => title(page).textContent()).toBe('That was it');
    await expect.poll(() => progressOf('MODAL', user).then((p) => p.items.map((item) => item.state))).toEqual(['completed', 'completed', 'pending']);

    // Not modal: Tab leaves the dialog for the page, Shift+Tab comes back, and Escape dismisses.
    await expect.poll(() => focusAt(page)).toBe('dialog');
    const out = await pressAll(page, 'Tab', 6);
    expect(out.slice(0, 4)).toEqual(['close-button', 'skip-button', 'back-button', 'next-button']);
    expect(out[4]).toMatch(/^page:/);
    let back = await focusAt(page);
    for (let i = 0; i < 10 && back.startsWith('page:'); i++) back = (await pressAll(page, 'Shift+Tab', 1))[0] ?? '';
    expect(back).toMatch(/-button$/);
    await page.keyboard.press('Escape');
    await expect.poll(() => popover(page).count()).toBe(0);
    await expect.poll(() => progressOf('MODAL', user).then((p) => p.state)).toBe('dismissed');
    await page.context().close();

    // Escape on the element of a modal click step dismisses too.
    const again = await open(`one.html?flow=${flows['MODAL']}`);
    await expect.poll(() => title(again.page).textContent()).toBe('Search is here');
    await expect.poll(() => focusAt(again.page)).toBe('dialog');
    await pressAll(again.page, 'Shift+Tab', 1);
    await again.page.keyboard.press('Enter');
    await expect.poll(() => title(again.page).textContent()).toBe('Start a project');
    await expect.poll(() => focusAt(again.page)).toBe('dialog');
    expect(await pressAll(again.page, 'Shift+Tab', 1)).toEqual(['page:new-project']);
    await again.page.keyboard.press('Escape');
    await expect.poll(() => progressOf('MODAL', again.user).then((p) => p.state)).toBe('dismissed');
    await again.page.context().close();
  });

  it('moves on from a step an outcome completes while it shows, without a reload', async () => {
    const { page, user, reads, problems } = await open(`one.html?flow=${flows['EVENT']}`);
    await expect.poll(() => title(page).textContent()).toBe('Connect your data');
    await expect(page.locator('inlay-tour [part~="hint"]').textContent()).resolves.toBe('This step completes when you do it.');
    await shot(page, 'event-step');
    expect(await recordOutcome('EVENT', user, 'data.connected')).toEqual(['connect']);
    // The tab stays visible and focused: the tour's quiet reread of the progress brings the next step.
    await expect.poll(() => title(page).textContent(), { timeout: 15_000 }).toBe('Your data is in');
    expect(reads.length).toBe(1);
    expect(reads[0]?.progress).toBeGreaterThan(1);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('waits for start() when manual, takes focus from the start button and gives it back on Escape', async () => {
    const { page, user, reads } = await open(`one.html?flow=${flows['MANUAL']}`);
    const start = page.getByRole('button', { name: 'Take the tour' });
    await start.focus();
    // Loaded (its progress read answered, and the element rendered since) and not started: no step.
    await expect.poll(() => reads[0]?.progress).toBe(1);
    await page.waitForLoadState('networkidle');
    await page.evaluate('document.querySelector("inlay-tour").updateComplete');
    expect(await popover(page).count()).toBe(0);
    await page.keyboard.press('Enter');
    await expect.poll(() => title(page).textContent()).toBe('Started by hand');
    await expect.poll(() => page.evaluate<string | undefined>(`document.activeElement?.shadowRoot?.activeElement?.getAttribute('role')`)).toBe('dialog');
    await page.keyboard.press('Escape');
    await expect.poll(() => popover(page).count()).toBe(0);
    await expect.poll(() => page.evaluate<string | null | undefined>('document.activeElement?.getAttribute("data-start-tour")')).toBe('');
    await expect.poll(() => progressOf('MANUAL', user).then((p) => p.state)).toBe('dismissed');
    // start() again brings a dismissed tour back (the progress operation resume).
    await page.keyboard.press('Enter');
    await expect.poll(() => title(page).textContent()).toBe('Started by hand');
    await expect.poll(() => progressOf('MANUAL', user).then((p) => p.state)).not.toBe('dismissed');
    await page.context().close();
  });

  it('is accessible in the dark theme, right to left and at 375 px', async () => {
    const dark = await open('one.html?theme=dark', { colorScheme: 'dark' });
    await expect.poll(() => title(dark.page).textContent()).toBe('Welcome to Acme');
    await dark.page.locator('inlay-tour [part~="next-button"]').click();
    await expect.poll(() => title(dark.page).textContent()).toBe('Find anything');
    await expectAccessible(dark.page);
    await shot(dark.page, 'dark');
    await dark.page.context().close();

    const rtl = await open('one.html?dir=rtl');
    await expect.poll(() => title(rtl.page).textContent()).toBe('Welcome to Acme');
    await rtl.page.locator('inlay-tour [part~="next-button"]').click();
    await rtl.page.locator('inlay-tour [part~="next-button"]').click();
    await expect.poll(() => title(rtl.page).textContent()).toBe('Reports live here');
    // placement "end" is the left side in a right-to-left page.
    await expect.poll(() => attachedTo(rtl.page, '[data-tour="to-two"]')).toBe('left');
    await expectAccessible(rtl.page);
    await shot(rtl.page, 'rtl');
    await rtl.page.context().close();

    const narrow = await open('one.html', { viewport: { width: 375, height: 700 } });
    await expect.poll(() => title(narrow.page).textContent()).toBe('Welcome to Acme');
    await narrow.page.locator('inlay-tour [part~="next-button"]').click();
    await expect.poll(() => title(narrow.page).textContent()).toBe('Find anything');
    await expect
      .poll(async () => {
        const box = await popover(narrow.page).boundingBox();
        return !!box && box.x >= 0 && box.x + box.width <= 375;
      })
      .toBe(true);
    await expectAccessible(narrow.page);
    await shot(narrow.page, 'narrow');
    // Placement "end" (the right side) has no room at 375 px, nor has the left: below the link,
    // not shifted over it.
    await narrow.page.locator('inlay-tour [part~="next-button"]').click();
    await expect.poll(() => title(narrow.page).textContent()).toBe('Reports live here');
    await expect.poll(() => attachedTo(narrow.page, '[data-tour="to-two"]')).toBe('bottom');
    await shot(narrow.page, 'narrow-end');
    await narrow.page.context().close();
  });

  it('keeps a step that shows while the page is pinch-zoomed inside what is on screen', async () => {
    const { page } = await open('one.html');
    // The step's scroll into view is instant, so the screen comes to rest where it will stay.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect.poll(() => title(page).textContent()).toBe('Welcome to Acme');
    // Zoomed in twice and panned right: on screen is 512 × 360 px of the page from x = 300, and
    // the search field (x 261–489) is half out of it on the left.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setPageScaleFactor', { pageScaleFactor: 2 });
    await page.mouse.wheel(600, 0);
    await expect.poll(() => page.evaluate('visualViewport.offsetLeft')).toBe(300);
    // Next without a pointer, which would pan the screen to the button.
    await page.evaluate(`document.querySelector('inlay-tour').shadowRoot.querySelector('[part~="next-button"]').click()`);
    await expect.poll(() => title(page).textContent()).toBe('Find anything');
    // The step pans what is on screen to centre the field (a pan of the visual viewport alone:
    // the page does not scroll). That leaves 160 px above and below it, less than the popover
    // needs: the popover is shifted over the field's lower edge, inside what is on screen, not
    // below the field as in the whole (layout) viewport, nor where it was before the pan.
    const placed = () =>
      page.evaluate(`(() => {
        const box = document.querySelector('inlay-tour').shadowRoot.querySelector('[part~="popover"]').getBoundingClientRect();
        const field = document.querySelector('[data-tour="search"]').getBoundingClientRect();
        const view = visualViewport;
        const centred = Math.abs(view.offsetTop + view.height / 2 - (field.top + field.bottom) / 2) < 1.5;
        const side = Math.abs(box.top - (field.bottom + 12)) < 1.5 ? 'below' : Math.abs(box.bottom - (field.top - 12)) < 1.5 ? 'above' : box.top > field.top && box.top < field.bottom ? 'over its lower edge' : 'elsewhere';
        return { centred, inView: box.left >= view.offsetLeft + 7 && box.right <= view.offsetLeft + view.width - 7 && box.top >= view.offsetTop && box.bottom <= view.offsetTop + view.height, side };
      })()`);
    await expect.poll(placed).toEqual({ centred: true, inView: true, side: 'over its lower edge' });
    await shot(page, 'pinch-zoom');
    // Panned up, the page itself unscrolled: now there is room above the field, and the popover
    // moves there (a pan is no scroll or resize of the page: it is followed on its own).
    const top = (await page.evaluate('visualViewport.offsetTop')) as number;
    await page.mouse.wheel(0, -100);
    await expect.poll(() => page.evaluate('visualViewport.offsetTop')).toBeLessThan(top);
    expect(await page.evaluate('scrollY')).toBe(0);
    await expect.poll(placed).toEqual({ centred: false, inView: true, side: 'above' });
    await shot(page, 'pinch-zoom-panned');
    await page.context().close();
  });

  it("shows a flow's texts as text, never as markup", async () => {
    const { page, problems } = await open(`one.html?flow=${flows['MARKUP']}`);
    const [item] = MARKUP.items;
    await expect.poll(() => title(page).textContent()).toBe(item?.title);
    await expect(page.locator('inlay-tour [part~="text"]').textContent()).resolves.toBe(item?.description);
    expect(await page.locator('inlay-tour img, inlay-tour b, inlay-tour script').count()).toBe(0);
    expect(await page.evaluate('window.inlayXss')).toBeUndefined();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('shows translated texts', async () => {
    const { page } = await open('one.html?lang=de');
    await expect.poll(() => page.locator('inlay-tour [part~="next-button"]').textContent()).toBe('Weiter');
    await expect(page.locator('inlay-tour [part~="step-count"]').textContent()).resolves.toBe('Schritt 1 von 6');
    await page.context().close();
  });

  it('shows a checklist item\'s step from its "Show me", and the checklist sees it done', async () => {
    const { page, user, problems } = await open(`checklist.html?flow=${flows['CHECKLIST']}`);
    const showMe = page.locator('inlay-checklist [part~="show-me-button"]');
    // Only the item with an anchor has one; the tour of a checklist waits for it.
    await expect.poll(() => showMe.count()).toBe(1);
    expect(await popover(page).count()).toBe(0);
    await showMe.click();
    await expect.poll(() => title(page).textContent()).toBe('Set up billing');
    await expect.poll(() => attachedTo(page, '[data-tour="billing"]')).toBe('right');
    await page.locator('inlay-tour [part~="next-button"]').click();
    await expect.poll(() => popover(page).count()).toBe(0);
    await expect.poll(() => progressOf('CHECKLIST', user).then((p) => p.items.map((item) => item.state))).toEqual(['completed', 'pending']);
    // The tour's saved write reaches the checklist of the same tab (docs/widgets.md, "Several tabs").
    await expect.poll(() => page.locator('inlay-checklist [part~="item-checkbox"]').first().isChecked()).toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('puts a beacon on each hotspot, opened on demand and completed with "Got it"', async () => {
    // Their module is fetched while the progress is read, not after.
    const { page, user, files } = await open(`one.html?flow=${flows['HOTSPOTS']}`, { before: progressAfter('inlay-tour.hotspots.js') });
    const beacons = page.locator('inlay-tour [part~="beacon"]');
    await expect.poll(() => beacons.count()).toBe(2);
    expect(files).toContain('inlay-tour.hotspots.js');
    expect(await popover(page).count()).toBe(0);
    await beacons.first().click();
    await expect.poll(() => title(page).textContent()).toBe('Start a project');
    await expect(beacons.first().getAttribute('aria-expanded')).resolves.toBe('true');
    await expectAccessible(page);
    await shot(page, 'hotspots');
    // Escape and the close button close the hint, and focus goes back to its beacon.
    await expect.poll(() => focusAt(page)).toBe('dialog');
    await page.keyboard.press('Escape');
    await expect.poll(() => popover(page).count()).toBe(0);
    await expect.poll(() => focusAt(page)).toBe('beacon');
    await expect(beacons.first().getAttribute('aria-expanded')).resolves.toBe('false');
    await page.keyboard.press('Enter');
    await expect.poll(() => focusAt(page)).toBe('dialog');
    await page.locator('inlay-tour [part~="close-button"]').click();
    await expect.poll(() => popover(page).count()).toBe(0);
    await expect.poll(() => focusAt(page)).toBe('beacon');
    await beacons.first().click();
    await page.locator('inlay-tour [part~="next-button"]').click();
    await expect.poll(() => beacons.count()).toBe(1);
    await expect.poll(() => progressOf('HOTSPOTS', user).then((p) => p.items.map((item) => item.state))).toEqual(['completed', 'pending']);
    await page.context().close();
  });
});
