// The script-tag example as a customer serves it: plain HTML on its own origin (a port of its
// own), the widgets' CDN bundles from the Inlay server's /cdn/ (another origin), under the
// Content-Security-Policy that docs/widgets.md documents, read from the document itself. In
// Chromium: the widgets work, the importer's engine runs in its Web Worker, and the browser
// reports no policy violation.
import { readFile, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkExampleApp, publishExampleContent } from '../../../packages/widgets/test/example-app.js';
import { copyApp, type InlayServer, launchChromium, repo, serve, startInlayServer, tempApp } from '../../../packages/widgets/test/packed-app.js';

const example = fileURLToPath(new URL('../', import.meta.url));

/** The policy in docs/widgets.md's table ("Content-Security-Policy"), with its example origins. */
async function documentedPolicy(): Promise<string> {
  const doc = await readFile(join(repo, 'docs/widgets.md'), 'utf8');
  const section = doc.split('\n## Content-Security-Policy\n')[1]?.split('\n## ')[0] ?? '';
  const directives = [...section.matchAll(/^\| `([a-z-]+)` \| `([^`]+)` \|/gm)].map(([, name, value]) => `${name} ${value}`);
  return directives.join('; ');
}

describe('examples/script-tag under the documented Content-Security-Policy', () => {
  let app = '';
  let inlay: InlayServer | undefined;
  let site: { server: Server; origin: string } | undefined;
  let browser: Browser | undefined;
  let policy = '';

  beforeAll(async () => {
    inlay = await startInlayServer();
    const env = await publishExampleContent(inlay);
    app = await tempApp('inlay-script-tag-');
    await copyApp(example, app);
    // The pages as its README says to fill them in.
    for (const file of ['index.html', 'reports.html']) {
      const page = (await readFile(join(app, file), 'utf8'))
        .replaceAll('http://localhost:3000', inlay.origin)
        .replaceAll('YOUR_TOUR_ID', env['VITE_INLAY_TOUR_ID'] ?? '')
        .replaceAll('YOUR_PUBLISHABLE_KEY', env['VITE_INLAY_PUBLISHABLE_KEY'] ?? '')
        .replaceAll('YOUR_FLOW_ID', env['VITE_INLAY_FLOW_ID'] ?? '')
        .replaceAll('YOUR_BOARD_ID', env['VITE_INLAY_BOARD_ID'] ?? '')
        .replaceAll('YOUR_IMPORTER_ID', env['VITE_INLAY_IMPORTER_ID'] ?? '')
        .replaceAll('demo-user', env['VITE_INLAY_USER_ID'] ?? '');
      await writeFile(join(app, file), page);
    }
    // The Inlay server serves both the bundles and the API here.
    policy = (await documentedPolicy()).replaceAll('https://cdn.example.com', inlay.origin).replaceAll('https://inlay.example.com', inlay.origin);
    site = await serve(app, { 'content-security-policy': policy });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    site?.server.close();
    await inlay?.stop();
    if (app) await rm(app, { recursive: true, force: true });
  });

  it('reads a strict policy from docs/widgets.md', () => {
    expect(policy).toMatch(/^default-src 'none'; script-src /);
    expect(policy).not.toContain('unsafe');
  });

  it('works with no violation reported, and the importer reads rows in its worker', async () => {
    const page = await (browser as Browser).newPage();
    const violations: string[] = [];
    // In the page and in its workers: every violation, as the browser reports it to scripts.
    await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        (window as unknown as { reportViolation(text: string): void }).reportViolation(`${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber} ${event.sample}`);
      });
    });
    const messages: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning' || /Content Security Policy/i.test(message.text())) messages.push(message.text());
    });
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    try {
      await checkExampleApp(page, `${site?.origin}/`);

      const rows = Array.from({ length: 20 }, (_, i) => `user${i}@example.com,User ${i}`);
      await page.locator('inlay-importer textarea').fill(`Email,Name\n${rows.join('\n')}\n`);
      await page.locator('inlay-importer [part~="paste-button"]').click();
      await page.locator('inlay-importer .step.setup [part~="primary"]').click();
      await page.locator('inlay-importer .step.mapping [part~="primary"]').click();
      await expect.poll(() => page.locator('inlay-importer [part~="toolbar"]').textContent(), { timeout: 30_000 }).toContain('20 rows, no problems');
      expect(await page.evaluate('document.querySelector("inlay-importer").engineMode')).toBe('worker');
      expect(await page.locator('inlay-importer [part~="engine-fallback"]').count()).toBe(0);
      expect(workers.length).toBeGreaterThan(0);

      // The tour: started here, continued on reports.html from the hosted progress.
      await page.getByRole('button', { name: 'Take the tour' }).click();
      await expect.poll(() => page.locator('inlay-tour [part~="title"]').textContent()).toBe('Your checklist');
      await page.locator('inlay-tour [part~="next-button"]').click();
      await expect.poll(() => page.locator('inlay-tour [part~="popover"]').count()).toBe(0);
      await page.getByRole('link', { name: 'Reports' }).click();
      await expect.poll(() => page.locator('inlay-tour [part~="title"]').textContent()).toBe('Reports live here');
    } finally {
      await page.close();
    }
    expect({ violations, messages }).toEqual({ violations: [], messages: [] });
  });
});
