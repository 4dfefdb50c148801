// What the examples' tests (examples/react-app, examples/vue-app) share: the content they show,
// published on a real Inlay server, the environment the apps read it from, and the checks made
// in Chromium on a built app (the checklist shows its items, the board lists its posts, a vote
// is saved and reported to the app).
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { InlayServer } from './packed-app.js';

export const FLOW_ITEMS = ['Complete your profile', 'Create your first project', 'Invite your team'];
export const POSTS = ['Dark mode', 'Keyboard shortcuts', 'Export to spreadsheet'];

/** Publishes a flow, a board with posts and an importer; answers the apps' `VITE_INLAY_*` environment. */
export async function publishExampleContent(server: InlayServer): Promise<Record<string, string>> {
  const flowId = await server.publishFlow('Get started', {
    items: FLOW_ITEMS.map((title, index) => ({ id: `step-${index + 1}`, title })),
  });
  const boardId = await server.publishBoard('Ideas', { allowAnonymous: true });
  for (const [index, title] of POSTS.entries()) await server.createPost(boardId, { title, author: { id: `seed-${index}` } });
  const importerId = await server.publishImporter('Contacts', {
    fields: [
      { key: 'email', label: 'Email', type: 'email', required: true },
      { key: 'name', label: 'Name', type: 'string' },
    ],
  });
  // A tour over two pages of the script-tag example (index.html, reports.html), started by its
  // "Take the tour" button.
  const tourId = await server.publishFlow('Tour', {
    presentation: 'tour',
    start: 'manual',
    items: [
      { id: 'checklist', title: 'Your checklist', anchor: { selector: '[data-tour="checklist"]', page: '/', placement: 'end' } },
      { id: 'reports', title: 'Reports live here', anchor: { selector: '[data-tour="reports"]', page: '/reports.html' } },
    ],
  });
  return {
    VITE_INLAY_TOUR_ID: tourId,
    VITE_INLAY_URL: server.origin,
    VITE_INLAY_PUBLISHABLE_KEY: server.publishableKey,
    VITE_INLAY_FLOW_ID: flowId,
    VITE_INLAY_BOARD_ID: boardId,
    VITE_INLAY_IMPORTER_ID: importerId,
    VITE_INLAY_USER_ID: 'example-user',
  };
}

/**
 * Loads the app at `url` and checks what a customer would: the checklist's items, the board's
 * posts, a vote that the board shows and the app's own event log reports (`#events`),
 * the importer's first step; and nothing logged as an error.
 */
export async function checkExampleApp(page: Page, url: string): Promise<void> {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  try {
    await page.goto(url);
    await expect.poll(() => page.locator('inlay-checklist [part~="item-title"]').allTextContents(), { timeout: 30_000 }).toEqual(FLOW_ITEMS);
    await expect.poll(() => page.locator('inlay-feedback-board [part~="post-title"]').allTextContents(), { timeout: 30_000 }).toEqual(expect.arrayContaining(POSTS));

    const post = page.locator('inlay-feedback-board [part~="post"]', { hasText: POSTS[1] ?? '' });
    await post.locator('[part~="vote-button"]').click();
    await expect.poll(() => post.locator('[part~="vote-button"]').getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');
    await expect.poll(() => post.locator('[part~="vote-count"]').textContent(), { timeout: 15_000 }).toContain('1');
    await expect.poll(() => page.locator('#events').textContent(), { timeout: 15_000 }).toMatch(/voted for \S+: 1 votes/);

    await expect.poll(() => page.locator('inlay-importer [part~="dropzone"]').count(), { timeout: 30_000 }).toBe(1);
    expect(errors).toEqual([]);
  } catch (error) {
    throw new Error(`${String(error)}\nThe page said: ${JSON.stringify(errors)}`);
  }
}
