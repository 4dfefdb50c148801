import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { createAccount } from '../src/repositories/platform/accounts.js';
import { harness } from './helpers.js';

// The sign-in and consent pages as a person uses them: in Chromium, with the pages' own
// Content-Security-Policy enforced, ending at an MCP client's loopback redirect URI, which is
// another origin than the server's.
const h = await harness();
const origin = await h.app.listen({ port: 0, host: '127.0.0.1' });
const PASSWORD = 'correct horse battery staple';
await createAccount(h.storage, { email: 'owner@acme.test', password: PASSWORD, workspaceId: h.ws.id });

/** The MCP client's redirect receiver: resolves with each callback's query. */
const callbacks: URLSearchParams[] = [];
const receiver: Server = createServer((request, response) => {
  // Only the callback counts: the browser also asks this origin for /favicon.ico.
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname === '/callback') callbacks.push(url.searchParams);
  response.writeHead(200, { 'content-type': 'text/plain' }).end('You can close this window.');
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const redirectUri = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/callback`;

const browser: Browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
});
afterAll(async () => {
  await browser.close();
  receiver.close();
});

describe('OAuth sign-in and consent in a browser', () => {
  it('signs in, approves, and lands on the client’s loopback redirect URI with a code', async () => {
    const registered = await fetch(`${origin}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uris: [redirectUri], client_name: 'Desktop assistant', token_endpoint_auth_method: 'none' }),
    });
    const { client_id: clientId } = (await registered.json()) as { client_id: string };
    const verifier = randomBytes(32).toString('base64url');
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: redirectUri,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state: 'from-the-browser',
      resource: `${origin}/onboarding/mcp`,
    });

    const page = await browser.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto(`${origin}/oauth/authorize?${query}`);
    await page.getByLabel(/email/i).fill('owner@acme.test');
    await page.getByLabel(/password/i).fill(PASSWORD);
    await page.getByRole('button', { name: /sign in/i }).click();
    // The consent page replaces the sign-in page (same URL): its Allow button is what to wait for.
    await page.getByRole('button', { name: /allow/i }).click();
    await page.waitForURL((url) => url.toString().startsWith(redirectUri), { timeout: 10_000 }).catch((error: unknown) => {
      throw new Error(`stayed at ${page.url()}; CSP reports: ${violations.join(' | ')}; ${String(error)}`);
    });

    expect(violations).toEqual([]);
    const callback = callbacks.at(-1);
    expect(callback?.get('state')).toBe('from-the-browser');
    const code = callback?.get('code');
    expect(code).toMatch(/\S{20,}/);

    // The code the browser carried is one the client can redeem.
    const token = await fetch(`${origin}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: code ?? '', code_verifier: verifier, client_id: clientId, redirect_uri: redirectUri }).toString(),
    });
    expect(token.status).toBe(200);
    await page.close();
  });
});
