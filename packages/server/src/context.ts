import type { KeyKind, KeyMode } from '@inlay/core';
import type { SigningSecretCache } from './auth/author-tokens.js';
import type { KeyCache } from './auth/key-cache.js';
import type { Storage } from './db/connect.js';
import type { PublishedCache } from './publishing/published-cache.js';
import type { ServerOptions } from './options.js';
import type { Plan } from './repositories/platform/workspaces.js';
import type { UsageRecorder } from './usage/recorder.js';

/** Who is calling: resolved from the API key by the auth plugin. */
export interface AuthContext {
  keyId: string;
  workspaceId: string;
  mode: KeyMode;
  kind: KeyKind;
  plan: Plan;
}

/** What the server shares between plugins, as `app.inlay`. */
export interface InlayContext {
  storage: Storage;
  options: ServerOptions;
  keys: KeyCache;
  signingSecrets: SigningSecretCache;
  published: PublishedCache;
  usage: UsageRecorder;
}

/** Which credential a route takes; routes without it are public (`/healthz`). */
export type RouteAuth = 'publishable' | 'secret';

declare module 'fastify' {
  interface FastifyInstance {
    inlay: InlayContext;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    auth?: RouteAuth;
    /** A stricter limiter than the key kind's default (author-token minting). */
    rateLimitGroup?: 'author-tokens';
  }
}

/** The auth context of a route that declared `config.auth`; the auth hook guarantees it. */
export function authOf(request: { auth: AuthContext | null }): AuthContext {
  if (!request.auth) throw new Error('route has no auth context: declare config.auth');
  return request.auth;
}
