/**
 * The customer backend, in miniature: plain `node:http`, a fake session, and two routes that
 * mint Inlay author tokens for the signed-in user with `@inlay/node` and the secret key.
 *
 *   GET  /                         the app page embedding <inlay-checklist> (or the sign-in page)
 *   GET  /login?user=alice         FAKE sign-in: sets a cookie; GET /logout clears it
 *   POST /author-token/onboarding  {token, expiresAt} for the checklist (INLAY_FLOW_ID)
 *   POST /author-token/feedback    {token, expiresAt} for the board (INLAY_BOARD_ID)
 *   POST /webhooks/inlay           import rows delivered to this server (import-webhook.js)
 */
import { createServer } from 'node:http';
import { isInlayError } from '@inlay/node';
import { currentUser, sessionCookie } from './fake-session.js';
import { receiveImportWebhook } from './import-webhook.js';
import { appPage, contentSecurityPolicy, pageScript, pageStyles, signInPage } from './page.js';

/** Tokens live 15 minutes; the widget asks for a fresh one when the server says it expired. */
const TOKEN_LIFETIME_SEC = 900;

/**
 * @typedef {import('node:http').IncomingMessage} Request
 * @typedef {import('node:http').ServerResponse} Response
 * @typedef {import('./fake-session.js').User} User
 */

/**
 * Builds the backend's HTTP server (not yet listening).
 *
 * @param {{ config: import('./config.js').Config, inlay: import('@inlay/node').Inlay, imports?: Map<string, import('./import-webhook.js').ReceivedImport> }} options
 *   `imports` receives the rows of imports delivered to this server (in memory: your database here).
 * @returns {import('node:http').Server}
 */
export function createBackend({ config, inlay, imports = new Map() }) {
  /** @type {Record<'onboarding' | 'feedback', (user: User) => Promise<import('@inlay/node').AuthorToken>>} */
  const mint = {
    // The checklist: the token names the user and the account whose progress it writes.
    onboarding: (user) =>
      inlay.onboarding.authorTokens.create({
        authorId: user.id,
        flowId: config.flowId,
        workspaceKey: user.accountId,
        expiresInSec: TOKEN_LIFETIME_SEC,
      }),
    // The board: the token also carries the name shown on the user's posts.
    feedback: (user) =>
      inlay.feedback.authorTokens.create({
        authorId: user.id,
        boardId: config.boardId,
        name: user.name,
        expiresInSec: TOKEN_LIFETIME_SEC,
      }),
  };

  return createServer((request, response) => {
    handle(request, response).catch((error) => {
      console.error(error);
      if (!response.headersSent) sendJson(response, 500, { error: { message: 'Something went wrong.' } });
      else response.end();
    });
  });

  /**
   * @param {Request} request
   * @param {Response} response
   */
  async function handle(request, response) {
    const url = new URL(request.url ?? '/', 'http://backend.invalid');
    const route = `${request.method} ${url.pathname}`;
    const user = currentUser(request);

    if (route === 'GET /') {
      response.setHeader('Content-Security-Policy', contentSecurityPolicy(config.baseUrl));
      const html = user
        ? appPage({ baseUrl: config.baseUrl, publishableKey: config.publishableKey, flowId: config.flowId, userName: user.name })
        : signInPage();
      return send(response, 200, 'text/html; charset=utf-8', html);
    }
    if (route === 'GET /page.js') return send(response, 200, 'text/javascript; charset=utf-8', pageScript);
    if (route === 'GET /page.css') return send(response, 200, 'text/css; charset=utf-8', pageStyles);
    if (route === 'GET /login' || route === 'GET /logout') {
      const cookie = sessionCookie(route === 'GET /login' ? (url.searchParams.get('user') ?? '') : undefined);
      if (cookie === undefined) return send(response, 400, 'text/plain; charset=utf-8', 'user must be 1–40 of a–z, 0–9, _ or -');
      response.setHeader('Set-Cookie', cookie);
      response.setHeader('Location', '/');
      return send(response, 303, 'text/plain; charset=utf-8', 'See /');
    }

    if (route === 'POST /webhooks/inlay' && config.webhookSecret !== undefined) {
      const { status, body } = await receiveImportWebhook({ inlay, secret: config.webhookSecret, imports }, request);
      return body === undefined ? send(response, status, 'text/plain; charset=utf-8', '') : sendJson(response, status, body);
    }

    const service = /** @type {'onboarding' | 'feedback' | undefined} */ (/^POST \/author-token\/(onboarding|feedback)$/.exec(route)?.[1]);
    if (service !== undefined) {
      if (!user) return sendJson(response, 401, { error: { code: 'not_signed_in', message: 'Sign in first.' } });
      try {
        const { token, expiresAt } = await mint[service](user);
        response.setHeader('Cache-Control', 'no-store');
        return sendJson(response, 200, { token, expiresAt });
      } catch (error) {
        if (!isInlayError(error)) throw error;
        // Log the details (with Inlay's request id); tell the page only that it failed.
        console.error(`Inlay refused an author token: ${error.code} ${error.message} (request ${error.requestId})`);
        return sendJson(response, 502, { error: { code: 'author_token_unavailable', message: 'Could not get an Inlay token.' } });
      }
    }
    return sendJson(response, 404, { error: { code: 'not_found', message: `No route ${route}.` } });
  }
}

/**
 * @param {Response} response
 * @param {number} status
 * @param {string} type
 * @param {string} body
 */
function send(response, status, type, body) {
  response.writeHead(status, { 'Content-Type': type, 'X-Content-Type-Options': 'nosniff' });
  response.end(body);
}

/**
 * @param {Response} response
 * @param {number} status
 * @param {unknown} body
 */
function sendJson(response, status, body) {
  send(response, status, 'application/json; charset=utf-8', JSON.stringify(body));
}
