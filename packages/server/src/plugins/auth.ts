import { keyKindName, parseApiKey } from '@inlay/core';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { RouteAuth } from '../context.js';
import { ApiError } from '../errors.js';
import type { KeyLookup } from '../repositories/platform/api-keys.js';
import { addRouteHook } from './route-hooks.js';

const WANTED_KIND = { publishable: 'pub', secret: 'sec' } as const;

/**
 * Resolves `Authorization: Bearer <key>` on every route that declares `config.auth`, before the
 * body is read. The key's prefix decides mode and kind; the wrong kind is 403, an unknown or
 * revoked key 401. A callback hook with a synchronous path for cached keys: the publishable
 * routes are the hottest in the product.
 */
export const authPlugin = fp(
  (app: FastifyInstance) => {
    app.decorateRequest('auth', null);
    app.addHook('onRoute', (route) => {
      const wanted = route.config?.auth;
      if (wanted !== undefined) addRouteHook(route, 'onRequest', authHook(app, wanted));
    });
  },
  { name: 'inlay-auth', dependencies: ['inlay-context'] },
);

function authHook(app: FastifyInstance, wanted: RouteAuth): onRequestHookHandler {
  const wantedKind = WANTED_KIND[wanted];
  const accept = (request: FastifyRequest, found: KeyLookup | null): void => {
    if (!found) throw new ApiError('api_key_invalid', 'The API key is not valid.');
    if (found.revoked) throw new ApiError('api_key_revoked', 'The API key was revoked. Mint a new one on the dashboard.');
    if (found.kind !== wantedKind) {
      throw new ApiError(
        'wrong_key_kind',
        `This route takes a ${keyKindName(wantedKind)} (svc_${found.mode}_${wantedKind}_…), not a ${keyKindName(found.kind)}.`,
      );
    }
    request.auth = { keyId: found.keyId, workspaceId: found.workspaceId, mode: found.mode, kind: found.kind, plan: found.plan };
  };
  return function authenticate(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
    let key: string;
    try {
      // A key seen lately is in the cache only once its format passed `bearerKey`: look it up
      // before parsing the header (the usual `Bearer <key>`), and parse only on a miss.
      const header = request.headers.authorization;
      const seen = header !== undefined && header.startsWith('Bearer ') ? app.inlay.keys.peek(header.slice(7)) : undefined;
      if (seen !== undefined) {
        accept(request, seen);
        done();
        return;
      }
      key = bearerKey(request);
      const cached = app.inlay.keys.peek(key);
      if (cached !== undefined) {
        accept(request, cached);
        done();
        return;
      }
    } catch (error) {
      done(error as Error);
      return;
    }
    app.inlay.keys.resolve(key).then(
      (found) => {
        try {
          accept(request, found);
          done();
        } catch (error) {
          done(error as Error);
        }
      },
      (error: Error) => done(error),
    );
  };
}

function bearerKey(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (header === undefined || header.trim() === '') {
    throw new ApiError('api_key_missing', 'No API key: send it as Authorization: Bearer <key>.');
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) throw new ApiError('api_key_invalid', 'The Authorization header must be Bearer <key>.');
  if (!parseApiKey(match[1])) {
    throw new ApiError('api_key_invalid', 'The API key is malformed: Inlay keys look like svc_test_pub_ followed by 32 letters and digits.');
  }
  return match[1];
}
