import { createHmac, timingSafeEqual } from 'node:crypto';
import formbody from '@fastify/formbody';
import type { KeyMode } from '@inlay/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Storage } from '../db/connect.js';
import { perStorage } from '../db/storage.js';
import { escapeHtml, page } from '../platform/html-page.js';
import { unsubscribe, unsubscribeKey } from '../repositories/email/outbox.js';

/**
 * One-click unsubscribe links (RFC 8058; docs/feedback.md, "Email"). A link names a workspace's
 * mode and an address, signed with the server's unsubscribe key, so it needs no sign-in and
 * cannot be forged for another address. Opening it (GET) only shows a button: mail scanners that
 * open links must not unsubscribe anyone. The POST — the button, or a mail client's one-click
 * `List-Unsubscribe-Post` — unsubscribes.
 */

export interface UnsubscribeScope {
  workspaceId: string;
  mode: KeyMode;
  email: string;
}

/** The key, read once per storage; a failed read is tried again next time. */
const keys = perStorage((): { key?: Promise<Buffer> } => ({}));
function key(storage: Storage): Promise<Buffer> {
  const held = keys(storage);
  held.key ??= unsubscribeKey(storage).catch((error: unknown) => {
    held.key = undefined;
    throw error;
  });
  return held.key;
}

function signature(secret: Buffer, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

/** The token of an unsubscribe link. */
export async function unsubscribeToken(storage: Storage, scope: UnsubscribeScope): Promise<string> {
  const payload = Buffer.from(JSON.stringify([scope.workspaceId, scope.mode, scope.email])).toString('base64url');
  return `${payload}.${signature(await key(storage), payload)}`;
}

/** What a token names, or undefined when it is not one this server signed. */
export async function readUnsubscribeToken(storage: Storage, token: string): Promise<UnsubscribeScope | undefined> {
  const [payload, signed, ...rest] = token.split('.');
  if (payload === undefined || signed === undefined || rest.length > 0) return undefined;
  const expected = Buffer.from(signature(await key(storage), payload));
  const given = Buffer.from(signed);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const named: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  if (!Array.isArray(named) || named.length !== 3) return undefined;
  const [workspaceId, mode, email] = named as unknown[];
  if (typeof workspaceId !== 'string' || (mode !== 'test' && mode !== 'live') || typeof email !== 'string') return undefined;
  return { workspaceId, mode, email };
}

const PAGE_POLICY = "default-src 'none'; style-src 'self'; form-action 'self'; frame-ancestors 'none'";

function sendPage(reply: FastifyReply, status: number, title: string, body: string): FastifyReply {
  return reply.code(status).header('Content-Security-Policy', PAGE_POLICY).header('Cache-Control', 'no-store').type('text/html').send(page(title, body));
}

const NOT_OURS = '<p>This unsubscribe link is not valid. Use the link of a recent email.</p>';

/** The link's `token`: one string, or '' (not ours) when it is missing or sent twice (`?token=a&token=b` parses to an array). */
function tokenOf(query: { token?: unknown }): string {
  return typeof query.token === 'string' ? query.token : '';
}

export async function unsubscribeRoutes(app: FastifyInstance, storage: Storage): Promise<void> {
  await app.register(async (scoped) => {
    await scoped.register(formbody, { bodyLimit: 1024 });
    scoped.get<{ Querystring: { token?: unknown } }>('/email/unsubscribe', async (request, reply) => {
      const token = tokenOf(request.query);
      const scope = await readUnsubscribeToken(storage, token);
      if (scope === undefined) return sendPage(reply, 400, 'Unsubscribe', NOT_OURS);
      const action = `/email/unsubscribe?token=${encodeURIComponent(token)}`;
      return sendPage(
        reply,
        200,
        'Unsubscribe',
        `<p>Stop emails about feedback you voted for or commented on, sent to <strong>${escapeHtml(scope.email)}</strong>?</p>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
      );
    });
    scoped.post<{ Querystring: { token?: unknown } }>('/email/unsubscribe', async (request, reply) => {
      const scope = await readUnsubscribeToken(storage, tokenOf(request.query));
      if (scope === undefined) return sendPage(reply, 400, 'Unsubscribe', NOT_OURS);
      await unsubscribe(storage, scope, scope.email);
      return sendPage(reply, 200, 'Unsubscribed', `<p>${escapeHtml(scope.email)} will get no more of these emails.</p>`);
    });
  });
}
