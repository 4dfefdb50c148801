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
  /** Fastify logger setting: false in tests, true (JSON lines) in production. */
  logger: boolean | { level: string };
  /** Worker threads that run feedback searches, each with its own read-only connection (docs/security.md, Search). */
  searchWorkers: number;
  /** A search still running after this long is abandoned (its worker replaced) and answered `search_too_expensive`. */
  searchTimeoutMs: number;
  /** Distinct terms a search may have, stop words aside; more is refused with `search_too_expensive`. */
  searchMaxTerms: number;
  /** Index rows (matches, newest first) one search may read. */
  searchMaxRows: number;
  /** How many of a board's newest matches a relevance search ranks. */
  searchCandidates: number;
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
  logger: false,
  searchWorkers: 2,
  searchTimeoutMs: 1_000,
  searchMaxTerms: 8,
  searchMaxRows: 50_000,
  searchCandidates: 1_000,
};

export type ServerOptionsInput = Partial<Omit<ServerOptions, 'rateLimits'>> & {
  db: string;
  rateLimits?: Partial<RateLimitOptions>;
};

export function resolveOptions(input: ServerOptionsInput): ServerOptions {
  return {
    ...DEFAULT_OPTIONS,
    ...input,
    rateLimits: { ...DEFAULT_OPTIONS.rateLimits, ...input.rateLimits },
  };
}
