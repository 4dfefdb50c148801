import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../errors.js';

/**
 * A UTF-16 code unit of a surrogate pair without its other half. With the `u` flag a whole pair
 * is one code point and does not match, so this finds only the unpaired ones.
 */
const LONE_SURROGATE = /\p{Surrogate}/u;

/** Why a string cannot be stored as sent, or undefined when it can. */
function problemOf(text: string): string | undefined {
  if (text.includes('\u0000')) return 'the character U+0000 (NUL) is not allowed.';
  if (LONE_SURROGATE.test(text)) return 'a lone surrogate (half of a UTF-16 pair, \\uD800–\\uDFFF) is not allowed: the text is not valid Unicode.';
  return undefined;
}

/** Where in a request a string that cannot be stored was found (its dotted path), and why; or undefined. */
export interface Unstorable {
  path: string[];
  problem: string;
}

/** The first string in `value` (or object key) with U+0000 or a lone surrogate, or undefined. */
export function findUnstorable(value: unknown, path: readonly string[] = [], depth = 0): Unstorable | undefined {
  if (typeof value === 'string') {
    const problem = problemOf(value);
    return problem === undefined ? undefined : { path: [...path], problem };
  }
  // Parsed JSON nests as deep as the body parser lets it; past this, such a string would be in
  // data no route reads as a single column anyway (rows and configs are stored as JSON text).
  if (value === null || typeof value !== 'object' || depth > 64) return undefined;
  for (const [key, child] of Object.entries(value)) {
    const problem = problemOf(key);
    if (problem !== undefined) return { path: [...path, key], problem };
    const found = findUnstorable(child, [...path, key], depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The first string of a request's params, query or body that cannot be stored as sent. */
export function unstorableIn(request: FastifyRequest): Unstorable | undefined {
  for (const part of [request.params, request.query, request.body]) {
    const found = findUnstorable(part);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Refuses a request whose body, query or path holds a string that cannot be stored as sent, with
 * one 400 on both backends (docs/errors.md, `parameter_invalid`), and no field of the API has a
 * use for either:
 * - U+0000: PostgreSQL's text cannot store it (the write would fail as a 500);
 * - a lone surrogate (`"\ud800"` in JSON): it is not Unicode, so neither backend stores it as
 *   sent — SQLite keeps bytes that read back as three U+FFFD, PostgreSQL one U+FFFD — and two
 *   different values would become the same one (two voters counted as one on PostgreSQL only).
 * The OAuth endpoints answer in OAuth's own format and check for both themselves
 * (oauth/oauth-routes.ts).
 */
export const storableTextPlugin = fp(
  (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      if (request.url.startsWith('/oauth/')) return;
      const found = unstorableIn(request);
      if (found === undefined) return;
      const param = found.path.join('.');
      throw new ApiError('parameter_invalid', `${param || 'The body'}: ${found.problem}`, param ? { param } : {});
    });
  },
  { name: 'inlay-storable-text' },
);
