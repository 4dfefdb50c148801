/**
 * End to end: a real Inlay server (the built CLI), this backend on a free port, and the Inlay
 * routes the widgets call, used with the tokens this backend mints for its signed-in user.
 */
import { Inlay } from '@inlay/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { startInlay } from './inlay-server.js';

/** @type {import('./inlay-server.js').InlayServer} */
let inlayServer;
/** @type {import('node:http').Server} */
let backend;
/** @type {string} */
let backendUrl;
/** @type {import('../src/config.js').Config} */
let config;

beforeAll(async () => {
  inlayServer = await startInlay();
  const { origin, keys } = inlayServer;
  // What an operator does once: create and publish a flow and a board with the secret key. Both
  // require author tokens, so only a token can say who the user is.
  const inlay = new Inlay({ secretKey: keys.testSecret, baseUrl: origin });
  const flow = await inlay.onboarding.flows.create({ name: 'Getting started' });
  await inlay.onboarding.flows.updateDraft(flow.id, {
    name: 'Getting started',
    config: {
      requireAuthorToken: true,
      items: [
        { id: 'profile', title: 'Complete your profile' },
        { id: 'invite', title: 'Invite a teammate', dependsOn: ['profile'] },
      ],
    },
  });
  await inlay.onboarding.flows.publish(flow.id);
  const board = await inlay.feedback.boards.create({ name: 'Ideas' });
  await inlay.feedback.boards.updateDraft(board.id, { name: 'Ideas', config: { requireAuthorToken: true } });
  await inlay.feedback.boards.publish(board.id);

  config = readConfig({
    INLAY_BASE_URL: origin,
    INLAY_SECRET_KEY: keys.testSecret,
    INLAY_PUBLISHABLE_KEY: keys.testPublishable,
    INLAY_FLOW_ID: flow.id,
    INLAY_BOARD_ID: board.id,
    PORT: '0',
  });
  backend = createBackend({ config, inlay: new Inlay({ secretKey: config.secretKey, baseUrl: config.baseUrl }) });
  await new Promise((resolve) => backend.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = backend.address();
  if (address === null || typeof address !== 'object') throw new Error('the backend is not listening');
  backendUrl = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  if (backend?.listening) await new Promise((resolve) => backend.close(resolve));
  await inlayServer?.stop();
});

/**
 * Signs in through the fake session and returns the cookie to send.
 *
 * @param {string} user
 */
async function signIn(user) {
  const response = await fetch(`${backendUrl}/login?user=${user}`, { redirect: 'manual' });
  expect(response.status).toBe(303);
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error('no session cookie');
  return cookie;
}

/**
 * Asks this backend for an author token, as the page does.
 *
 * @param {'onboarding' | 'feedback'} service
 * @param {string} cookie
 * @returns {Promise<string>}
 */
async function authorToken(service, cookie) {
  const response = await fetch(`${backendUrl}/author-token/${service}`, { method: 'POST', headers: { cookie } });
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  const body = /** @type {any} */ (await response.json());
  expect(body).toEqual({ token: expect.any(String), expiresAt: expect.any(String) });
  return body.token;
}

/**
 * Calls an Inlay publishable route the way the widget does: publishable key and author token.
 *
 * @param {string} path
 * @param {{ method?: string, token?: string, body?: unknown }} [options]
 */
async function widgetCall(path, { method = 'GET', token, body } = {}) {
  /** @type {Record<string, string>} */
  const headers = { authorization: `Bearer ${config.publishableKey}` };
  if (token !== undefined) headers['inlay-author-token'] = token;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${config.baseUrl}${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  return { status: response.status, body: /** @type {any} */ (await response.json()) };
}

describe('the page', () => {
  it('shows the sign-in page to a visitor without a session', async () => {
    const response = await fetch(`${backendUrl}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('/login?user=alice');
    expect(html).not.toContain('<inlay-checklist');
  });

  it('embeds the checklist for alice with the publishable key, and never the secret key', async () => {
    const response = await fetch(`${backendUrl}/`, { headers: { cookie: await signIn('alice') } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Signed in as <strong>Alice</strong>');
    expect(html).toContain(`flow-id="${config.flowId}"`);
    expect(html).toContain(`publishable-key="${config.publishableKey}"`);
    expect(html).toContain(`base-url="${config.baseUrl}/onboarding"`);
    // The page's script first: getAuthorToken must be set before the widget's first load.
    expect(html).toContain(`<script src="/page.js"></script>\n<script src="${config.baseUrl}/cdn/inlay-checklist.js"></script>`);
    expect(html).not.toContain(config.secretKey);
    expect(html).not.toMatch(/svc_(test|live)_sec_/);
    // No inline script: the page works under a CSP without 'unsafe-inline'.
    expect(html).not.toMatch(/<script>/);
    expect(response.headers.get('content-security-policy')).toContain(`script-src 'self' ${config.baseUrl}`);
  });

  it('wires getAuthorToken to this backend in its script', async () => {
    const script = await (await fetch(`${backendUrl}/page.js`)).text();
    expect(script).toContain('checklist.getAuthorToken');
    expect(script).toContain("fetch('/author-token/onboarding', { method: 'POST'");
  });
});

describe('author tokens', () => {
  it('refuses to mint a token without a session', async () => {
    for (const service of ['onboarding', 'feedback']) {
      const response = await fetch(`${backendUrl}/author-token/${service}`, { method: 'POST' });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: { code: 'not_signed_in' } });
    }
  });

  it("mints a checklist token with which Inlay records alice's progress", async () => {
    const token = await authorToken('onboarding', await signIn('alice'));
    const path = `/onboarding/api/v1/progress/${config.flowId}`;

    const completed = await widgetCall(`${path}/items/profile/complete`, { method: 'POST', token, body: {} });
    expect(completed.status).toBe(200);
    expect(completed.body.data).toMatchObject({
      flowId: config.flowId,
      userId: 'alice',
      workspaceKey: 'acct_example',
      state: 'in_progress',
      items: [
        { id: 'profile', state: 'completed' },
        { id: 'invite', state: 'pending' },
      ],
      doneCount: 1,
    });

    // Read back: the progress is stored for alice.
    const read = await widgetCall(path, { token });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ userId: 'alice', items: [{ id: 'profile', state: 'completed' }, { id: 'invite', state: 'pending' }] });

    // bob's token sees bob's progress, untouched.
    const bob = await widgetCall(path, { token: await authorToken('onboarding', await signIn('bob')) });
    expect(bob.body.data).toMatchObject({ userId: 'bob', state: 'not_started', doneCount: 0 });
  });

  it("does not let a page write progress without a token, or with alice's token for someone else", async () => {
    const path = `/onboarding/api/v1/progress/${config.flowId}/items/profile/complete`;
    const withoutToken = await widgetCall(path, { method: 'POST', body: { userId: 'alice' } });
    expect(withoutToken.status).toBe(403);
    expect(withoutToken.body.error.code).toBe('author_token_required');

    const token = await authorToken('onboarding', await signIn('alice'));
    const forBob = await widgetCall(path, { method: 'POST', token, body: { userId: 'bob' } });
    expect(forBob.status).toBe(403);
    expect(forBob.body.error.code).toBe('identity_mismatch');
  });

  it('mints a board token with which alice creates a post as its author', async () => {
    const token = await authorToken('feedback', await signIn('alice'));
    const created = await widgetCall('/feedback/api/v1/posts', {
      method: 'POST',
      token,
      body: { boardId: config.boardId, title: 'Dark mode', body: 'Please.' },
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ boardId: config.boardId, title: 'Dark mode', author: { id: 'alice', name: 'Alice', anonymous: false } });

    const listed = await widgetCall(`/feedback/api/v1/posts?boardId=${config.boardId}`, { token });
    expect(listed.body.data.items).toEqual([expect.objectContaining({ id: created.body.data.id, author: { id: 'alice', name: 'Alice', anonymous: false } })]);

    // The checklist token is for the flow only: the board refuses it.
    const wrongAudience = await widgetCall('/feedback/api/v1/posts', {
      method: 'POST',
      token: await authorToken('onboarding', await signIn('alice')),
      body: { boardId: config.boardId, title: 'Another idea' },
    });
    expect(wrongAudience.status).toBe(403);
    expect(wrongAudience.body.error.code).toBe('author_token_invalid');
  });
});

describe('configuration', () => {
  it('names every missing variable and refuses keys of the wrong kind', () => {
    expect(() => readConfig({})).toThrow(/INLAY_BASE_URL is not set; INLAY_SECRET_KEY is not set; .*INLAY_BOARD_ID is not set/);
    expect(() =>
      readConfig({
        INLAY_BASE_URL: 'http://127.0.0.1:4000',
        INLAY_SECRET_KEY: 'svc_test_pub_x',
        INLAY_PUBLISHABLE_KEY: 'svc_test_sec_x',
        INLAY_FLOW_ID: 'flow_1',
        INLAY_BOARD_ID: 'board_1',
      }),
    ).toThrow(/INLAY_SECRET_KEY must be a secret key.*INLAY_PUBLISHABLE_KEY must be a publishable key/);
  });
});
