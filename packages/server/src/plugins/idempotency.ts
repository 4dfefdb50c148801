import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { authOf } from '../context.js';
import { addRouteHook } from './route-hooks.js';
import { newId, nowIso } from '../db/ids.js';
import { ApiError } from '../errors.js';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  releaseClaimsOfOtherBoots,
  releaseIdempotencyKey,
  type KeyRef,
} from '../repositories/platform/idempotency.js';

const CLAIM = Symbol('inlay.idempotencyClaim');

/** This process: claims carry it, so a later start can tell them from its own. */
export const BOOT_ID = newId('boot');

/**
 * Keys whose request this process is running now (every app in the process shares one boot id,
 * so they share this too). Such a claim holds past its lease.
 */
const running = new Set<string>();
const runningId = (ref: KeyRef): string => `${ref.workspaceId}\u0000${ref.mode}\u0000${ref.key}`;

interface Claim {
  workspaceId: string;
  mode: 'test' | 'live';
  key: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    [CLAIM]?: Claim;
  }
}

/**
 * `Idempotency-Key` on secret-key POSTs and PATCHes (docs/api.md; PATCH too, since each save
 * records a revision): the same key and body within 24 h replays the first response; the same
 * key with another request is 409. A request that is still running holds the key, so a
 * concurrent retry gets 409 rather than a second execution.
 * Responses of 5xx are not kept, so the client's retry runs again.
 *
 * A claim is a lease (`idempotencyLeaseMs`) held by this process's boot id: a request that died
 * with its process leaves a claim nobody finishes, so at start the claims of other boots are
 * released (one server process owns a database file), and any claim whose lease ran out and
 * whose request is not running here is taken over by the retry (docs/security.md).
 */
export const idempotencyPlugin = fp(
  async (app: FastifyInstance) => {
    await releaseClaimsOfOtherBoots(app.inlay.storage, BOOT_ID);
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!(methods.includes('POST') || methods.includes('PATCH')) || route.config?.auth !== 'secret') return;
      addRouteHook(route, 'preHandler', claim);
      addRouteHook(route, 'onSend', settle);
    });

    async function claim(request: FastifyRequest, reply: FastifyReply) {
      const raw = request.headers['idempotency-key'];
      if (raw === undefined) return;
      const key = Array.isArray(raw) ? raw[0] : raw;
      if (key === undefined || key.length < 1 || key.length > 255) {
        throw new ApiError('parameter_invalid', 'The Idempotency-Key header must be 1–255 characters.', { param: 'Idempotency-Key' });
      }
      const auth = authOf(request);
      const requestHash = hashRequest(request);
      const outcome = await claimIdempotencyKey(app.inlay.storage, {
        workspaceId: auth.workspaceId,
        mode: auth.mode,
        key,
        requestHash,
        now: nowIso(),
        owner: BOOT_ID,
        leaseMs: app.inlay.options.idempotencyLeaseMs,
        runningHere: (ref) => running.has(runningId(ref)),
      });
      if (outcome.kind === 'claimed') {
        const held = { workspaceId: auth.workspaceId, mode: auth.mode, key };
        running.add(runningId(held));
        request[CLAIM] = held;
        return;
      }
      if (outcome.kind === 'reused') {
        throw new ApiError('idempotency_key_reused', 'This Idempotency-Key was already used with a different request in the last 24 hours.', { param: 'Idempotency-Key' });
      }
      if (outcome.kind === 'in_progress') {
        throw new ApiError('idempotency_key_in_use', 'A request with this Idempotency-Key is still being processed; retry shortly.', { param: 'Idempotency-Key' });
      }
      return reply
        .code(outcome.statusCode)
        .header('Idempotent-Replayed', 'true')
        .type('application/json; charset=utf-8')
        .send(outcome.body);
    }

    async function settle(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
      const claim = request[CLAIM];
      if (!claim) return payload;
      request[CLAIM] = undefined;
      try {
        if (reply.statusCode >= 500 || typeof payload !== 'string') {
          await releaseIdempotencyKey(app.inlay.storage, { ...claim, owner: BOOT_ID });
        } else {
          await completeIdempotencyKey(app.inlay.storage, { ...claim, owner: BOOT_ID, statusCode: reply.statusCode, body: payload });
        }
      } finally {
        running.delete(runningId(claim));
      }
      return payload;
    }
  },
  { name: 'inlay-idempotency', dependencies: ['inlay-auth'] },
);

function hashRequest(request: FastifyRequest): string {
  const path = request.url.split('?')[0] ?? '';
  return createHash('sha256')
    .update(`${request.method} ${path}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
}
