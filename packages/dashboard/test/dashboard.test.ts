// The dashboard in Chromium against a real server (scripts/inlay-server.mjs): per page, sign in,
// do the page's action, and check its effect through the server's PUBLIC, key-authenticated API
// (or the file it serves), with axe-core run on every page and no CSP violation or page error.
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EMAIL, type InlayServer, PASSWORD, startInlayServer } from '../scripts/inlay-server.mjs';
import { seed } from '../scripts/seed.mjs';
import { expectAccessible, launch, openAt, openPage, signIn, type StorageState, visit } from './browser.js';

let server: InlayServer;
let browser: Browser;
let seeded: Awaited<ReturnType<typeof seed>>;
let page: Page;
let problems: string[];
let close: () => Promise<void>;
/** The operator's session, signed in once: sign-ins are rate-limited per account and address. */
let signedIn: StorageState;

beforeAll(async () => {
  [server, browser] = await Promise.all([startInlayServer(), launch()]);
  seeded = await seed(server);
  signedIn = await signIn(browser, server.origin);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

beforeEach(async () => {
  const opened = await openPage(browser, { storageState: signedIn });
  page = opened.page;
  problems = opened.problems;
  close = () => opened.context.close();
});

afterEach(async () => {
  await close();
  expect(problems).toEqual([]);
});

const pub = (): string => server.keys.testPublishable;

/** A flow made through the public API (with a draft config, if given); answers its id. */
async function makeFlow(name: string, config?: object): Promise<string> {
  const created = await server.publicApi(server.keys.testSecret, 'POST', '/onboarding/api/v1/flows', { name });
  if (config) expect((await server.publicApi(server.keys.testSecret, 'PATCH', `/onboarding/api/v1/flows/${created.body.data.id}`, { name, config })).status).toBe(200);
  return created.body.data.id as string;
}

describe('sign-in and the shell', () => {
  it('refuses a wrong password, signs in, keeps the session across a reload, and signs out', async () => {
    await close();
    const fresh = await openPage(browser);
    page = fresh.page;
    problems = fresh.problems;
    close = () => fresh.context.close();
    await page.goto(`${server.origin}/dashboard/keys`);
    await page.getByRole('heading', { name: 'Sign in to Inlay' }).waitFor();
    await expectAccessible(page);
    await page.getByLabel('Email').fill('operator@example.com');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/password/i);

    await page.getByLabel('Password').fill('correct horse battery staple');
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Back to the page asked for.
    await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to Inlay' }).waitFor();
    const session = await page.evaluate(async () => (await fetch('/dashboard/api/session')).status);
    expect(session).toBe(401);
  });

  it('stays signed in, and says so, when signing out cannot reach the server', async () => {
    await openAt(page, server.origin, 'keys');
    await page.route('**/dashboard/api/session', (route) => (route.request().method() === 'DELETE' ? route.abort('connectionrefused') : route.continue()));
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/still signed in\. The server could not be reached/);
    expect(await page.getByRole('heading', { level: 1, name: 'API keys' }).count()).toBe(1);
    await expectAccessible(page);
    // The server still has the session: the page said so truly.
    await page.unroute('**/dashboard/api/session');
    expect(await page.evaluate(async () => (await fetch('/dashboard/api/session')).status)).toBe(200);
  });

  it('navigates by keyboard between lazily loaded pages and switches test/live', async () => {
    await openAt(page, server.origin);
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await page.getByRole('link', { name: 'Plan' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Plan' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard/plan');
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await page.getByRole('button', { name: 'Live', exact: true }).click();
    await expect.poll(() => page.getByText(/Live mode, /).count()).toBe(1);
    await page.getByRole('button', { name: 'Test', exact: true }).click();
    await expect.poll(() => page.getByText(/Test mode, /).count()).toBe(1);
  });
});

describe('overview', () => {
  it('charts 30 days of usage per service with a table alternative', async () => {
    await openAt(page, server.origin);
    await page.getByRole('heading', { level: 2, name: 'Onboarding' }).waitFor();
    await expect.poll(() => page.getByRole('img', { name: /Onboarding: .* per day/ }).count()).toBe(1);
    await page.getByText('Show as a table').first().click();
    expect(await page.locator('details[open] tbody tr').count()).toBe(30);
    await expectAccessible(page);
  });
});

describe('keys', () => {
  it('mints a publishable key shown once, which the public API accepts, then revokes it (401)', async () => {
    await openAt(page, server.origin, 'keys');
    await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();
    await page.getByRole('button', { name: 'Create test publishable key' }).click();
    const shown = (await page.locator('[data-secret]').textContent())?.trim() ?? '';
    expect(shown).toMatch(/^svc_test_pub_\w+$/);
    await expectAccessible(page);
    // Shown only this once: leaving the page asks first, and staying keeps it on screen.
    await page.getByRole('link', { name: 'Flows', exact: true }).click();
    await page.getByRole('dialog').getByText('Your new key is shown only this once').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Keep editing' }).click();
    expect((await page.locator('[data-secret]').textContent())?.trim()).toBe(shown);
    const path = `/onboarding/api/v1/config/${seeded.flowId}`;
    expect((await server.publicApi(shown, 'GET', path)).status).toBe(200);

    await page.getByRole('button', { name: 'I have saved it' }).click();
    expect(await page.locator('[data-secret]').count()).toBe(0);
    // A key still shown once is not shown in the other mode, and goes when it is revoked.
    await page.getByRole('button', { name: 'Create test secret key' }).click();
    const second = (await page.locator('[data-secret]').textContent())?.trim() ?? '';
    await page.getByRole('button', { name: `Revoke key ending ${second.slice(-4)}` }).click();
    await page.getByRole('button', { name: `Revoke …${second.slice(-4)} now` }).click();
    await expect.poll(() => page.locator('[data-secret]').count()).toBe(0);
    await page.getByRole('button', { name: `Revoke key ending ${shown.slice(-4)}` }).click();
    await page.getByRole('button', { name: `Revoke …${shown.slice(-4)} now` }).click();
    await expect.poll(() => page.getByText(/Revoked/).count()).toBeGreaterThan(0);
    const refused = await server.publicApi(shown, 'GET', path);
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('api_key_revoked');
  });
});

describe('flows', () => {
  it('creates a flow, edits items with a dependency and a rule, previews it in <inlay-checklist>, publishes, diffs, restores and deletes', async () => {
    await openAt(page, server.origin, 'flows');
    await page.getByLabel('New flow name').fill('Trial onboarding');
    await page.getByRole('button', { name: 'Create flow' }).click();
    await page.getByRole('heading', { level: 1, name: 'Trial onboarding' }).waitFor();
    const flowId = new URL(page.url()).pathname.split('/').pop() ?? '';

    await page.getByRole('button', { name: 'Add item' }).click();
    await page.getByRole('button', { name: 'Add item' }).click();
    await page.getByLabel('Title').first().fill('Create a project');
    await page.getByLabel('Id').first().fill('project');
    await page.getByLabel('Title').nth(1).fill('Invite a colleague');
    await page.getByRole('group', { name: 'Depends on' }).getByLabel('Create a project').check();
    // A link within the app is a path, which a URL field would refuse on save.
    await page.getByLabel('Button label').first().fill('New project');
    await page.getByLabel('Button link').first().fill('/projects/new');
    // A renamed item takes the items that depend on it along.
    await page.getByLabel('Id').first().fill('first-project');
    expect(await page.getByRole('group', { name: 'Depends on' }).getByLabel('Create a project').isChecked()).toBe(true);
    await page.getByLabel('Who sees this checklist').selectOption('all');
    await page.getByLabel('Rule 1 value').fill('trial');
    // The rule hides the checklist from a user without the trait, and shows it to one with it.
    await expect.poll(() => page.getByText(/is not eligible/).count()).toBe(1);
    await page.getByLabel(/Preview as a user with traits/).fill('plan=trial');
    // The real widget shows the draft, with its dependency.
    const preview = page.locator('inlay-checklist');
    await expect.poll(() => preview.getByText('Invite a colleague').count()).toBe(1);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Save and publish' }).click();
    await expect.poll(() => page.getByText(/the draft is what is published/).count()).toBe(1);
    const config = await server.publicApi(pub(), 'GET', `/onboarding/api/v1/config/${flowId}`);
    expect(config.status).toBe(200);
    expect(config.body.data.config.items.map((item: { id: string }) => item.id)).toEqual(['first-project', 'item-2']);
    expect(config.body.data.config.items[1].dependsOn).toEqual(['first-project']);
    expect(config.body.data.config.items[0].action).toEqual({ label: 'New project', href: '/projects/new' });
    expect(config.body.data.config.eligibility).toEqual({ all: [{ trait: 'plan', op: 'eq', value: 'trial' }] });

    // A later draft, then the published revision compared with it side by side and restored.
    await page.getByLabel('Title').first().fill('Create your first project');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(() => page.getByText('Unsaved changes').count()).toBe(0);
    const published = page.getByRole('row', { name: /published/ });
    await published.getByRole('button', { name: /^Compare / }).click();
    await expect.poll(() => page.locator('.diff td.del').filter({ hasText: 'Create a project' }).count()).toBe(1);
    expect(await page.locator('.diff td.ins').filter({ hasText: 'Create your first project' }).count()).toBe(1);
    await expectAccessible(page);
    await published.getByRole('button', { name: /^Restore / }).click();
    await expect.poll(() => page.getByLabel('Title').first().inputValue()).toBe('Create a project');

    await page.getByRole('button', { name: 'Delete…' }).click();
    await page.getByLabel(/Type .* to confirm/).fill('Trial onboarding');
    await page.getByRole('button', { name: 'Delete flow' }).click();
    await page.getByRole('heading', { level: 1, name: 'Flows' }).waitFor();
    expect((await server.publicApi(pub(), 'GET', `/onboarding/api/v1/config/${flowId}`)).status).toBe(404);
  });
});

describe('refused saves', () => {
  it('names a refused field as the form does, marks it, and clears the error on discard and on a successful save', async () => {
    await makeFlow('Refused save', { items: [{ id: 'first', title: 'First' }, { id: 'second', title: 'Second' }] });
    await openAt(page, server.origin, 'flows');
    await page.getByRole('link', { name: 'Refused save' }).click();
    const second = page.getByRole('group', { name: /^Item 2/ });
    const secondId = second.getByLabel('Id', { exact: true });
    const refuse = async (): Promise<void> => {
      await secondId.fill('first');
      await page.getByRole('button', { name: 'Save draft' }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toContain('Item 2 · Id: item id "first" is used twice');
    };
    await refuse();
    expect(await page.getByRole('alert').textContent()).not.toContain('config.');
    // The field: invalid, described by the message, and focused.
    expect(await secondId.getAttribute('aria-invalid')).toBe('true');
    const described = await secondId.evaluate((input) => (input.getRootNode() as ShadowRoot).getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent);
    expect(described).toBe('Item 2 · Id: item id "first" is used twice');
    expect(await secondId.evaluate((input) => (input.getRootNode() as ShadowRoot).activeElement === input)).toBe(true);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Discard changes' }).click();
    await expect.poll(() => page.getByRole('alert').count()).toBe(0);
    expect(await secondId.getAttribute('aria-invalid')).toBe('false');

    // Mended elsewhere (the other item's id), the error stays until the save succeeds.
    await refuse();
    await page.getByRole('group', { name: /^Item 1/ }).getByLabel('Id', { exact: true }).fill('one');
    expect(await page.getByRole('alert').count()).toBe(1);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(() => page.getByText('Unsaved changes').count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await secondId.getAttribute('aria-invalid')).toBe('false');
  });
});

describe('unsaved edits', () => {
  const leaveDialog = () => page.getByRole('dialog');

  it('asks before a link, Back, sign-out or closing the tab leaves a draft with unsaved edits, and not once they are saved', async () => {
    const flowId = await makeFlow('Unsaved edits');
    await openAt(page, server.origin, 'flows');
    await page.getByRole('link', { name: 'Unsaved edits' }).click();
    await page.getByRole('heading', { level: 1, name: 'Unsaved edits' }).waitFor();
    await page.getByLabel('Name', { exact: true }).click();
    await page.getByLabel('Name', { exact: true }).fill('Renamed but not saved');

    // A link of the header: asked, and staying keeps the edit.
    await page.getByRole('link', { name: 'Flows', exact: true }).click();
    await leaveDialog().getByRole('heading', { name: 'Leave without saving?' }).waitFor();
    expect(await leaveDialog().textContent()).toContain('Your changes to the flow “Unsaved edits” are not saved.');
    await expectAccessible(page);
    await leaveDialog().getByRole('button', { name: 'Keep editing' }).click();
    await leaveDialog().waitFor({ state: 'hidden' });
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Renamed but not saved');

    // Back: asked; staying returns to the editor's address.
    await page.goBack();
    await leaveDialog().getByRole('button', { name: 'Keep editing' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/dashboard/flows/${flowId}`);
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Renamed but not saved');

    // Signing out: asked, and the operator stays signed in.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await leaveDialog().getByRole('heading', { name: 'Sign out without saving?' }).waitFor();
    await leaveDialog().getByRole('button', { name: 'Keep editing' }).click();
    await leaveDialog().waitFor({ state: 'hidden' });
    expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(1);

    // Closing the tab: the browser asks (beforeunload); dismissed, the page stays.
    const asked = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const question = await asked;
    expect(question.type()).toBe('beforeunload');
    await question.dismiss();
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Renamed but not saved');

    // Leaving on purpose: the edit is gone, the draft as it was.
    await page.getByRole('link', { name: 'Flows', exact: true }).click();
    await leaveDialog().getByRole('button', { name: 'Leave without saving' }).click();
    await page.getByRole('heading', { level: 1, name: 'Flows' }).waitFor();
    expect((await server.publicApi(server.keys.testSecret, 'GET', `/onboarding/api/v1/flows/${flowId}`)).body.data.draft.name).toBe('Unsaved edits');

    // Saved, nothing is asked: the tab closes.
    await page.getByRole('link', { name: 'Unsaved edits' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Saved edits');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(() => page.getByText('Unsaved changes').count()).toBe(0);
    const closed = page.waitForEvent('close');
    await page.close({ runBeforeUnload: true });
    await closed;
  });

  it('applies the answer where Back, pressed again while it asks, took the address', async () => {
    const flowId = await makeFlow('Back twice');
    await openAt(page, server.origin);
    await page.getByRole('link', { name: 'Flows', exact: true }).click();
    await page.getByRole('link', { name: 'Back twice' }).click();
    await page.getByRole('heading', { level: 1, name: 'Back twice' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Edited, not saved');
    const editor = `/dashboard/flows/${flowId}`;

    // Staying after two Backs: the editor, its edit and its address.
    await page.goBack();
    await leaveDialog().getByRole('heading', { name: 'Leave without saving?' }).waitFor();
    await page.goBack();
    await leaveDialog().getByRole('button', { name: 'Keep editing' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(editor);
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Edited, not saved');

    // Leaving after two Backs: the overview, two entries back.
    await page.goBack();
    await leaveDialog().getByRole('heading', { name: 'Leave without saving?' }).waitFor();
    await page.goBack();
    await leaveDialog().getByRole('button', { name: 'Leave without saving' }).click();
    await page.getByRole('heading', { level: 2, name: 'Onboarding' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard/');
    expect(await page.getByLabel('Name', { exact: true }).count()).toBe(0);
  });

  it('keeps the unsaved edits of a session ended in another tab and offers them back after signing in', async () => {
    await makeFlow('Kept edits');
    const own = await openPage(browser, { storageState: await signIn(browser, server.origin) });
    try {
      const editor = own.page;
      await openAt(editor, server.origin, 'flows');
      await editor.getByRole('link', { name: 'Kept edits' }).click();
      await editor.getByLabel('Name', { exact: true }).fill('Kept through a sign-in');

      const other = await own.context.newPage();
      await openAt(other, server.origin);
      await other.getByRole('button', { name: 'Sign out' }).click();
      await other.getByRole('heading', { name: 'Sign in to Inlay' }).waitFor();

      // The save finds the session gone: the edit is kept, and the sign-in page says so.
      await editor.getByRole('button', { name: 'Save draft' }).click();
      await editor.getByRole('heading', { name: 'Sign in to Inlay' }).waitFor();
      await editor.getByText('They are kept in this tab').waitFor();
      await editor.getByLabel('Email').fill(EMAIL);
      await editor.getByLabel('Password').fill(PASSWORD);
      await editor.getByRole('button', { name: 'Sign in' }).click();
      await editor.getByRole('heading', { level: 1, name: 'Kept edits' }).waitFor();
      const offer = editor.getByRole('region', { name: /^Unsaved changes from / });
      await offer.waitFor();
      expect(await editor.getByLabel('Name', { exact: true }).inputValue()).toBe('Kept edits');
      await expectAccessible(editor);
      await offer.getByRole('button', { name: 'Restore my changes' }).click();
      expect(await editor.getByLabel('Name', { exact: true }).inputValue()).toBe('Kept through a sign-in');
      expect(await editor.getByText('Unsaved changes', { exact: true }).count()).toBe(1);
      expect(await offer.count()).toBe(0);
      expect(own.problems).toEqual([]);
    } finally {
      await own.context.close();
    }
  });
});

describe('tours', () => {
  it('edits presentation, an anchor with its side and advance, previews the popover, refuses a bad selector on save, and publishes', async () => {
    await openAt(page, server.origin, 'flows');
    await page.getByLabel('New flow name').fill('Product tour');
    await page.getByRole('button', { name: 'Create flow' }).click();
    await page.getByRole('heading', { level: 1, name: 'Product tour' }).waitFor();
    const flowId = new URL(page.url()).pathname.split('/').pop() ?? '';

    await page.getByLabel('Show as').selectOption('tour');
    await page.getByRole('button', { name: 'Add item' }).click();
    await page.getByLabel('Title').first().fill('Create a project');
    await page.getByLabel('Points at (CSS selector)').fill('[data-tour="new-project"]');
    await page.getByLabel('Side').selectOption('end');
    await page.getByLabel('Done when').selectOption('click');
    // The real <inlay-tour> shows the step's popover in place, with the hint of a click step.
    await expect.poll(() => page.locator('inlay-tour [part~="title"]').textContent()).toBe('Create a project');
    expect(await page.locator('inlay-tour [part~="hint"]').textContent()).toBe('Click the highlighted element to continue.');
    await expectAccessible(page);
    if (process.env['TOUR_SCREENSHOTS']) await page.screenshot({ path: `${process.env['TOUR_SCREENSHOTS']}/dashboard-tour-preview.png`, fullPage: true });

    await page.getByLabel('Points at (CSS selector)').fill('[data-tour="new-project"');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(() => page.getByText(/not a valid CSS selector/).count()).toBeGreaterThan(0);
    await page.getByLabel('Points at (CSS selector)').fill('[data-tour="new-project"]');
    await page.getByRole('button', { name: 'Save and publish' }).click();
    await expect.poll(() => page.getByText(/the draft is what is published/).count()).toBe(1);
    const config = await server.publicApi(pub(), 'GET', `/onboarding/api/v1/config/${flowId}`);
    expect(config.body.data.config.presentation).toBe('tour');
    expect(config.body.data.config.items[0]).toMatchObject({ anchor: { selector: '[data-tour="new-project"]', placement: 'end' }, advance: 'click' });
  });
});

describe('boards', () => {
  it('edits settings and branding, previews them in <inlay-feedback-board>, and publishes', async () => {
    await openAt(page, server.origin, `boards/${seeded.boardId}`);
    await page.getByRole('heading', { level: 1, name: 'Product ideas' }).waitFor();
    await page.getByLabel('Allow anonymous posts and votes').check();
    await page.getByLabel('Title', { exact: true }).fill('Shape our roadmap');
    await page.getByLabel('Accent colour (#rrggbb)').fill('#0f766e');
    await page.getByLabel(/Allowed origins/).fill('https://app.example.com\nhttps://*.example.net\n');
    await page.getByRole('button', { name: 'Add category' }).click();
    const category = page.getByRole('group', { name: /^Category 1/ });
    await category.getByLabel('Name').fill('Integrations & API');
    await expect.poll(() => category.getByLabel('Id').inputValue()).toBe('integrations-api');
    await category.getByLabel('Colour').fill('#7c3aed');
    await expect.poll(() => page.locator('inlay-feedback-board').getByText('Shape our roadmap').count()).toBe(1);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save and publish' }).click();
    await expect.poll(() => page.getByText(/the draft is what is published/).count()).toBe(1);
    await expect
      .poll(async () => (await server.publicApi(pub(), 'GET', `/feedback/api/v1/config/${seeded.boardId}`)).body.data.config)
      .toMatchObject({
        allowAnonymous: true,
        branding: { title: 'Shape our roadmap', accentColor: '#0f766e' },
        allowedOrigins: ['https://app.example.com', 'https://*.example.net'],
        categories: [{ id: 'integrations-api', name: 'Integrations & API', color: '#7c3aed' }],
      });
  });
});

describe('importers', () => {
  it('adds a field with a type, a rule and aliases, previews it in <inlay-importer>, and publishes', async () => {
    await openAt(page, server.origin, `importers/${seeded.importerId}`);
    await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor();
    await page.getByRole('button', { name: 'Add field' }).click();
    const field = page.getByRole('group', { name: /^Field 4/ });
    await field.getByLabel('Key').fill('seats');
    await field.getByLabel('Label').fill('Seats');
    await field.getByLabel('Type').selectOption('number');
    await field.getByLabel('Minimum').fill('1');
    await field.getByLabel(/Aliases/).fill('Users, Licences');
    await page.getByLabel(/Allowed origins/).fill('https://app.example.com');
    await page.getByLabel(/Keep columns no field is matched to/).check();
    // The real importer reads pasted rows against the draft's fields, once it shows the last edit.
    await page.locator('.preview-frame[aria-busy="false"]').waitFor();
    await page.locator('inlay-importer').getByLabel(/paste/i).fill('Email,Users\nann@example.com,3\n');
    await page.locator('inlay-importer').getByRole('button', { name: /paste/i }).click();
    await page.locator('inlay-importer').getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.locator('inlay-importer').getByText('Seats').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await expectAccessible(page);
    // The duplicate check follows its field's key when the key is renamed.
    await page.getByLabel('Duplicate rows are those with the same').selectOption('seats');
    await field.getByLabel('Key').fill('seat_count');
    await page.getByRole('button', { name: 'Save and publish' }).click();
    await expect.poll(() => page.getByText(/the draft is what is published/).count()).toBe(1);
    const config = await server.publicApi(pub(), 'GET', `/importer/api/v1/config/${seeded.importerId}`);
    expect(config.body.data.config.fields[3]).toEqual({ key: 'seat_count', label: 'Seats', type: 'number', min: 1, aliases: ['Users', 'Licences'] });
    expect(config.body.data.config.duplicateKey).toBe('seat_count');
    expect(config.body.data.config).toMatchObject({ allowedOrigins: ['https://app.example.com'], unmappedColumns: 'keep' });
  });
});

describe('webhooks', () => {
  it('adds an endpoint with its secret shown once, sends a test event and shows it in the delivery log, and deletes it once asked', async () => {
    await openAt(page, server.origin, 'webhooks');
    await page.getByLabel('URL (https)').fill('https://hooks.example.com/inlay');
    // An endpoint typed in but not added: leaving asks first.
    await page.getByRole('link', { name: 'Flows', exact: true }).click();
    await page.getByRole('dialog').getByText('The endpoint https://hooks.example.com/inlay is not added yet.').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Keep editing' }).click();
    await page.getByLabel('Every event').uncheck();
    await page.getByRole('group', { name: 'Events' }).getByLabel('post.created').check();
    await page.getByRole('button', { name: 'Add test endpoint' }).click();
    const secret = (await page.locator('[data-secret]').textContent())?.trim() ?? '';
    expect(secret.length).toBeGreaterThan(20);
    // The form starts over as it first was: every event, ticked and meant.
    expect(await page.getByLabel('Every event').isChecked()).toBe(true);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Flows', exact: true }).click();
    await page.getByRole('dialog').getByText('The signing secret is shown only this once').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Keep editing' }).click();
    await page.getByRole('button', { name: 'I have saved it' }).click();
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    const rotated = (await page.locator('[data-secret]').textContent())?.trim() ?? '';
    expect(rotated).not.toBe(secret);
    await page.getByRole('button', { name: 'I have saved it' }).click();
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect.poll(() => page.getByText('webhook.test', { exact: true }).count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Replay' }).first().click();
    await expect.poll(() => page.getByRole('alert').count()).toBe(0);
    await expectAccessible(page);

    // Delete asks first, its confirm button focused; keeping it keeps it.
    const ask = page.getByRole('button', { name: 'Delete endpoint https://hooks.example.com/inlay' });
    await ask.click();
    const confirm = page.getByRole('button', { name: 'Delete endpoint now' });
    await expect.poll(() => confirm.evaluate((button) => (button.getRootNode() as ShadowRoot).activeElement === button)).toBe(true);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Keep it' }).click();
    await ask.waitFor();
    // The focus is back where the question was asked from.
    await expect.poll(() => ask.evaluate((button) => (button.getRootNode() as ShadowRoot).activeElement === button)).toBe(true);
    expect(await page.getByRole('heading', { name: 'https://hooks.example.com/inlay' }).count()).toBe(1);
    await ask.click();
    await confirm.click();
    await page.getByText('No test endpoints.').waitFor();
  });
});

describe('feedback inbox', () => {
  it('triages by keyboard: a status, a merge and a delete, each seen through the public API', async () => {
    await openAt(page, server.origin, 'inbox');
    await page.getByRole('heading', { level: 1, name: 'Feedback inbox' }).waitFor();
    await page.getByRole('list', { name: 'Posts' }).waitFor();
    await expectAccessible(page);
    const listPublic = async () => (await server.publicApi(pub(), 'GET', `/feedback/api/v1/posts?boardId=${seeded.boardId}&limit=50`)).body.data.items as { id: string; title: string; status: string; voteCount: number }[];

    // Newest first: "Dark theme please", "Export to CSV", "Dark mode". Search narrows it.
    await page.keyboard.press('/');
    await page.keyboard.type('Export');
    await expect.poll(() => page.locator('li.post').count()).toBe(1);
    await page.keyboard.press('Escape');
    await page.locator('li.post').first().focus();
    await page.keyboard.press('p');
    await expect.poll(async () => (await listPublic()).find((post) => post.title === 'Export to CSV')?.status).toBe('planned');

    await page.getByLabel('Search').fill('Dark');
    await expect.poll(() => page.locator('li.post').count()).toBe(2);
    await page.locator('li.post').first().focus();
    await page.keyboard.press('m');
    await page.getByLabel('Merge into').selectOption({ label: 'Dark mode' });
    await page.getByRole('button', { name: 'Merge', exact: true }).click();
    await expect.poll(async () => (await listPublic()).map((post) => post.title).sort()).toEqual(['Dark mode', 'Export to CSV']);

    await page.getByLabel('Search').fill('');
    await expect.poll(() => page.locator('li.post').count()).toBe(2);
    await page.locator('li.post').filter({ hasText: 'Export to CSV' }).focus();
    await page.keyboard.press('Delete');
    await page.getByRole('button', { name: 'Delete “Export to CSV”' }).click();
    await expect.poll(async () => (await listPublic()).map((post) => post.title)).toEqual(['Dark mode']);
  });

  it('opens a post’s discussion: a category, a team reply and its delete, the voters; and adds a post for a user', async () => {
    // The board published a category in the boards test above ("Integrations & API").
    await openAt(page, server.origin, 'inbox');
    const post = page.locator('li.post').filter({ hasText: 'Dark mode' });
    await post.waitFor();
    await post.getByLabel('Category').selectOption({ label: 'Integrations & API' });
    const publicPost = async () =>
      ((await server.publicApi(pub(), 'GET', `/feedback/api/v1/posts?boardId=${seeded.boardId}&limit=50`)).body.data.items as { id: string; title: string; categoryId: string | null; commentCount: number }[]).find((item) => item.title === 'Dark mode');
    await expect.poll(async () => (await publicPost())?.categoryId).toBe('integrations-api');

    await post.getByRole('button', { name: /^Discussion/ }).click();
    const thread = post.getByRole('region', { name: 'Discussion of “Dark mode”' });
    await thread.getByText('No comments yet.').waitFor();
    await thread.getByLabel('Reply as the team').fill('On our roadmap for May.\n<b>not bold</b>');
    await thread.getByLabel('Signed as (optional', { exact: false }).fill('Sam');
    // A reply typed but not posted: leaving asks first.
    await page.getByRole('link', { name: 'Flows', exact: true }).click();
    await page.getByRole('dialog').getByText('Your reply is not posted yet.').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Keep editing' }).click();
    await thread.getByRole('button', { name: 'Post reply' }).click();
    const comment = thread.getByRole('listitem', { name: 'Comment by Sam' });
    await comment.getByText('Team').waitFor();
    await post.getByRole('button', { name: 'Discussion (1)' }).waitFor();
    // Text stays text.
    expect(await comment.locator('.text').textContent()).toBe('On our roadmap for May.\n<b>not bold</b>');
    const id = (await publicPost())?.id ?? '';
    const comments = async () => (await server.publicApi(pub(), 'GET', `/feedback/api/v1/posts/${id}/comments`)).body.data.items as { body: string; team: boolean }[];
    expect(await comments()).toMatchObject([{ body: 'On our roadmap for May.\n<b>not bold</b>', team: true }]);
    await expectAccessible(page);
    await comment.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(async () => (await comments()).length).toBe(0);
    await thread.getByRole('columnheader', { name: 'Voter' }).or(thread.getByText('No votes yet.')).first().waitFor();

    await page.getByRole('button', { name: 'Add a post for a user…' }).click();
    const form = page.getByRole('form', { name: 'Add a post for a user' });
    await form.getByLabel('Title').fill('Slack alerts');
    await form.getByLabel("The user's id").fill('user_from_call');
    await form.getByLabel("The user's name").fill('Dana');
    await page.getByRole('link', { name: 'Flows', exact: true }).click();
    await page.getByRole('dialog').getByText('The post you are adding is not added yet.').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Keep editing' }).click();
    await form.getByRole('button', { name: 'Add the post' }).click();
    await expect
      .poll(async () => ((await server.publicApi(pub(), 'GET', `/feedback/api/v1/posts?boardId=${seeded.boardId}&limit=50`)).body.data.items as { title: string; author: { id: string } }[]).find((item) => item.title === 'Slack alerts')?.author.id)
      .toBe('user_from_call');
  });
});

describe('onboarding', () => {
  it('shows the funnel and outcomes of a flow, and exports its progress as CSV', async () => {
    await openAt(page, server.origin, 'onboarding');
    await page.getByRole('combobox', { name: /^Flow/ }).selectOption({ label: 'Getting started' });
    await page.getByRole('heading', { level: 2, name: 'Progress' }).waitFor();
    const row = page.getByRole('row', { name: /Complete your profile/ });
    await expect.poll(() => row.getByRole('cell').first().textContent()).toBe('2');
    await page.getByText('first_report_created').first().waitFor();
    await expectAccessible(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export progress as CSV' }).click()]);
    const csv = await (await import('node:fs/promises')).readFile((await download.path()) ?? '', 'utf8');
    expect(csv).toContain('user-1');
    expect(csv).toContain('user-2');
  });
});

describe('import sessions', () => {
  it('lists a session opened through the public API, without its rows', async () => {
    await openAt(page, server.origin, 'import-sessions');
    await page.getByRole('cell', { name: 'Contacts' }).first().waitFor();
    expect(await page.getByText('In progress').count()).toBeGreaterThan(0);
    expect(await page.getByText('team: sales').count()).toBe(1);
    await expectAccessible(page);
  });
});

describe('plan', () => {
  it('switches the plan, which lets live publishable keys fetch configs', async () => {
    const live = server.keys.livePublishable ?? '';
    const path = `/onboarding/api/v1/config/${seeded.flowId}`;
    await openAt(page, server.origin, 'plan');
    await page.getByRole('heading', { level: 2, name: 'Free' }).waitFor();
    await expectAccessible(page);
    // The seeded workspace starts on Free; switch to it only if an earlier run left it elsewhere.
    await page.getByText('Current plan').waitFor();
    const toFree = page.getByRole('button', { name: 'Switch to Free' });
    if ((await toFree.count()) > 0) await toFree.click();
    expect((await server.publicApi(live, 'GET', path)).status).toBe(402);
    await page.getByRole('button', { name: 'Switch to Hosted' }).click();
    await page.getByText('Current plan').waitFor();
    await expect.poll(async () => (await server.publicApi(live, 'GET', path)).status).toBe(200);
  });
});

describe('members', () => {
  it('creates an invite link shown once; opening it makes an account that joins the workspace', async () => {
    await openAt(page, server.origin, 'members');
    await page.getByLabel('Invite by email').fill('colleague@example.com');
    await page.getByRole('button', { name: 'Create invite link' }).click();
    const link = (await page.locator('[data-secret]').textContent())?.trim() ?? '';
    expect(link).toMatch(new RegExp(`^${server.origin}/dashboard/invite/`));
    await expectAccessible(page);

    const invited = await openPage(browser);
    try {
      await invited.page.goto(link);
      await invited.page.getByLabel(/Choose a password/).fill('a long enough password');
      await invited.page.getByRole('button', { name: /^Join / }).click();
      await invited.page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
      expect(await invited.page.getByText('colleague@example.com').count()).toBe(1);
      expect(invited.problems).toEqual([]);
    } finally {
      await invited.context.close();
    }
    await page.reload();
    await expect.poll(() => page.getByRole('cell', { name: 'colleague@example.com' }).count()).toBe(1);
  });
});

describe('375 px and dark', () => {
  it('keeps the shell usable on a phone in dark mode, with no page wider than the screen', async () => {
    const small = await openPage(browser, { viewport: { width: 375, height: 740 }, colorScheme: 'dark', storageState: signedIn });
    try {
      // A name without spaces must wrap, not widen the page (a long snake_case flow name did).
      const longName = `Onboarding_for_enterprise_customers_${'x'.repeat(40)}_v2_final`;
      const long = await server.publicApi(server.keys.testSecret, 'POST', '/onboarding/api/v1/flows', { name: longName });
      await openAt(small.page, server.origin);
      for (const [path, heading] of [
        ['', 'Overview'],
        [`flows/${seeded.flowId}`, 'Getting started'],
        [`flows/${long.body.data.id}`, longName],
        ['flows', 'Flows'],
        ['inbox', 'Feedback inbox'],
        ['keys', 'API keys'],
      ] as const) {
        await visit(small.page, server.origin, path, heading);
        const width = await small.page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, path).toBeLessThanOrEqual(375);
      }
      // A revision is a block of lines, one under another, none wider than the screen or scrolled.
      await visit(small.page, server.origin, `flows/${seeded.flowId}`, 'Getting started');
      const revisions = small.page.getByRole('region', { name: 'Revisions' });
      const cells = await revisions.getByRole('row').nth(1).getByRole('cell').evaluateAll((elements) => elements.map((cell) => cell.getBoundingClientRect().toJSON() as DOMRect));
      expect(cells.length).toBe(4);
      cells.slice(1).forEach((cell, i) => expect(cell.top).toBeGreaterThanOrEqual((cells[i] as DOMRect).bottom - 1));
      expect(Math.max(...cells.map((cell) => cell.right))).toBeLessThanOrEqual(375);
      expect(await revisions.locator('.table-wrap').first().evaluate((wrap) => wrap.scrollWidth <= wrap.clientWidth)).toBe(true);
      await expectAccessible(small.page);
      expect(small.problems).toEqual([]);
    } finally {
      await small.context.close();
    }
  });
});

// Last: the operator then belongs to a second workspace, which the other tests do not expect.
describe('workspace switch', () => {
  it('asks before another workspace leaves unsaved edits, and keeps the workspace when the operator stays', async () => {
    const second = JSON.parse(await server.cli(['init', '--json', '--name', 'Second workspace'])) as { workspaceId: string };
    await server.cli(['admin', 'create', '--email', EMAIL, '--workspace', second.workspaceId]);
    const flowId = await makeFlow('Switch with edits');
    await openAt(page, server.origin, `flows/${flowId}`);
    await page.getByRole('heading', { level: 1, name: 'Switch with edits' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Edited, not saved');
    const workspace = page.getByRole('banner').getByRole('combobox', { name: /^Workspace/ });

    await workspace.selectOption({ label: 'Second workspace' });
    await page.getByRole('dialog').getByRole('heading', { name: 'Switch workspace without saving?' }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Keep editing' }).click();
    expect(await workspace.inputValue()).toBe(server.workspaceId);
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Edited, not saved');

    await workspace.selectOption({ label: 'Second workspace' });
    await page.getByRole('dialog').getByRole('button', { name: 'Switch workspace without saving' }).click();
    // The flow's id means nothing in the other workspace: its list is shown.
    await page.getByRole('heading', { level: 1, name: 'Flows' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard/flows');
    expect(await workspace.inputValue()).toBe(second.workspaceId);
    expect(await page.getByRole('link', { name: 'Switch with edits' }).count()).toBe(0);
    // Back to the first, for whatever runs after.
    await workspace.selectOption({ value: server.workspaceId });
    await expect.poll(() => page.getByRole('link', { name: 'Switch with edits' }).count()).toBe(1);
  });
});
