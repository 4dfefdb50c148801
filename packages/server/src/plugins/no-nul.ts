import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../errors.js';

/** Where in a request a string with U+0000 was found: its dotted path, or undefined. */
export function findNul(value: unknown, path: readonly string[] = [], depth = 0): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? [...path] : undefined;
  // Parsed JSON nests as deep as the body parser lets it; past this, a NUL would be in data no
  // route reads as a single column anyway (rows and configs are stored as JSON text).
  if (value === null || typeof value !== 'object' || depth > 64) return undefined;
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key];
    const found = findNul(child, [...path, key], depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The dotted path of the first string with U+0000 in a request's params, query or body. */
export function nulIn(request: FastifyRequest): string[] | undefined {
  for (const part of [request.params, request.query, request.body]) {
    const found = findNul(part);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Refuses a request whose body, query or path holds the character U+0000, with one 400 on both
 * backends: PostgreSQL's text cannot store it (the write would fail as a 500), and no field of
 * the API has a use for it (docs/errors.md, `parameter_invalid`). The OAuth endpoints answer in
 * OAuth's own format and check for it themselves (oauth/oauth-routes.ts).
 */
export const noNulPlugin = fp(
  (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      if (request.url.startsWith('/oauth/')) return;
      const found = nulIn(request);
      if (found === undefined) return;
      const param = found.join('.');
      throw new ApiError('parameter_invalid', `${param || 'The body'}: the character U+0000 (NUL) is not allowed.`, param ? { param } : {});
    });
  },
  { name: 'inlay-no-nul' },
);
