import { LIMITS, type ServiceName } from '@inlay/core';

/** Requests per minute (DESIGN.md §4). Benchmarks raise them; the limiter stays in the path. */
export interface RateLimitOptions {
  /** Publishable routes, per (key, client IP): one visitor of a customer's site. */
  publishablePerClient: number;
  /** Publishable routes, per key: every visitor of a customer's site together. */
  publishablePerKey: number;
  /** Secret-key routes, per key. */
  secretPerKey: number;
  /** Author-token minting, per key. */
  authorTokensPerKey: number;
  /** Post creation, per (key, client IP), against spam. */
  postsPerClient: number;
  /** Post creation, per author. */
  postsPerAuthor: number;
}

/**
 * How long a client may take at each step of an HTTP exchange (docs/security.md#connections-and-timeouts).
 * Slow clients are cut off so that a few thousand of them cannot hold every socket.
 */
export interface TimeoutOptions {
  /** From a request's first byte until its headers are complete; a slower client gets 408. */
  headersMs: number;
  /** From a request's first byte until its whole body has arrived; a slower client gets 408. */
  requestMs: number;
  /** How long an idle keep-alive connection stays open, waiting for the next request. */
  keepAliveMs: number;
  /** A connection on which no byte moves either way for this long is closed (a stalled client). */
  idleMs: number;
}

export interface ServerOptions {
  /** SQLite file path (created if missing), or `:memory:`. */
  db: string;
  /** Services to serve; default all three. */
  services: readonly ServiceName[];
  /** Largest JSON body in bytes. */
  bodyLimit: number;
  rateLimits: RateLimitOptions;
  /** How long a resolved API key (and its workspace's plan) is cached in memory. */
  keyCacheTtlMs: number;
  /** `Cache-Control` of the publishable config route; ETags make revalidation a cheap 304. */
  configCacheControl: string;
  /** How often buffered usage counts are written to the database. */
  usageFlushIntervalMs: number;
  /** Trust `X-Forwarded-For` from a reverse proxy for client IPs (rate limits). */
  trustProxy: boolean;
  /** Client timeouts; every one is enforced by Node's HTTP server. */
  timeouts: TimeoutOptions;
  /**
   * Most connections open at once; further ones are closed as they are accepted. At start the
   * server lowers it, with a warning, to leave file descriptors for itself when the process's
   * limit (`ulimit -n`) is too small.
   */
  maxConnections: number;
  /** Fastify logger setting: false in tests, true (JSON lines) in production. */
  logger: boolean | { level: string };
}

export const DEFAULT_OPTIONS: Omit<ServerOptions, 'db'> = {
  services: ['onboarding', 'feedback', 'importer'],
  bodyLimit: LIMITS.jsonBodyBytes,
  rateLimits: {
    publishablePerClient: 600,
    publishablePerKey: 60_000,
    secretPerKey: 300,
    authorTokensPerKey: 120,
    postsPerClient: 10,
    postsPerAuthor: 5,
  },
  keyCacheTtlMs: 5_000,
  configCacheControl: 'public, no-cache',
  usageFlushIntervalMs: 1_000,
  trustProxy: false,
  // A real client sends its headers in milliseconds and a 1 MiB body in well under 30 s; 72 s
  // outlives the 60 s idle timeout of common load balancers, so they never reuse a closed socket.
  timeouts: { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 72_000, idleMs: 60_000 },
  maxConnections: 10_000,
  logger: false,
};

export type ServerOptionsInput = Partial<Omit<ServerOptions, 'rateLimits' | 'timeouts'>> & {
  db: string;
  rateLimits?: Partial<RateLimitOptions>;
  timeouts?: Partial<TimeoutOptions>;
};

export function resolveOptions(input: ServerOptionsInput): ServerOptions {
  const timeouts = { ...DEFAULT_OPTIONS.timeouts, ...input.timeouts };
  for (const [name, value] of Object.entries(timeouts)) {
    if (!Number.isInteger(value) || value <= 0) throw new RangeError(`timeouts.${name} must be a positive whole number of milliseconds`);
  }
  // Node refuses a headers timeout longer than the whole request's.
  if (timeouts.headersMs > timeouts.requestMs) throw new RangeError('timeouts.headersMs must not exceed timeouts.requestMs');
  const maxConnections = input.maxConnections ?? DEFAULT_OPTIONS.maxConnections;
  if (!Number.isInteger(maxConnections) || maxConnections <= 0) throw new RangeError('maxConnections must be a positive whole number');
  return {
    ...DEFAULT_OPTIONS,
    ...input,
    rateLimits: { ...DEFAULT_OPTIONS.rateLimits, ...input.rateLimits },
    timeouts,
    maxConnections,
  };
}
