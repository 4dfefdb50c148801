import { keyKindName, parseApiKey } from '@inlay/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../errors.js';

const WANTED_KIND = { publishable: 'pub', secret: 'sec' } as const;

/**
 * Resolves `Authorization: Bearer <key>` on every route that declares `config.auth`, before the
 * body is read. The key's prefix decides mode and kind; the wrong kind is 403, an unknown or
 * revoked key 401.
 */
export const authPlugin = fp(
  (app: FastifyInstance) => {
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request) => {
      const wanted = request.routeOptions.config.auth;
      if (wanted === undefined) return;
      const key = bearerKey(request);
      const parsed = parseApiKey(key);
      if (!parsed) throw new ApiError('api_key_invalid', 'The API key is malformed: Inlay keys look like svc_test_pub_ followed by 32 letters and digits.');
      const wantedKind = WANTED_KIND[wanted];
      const found = await app.inlay.keys.resolve(key);
      if (!found) throw new ApiError('api_key_invalid', 'The API key is not valid.');
      if (found.revoked) throw new ApiError('api_key_revoked', 'The API key was revoked. Mint a new one on the dashboard.');
      if (found.kind !== wantedKind) {
        throw new ApiError(
          'wrong_key_kind',
          `This route takes a ${keyKindName(wantedKind)} (svc_${found.mode}_${wantedKind}_…), not a ${keyKindName(found.kind)}.`,
        );
      }
      request.auth = { keyId: found.keyId, workspaceId: found.workspaceId, mode: found.mode, kind: found.kind, plan: found.plan };
    });
  },
  { name: 'inlay-auth', dependencies: ['inlay-context'] },
);

function bearerKey(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (header === undefined || header.trim() === '') {
    throw new ApiError('api_key_missing', 'No API key: send it as Authorization: Bearer <key>.');
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) throw new ApiError('api_key_invalid', 'The Authorization header must be Bearer <key>.');
  return match[1];
}
