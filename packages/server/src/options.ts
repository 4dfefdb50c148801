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

/** Webhook delivery (docs/webhooks.md). */
export interface WebhookOptions {
  /** Deliver to private, loopback, link-local and unique-local addresses (and plain http). Off: only public https targets. */
  allowPrivateTargets: boolean;
  /** Seconds to wait before each retry after a failed attempt; past the last, the delivery has failed. */
  retrySchedule: readonly number[];
  /** One attempt's whole budget: connect, send, status and the response excerpt. */
  timeoutMs: number;
  /** Attempts in flight per endpoint. */
  concurrency: number;
  /** Attempts in flight over all endpoints. */
  totalConcurrency: number;
  /** How much of a response body is read and kept in the delivery log; the rest is never read. */
  responseExcerptBytes: number;
  /** The longest `Retry-After` (429/503) honoured, in seconds. */
  maxRetryAfterSeconds: number;
  /** An endpoint failing continuously for this long is disabled. */
  disableAfterFailingMs: number;
  /** How long deliveries and their attempts are kept in the log. */
  logRetentionMs: number;
  /** How often the sender looks for due deliveries (new events in this process wake it at once). */
  pollIntervalMs: number;
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
  /**
   * Trust `X-Forwarded-For`/`-Proto` from a reverse proxy for client addresses (rate limits) and
   * the scheme: `true` for any proxy, a hop count, or comma-separated proxy addresses/CIDRs.
   */
  trustProxy: boolean | number | string;
  /**
   * The origin clients reach the server at (`https://inlay.example.com`). OAuth issuer and MCP
   * resource URLs use it; without it they follow the request's Host header.
   */
  publicUrl?: string | undefined;
  /** Fastify logger setting: false in tests, true (JSON lines) in production. */
  logger: boolean | { level: string };
  webhooks: WebhookOptions;
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
  webhooks: {
    allowPrivateTargets: false,
    retrySchedule: [5, 300, 1_800, 7_200, 18_000, 36_000, 36_000],
    timeoutMs: 10_000,
    concurrency: 4,
    totalConcurrency: 64,
    responseExcerptBytes: 1_024,
    maxRetryAfterSeconds: 36_000,
    disableAfterFailingMs: 5 * 86_400_000,
    logRetentionMs: 30 * 86_400_000,
    pollIntervalMs: 1_000,
  },
};

export type ServerOptionsInput = Partial<Omit<ServerOptions, 'rateLimits' | 'webhooks'>> & {
  db: string;
  rateLimits?: Partial<RateLimitOptions>;
  webhooks?: Partial<WebhookOptions>;
};

export function resolveOptions(input: ServerOptionsInput): ServerOptions {
  return {
    ...DEFAULT_OPTIONS,
    ...input,
    rateLimits: { ...DEFAULT_OPTIONS.rateLimits, ...input.rateLimits },
    webhooks: { ...DEFAULT_OPTIONS.webhooks, ...input.webhooks },
  };
}
