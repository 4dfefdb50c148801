import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';
import { EMAIL, PASSWORD } from '../scripts/inlay-server.mjs';

const axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
}

/** A page of its own context; collects Content-Security-Policy violations and page errors. */
export async function openPage(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) problems.push(`CSP: ${message.text()}`);
  });
  return { context, page, problems };
}

/** Signs in through the sign-in page; answers the browser state (the session cookie) to reuse. */
export async function signIn(browser: Browser, origin: string): Promise<StorageState> {
  const { context, page } = await openPage(browser);
  try {
    await page.goto(`${origin}/dashboard/sign-in`);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The shell's banner: a widget previewed on the page has a header of its own.
    await page.getByRole('banner').waitFor();
    return await context.storageState();
  } finally {
    await context.close();
  }
}

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Opens a dashboard page as the signed-in operator. */
export async function openAt(page: Page, origin: string, path = ''): Promise<void> {
  await page.goto(`${origin}/dashboard/${path}`);
  // The shell's banner: a widget previewed on the page has a header of its own.
  await page.getByRole('banner').waitFor();
}

/** Goes to a dashboard page through the app's own links, as a user would, and waits for its heading. */
export async function visit(page: Page, origin: string, path: string, heading: string | RegExp): Promise<void> {
  await page.goto(`${origin}/dashboard/${path}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

/** axe-core over the whole page, open shadow roots included: no violations. */
export async function expectAccessible(page: Page): Promise<void> {
  // Evaluated through the DevTools protocol, which the page's CSP does not govern.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: { id: string; help: string; nodes: { target: unknown; html: string }[] }[] }> } }).axe.run(document, {
      resultTypes: ['violations'],
    });
    return result.violations.map((violation) => `${violation.id}: ${violation.help}\n  ${violation.nodes.map((node) => `${JSON.stringify(node.target)} ${node.html.slice(0, 160)}`).join('\n  ')}`);
  });
  expect(violations).toEqual([]);
}
