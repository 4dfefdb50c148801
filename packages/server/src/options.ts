import { LIMITS, type ServiceName } from '@inlay/core';

/** Requests per minute (docs/api.md). Benchmarks raise them; the limiter stays in the path. */
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
  /**
   * Where the per-key limits are counted (docs/decisions.md, "Rate limits across instances"):
   * `memory` (per process), `postgres` (shared by every instance of a PostgreSQL database), a
   * Valkey/Redis server's `redis://[:password@]host[:port][/db]` (or `rediss://` with TLS) URL
   * (shared by every instance that names it), or `auto`: `postgres` on PostgreSQL, `memory` on
   * SQLite.
   */
  store: string;
  /** With a shared store: how often each instance adds its counted hits to the shared counts. */
  sharedFlushMs: number;
}

/** Limits of the OAuth authorization server for MCP (docs/security.md#oauth). */
export interface OAuthOptions {
  /** Dynamic client registration requests (refused ones too) per client address (IPv6: per /64) per hour. */
  registrationsPerAddressPerHour: number;
  /** Largest registration body in bytes. */
  registrationBodyBytes: number;
  /** Redirect URIs one client may register. */
  redirectUrisPerClient: number;
  /** Longest redirect URI, in characters. */
  redirectUriMaxLength: number;
  /** Longest `client_name`, in characters; longer names are refused. */
  clientNameMaxLength: number;
  /** A client that got no authorization code within this long of registering is deleted. */
  unusedClientTtlMs: number;
  /** A client not used (no code, no token) for this long is deleted, with its tokens. */
  idleClientTtlMs: number;
  /**
   * Sign-in attempts per email per window; past it every sign-in to that email is refused, with
   * the right password too, until the window ends. Attempts are counted before the password is
   * checked, so concurrent guesses cannot all pass; a successful sign-in counts as well.
   */
  loginAttemptsPerAccount: number;
  /** Sign-in attempts per client address (IPv6: per /64) per window. */
  loginAttemptsPerAddress: number;
  /** The fixed window of the sign-in limits, from a key's first attempt. */
  loginWindowMs: number;
}

/** The operator dashboard's accounts and sign-in (docs/dashboard.md, docs/security.md#dashboard). */
export interface DashboardAuthOptions {
  /** How long a dashboard session lasts after sign-in; it is not extended by use. */
  sessionTtlMs: number;
  /** Dashboard sign-in attempts (and invite acceptances) per email per window, counted before the password is checked. */
  loginAttemptsPerAccount: number;
  /** Dashboard sign-in attempts per client address (IPv6: per /64) per window. */
  loginAttemptsPerAddress: number;
  /** The fixed window of the dashboard sign-in limits, from a key's first attempt. */
  loginWindowMs: number;
  /** How long an invite link stays valid. */
  inviteTtlMs: number;
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

/** Webhook delivery (docs/webhooks.md). */
export interface WebhookOptions {
  /** Deliver to private, loopback, link-local and unique-local addresses (and plain http). Off: only public https targets. */
  allowPrivateTargets: boolean;
  /** Seconds to wait before each retry after a failed attempt; past the last, the delivery has failed. */
  retrySchedule: readonly number[];
  /** One attempt's whole budget: connect, send, status and the response excerpt. */
  timeoutMs: number;
  /**
   * Attempts in flight per endpoint. 16 lets one endpoint take about 16 / round trip deliveries a
   * second (some 300/s at 50 ms), what a busy workspace's events need (docs/webhooks.md).
   */
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
  /** Where HTTP attempts run: a worker thread of their own (default), or the API's main thread. */
  deliveryThread: 'worker' | 'main';
}

/** Built-in email to voters and commenters (docs/feedback.md, "Email"); off without `smtpUrl`. */
export interface EmailOptions {
  /** The SMTP server, e.g. `smtp://user:password@mail.example.com:587` or `smtps://…`; unset: no email. */
  smtpUrl?: string | undefined;
  /** The `From` of every message. */
  from: string;
  /** Seconds to wait before each retry of a message the mail server did not take; past the last, it has failed. */
  retrySchedule: readonly number[];
  /** How often the sender looks for changes to tell of (new ones in this process wake it at once). */
  pollIntervalMs: number;
  /**
   * How long a change being told is held by the process sending it, renewed before each message;
   * one that dies holds it this long, then another (or it, restarted) sends what was not sent.
   */
  leaseMs: number;
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
   * How often the server checks whether another process (the operator CLI) committed to the
   * database, and if so drops its cached posts, lists, published configs and keys
   * (`watchOtherProcesses` in db/sqlite/storage.ts). 0 turns the check off.
   */
  externalChangePollMs: number;
  /**
   * PostgreSQL: connections each server process keeps in its pool, besides the one that listens
   * for other instances' changes (docs/self-hosting.md, "Running many instances on PostgreSQL").
   */
  dbPoolSize: number;
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
  oauth: OAuthOptions;
  /** Client timeouts; every one is enforced by Node's HTTP server. */
  timeouts: TimeoutOptions;
  /**
   * Most connections open at once; further ones are closed as they are accepted. At start the
   * server lowers it, with a warning, to leave file descriptors for itself when the process's
   * limit (`ulimit -n`) is too small.
   */
  maxConnections: number;
  /**
   * How long an `Idempotency-Key` claim holds while its request runs: after it, a retry with the
   * same key takes the claim over unless this process is still running that request (a claim
   * left by a crashed process is released at the next start anyway). A little longer than the
   * slowest request.
   */
  idempotencyLeaseMs: number;
  /**
   * After a burst of writes the `-wal` file keeps its size; once no write has committed for
   * `walIdleMs`, a `-wal` larger than this many bytes is truncated to zero.
   */
  walTruncateBytes: number;
  /** How long writes must pause before a large `-wal` is truncated. */
  walIdleMs: number;
  /** Fastify logger setting: false in tests, true (JSON lines) in production. */
  logger: boolean | { level: string };
  /** Most rows an import session may have uploaded (docs/security.md, "Importer uploads"). */
  importSessionMaxRows: number;
  /** Most bytes of rows (as stored JSON) an import session may have uploaded. */
  importSessionMaxBytes: number;
  /** Most rows a workspace's import uploads may have accepted in one UTC day, all sessions and modes together. */
  importDailyMaxRows: number;
  /** Most bytes of rows a workspace's import uploads may have accepted in one UTC day. */
  importDailyMaxBytes: number;
  /**
   * Most bytes of rows one page of `GET /api/v1/sessions/:id/rows` carries (at least one chunk's
   * part is always sent), so a page of small chunks cannot grow without bound.
   */
  importRowsPageMaxBytes: number;
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
  webhooks: WebhookOptions;
  email: EmailOptions;
  /** Serve the operator dashboard (`/dashboard`) and its session-only JSON routes (`/dashboard/api`). */
  dashboard: boolean;
  /** Folder of the built dashboard app; default: the installed `@inlay/dashboard` package's `dist`. */
  dashboardDir?: string | undefined;
  dashboardAuth: DashboardAuthOptions;
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
    store: 'auto',
    sharedFlushMs: 200,
  },
  keyCacheTtlMs: 5_000,
  configCacheControl: 'public, no-cache',
  usageFlushIntervalMs: 1_000,
  idempotencyLeaseMs: 60_000,
  walTruncateBytes: 16 * 1024 * 1024,
  walIdleMs: 1_000,
  externalChangePollMs: 1_000,
  dbPoolSize: 10,
  trustProxy: false,
  oauth: {
    registrationsPerAddressPerHour: 20,
    registrationBodyBytes: 16 * 1024,
    redirectUrisPerClient: 5,
    redirectUriMaxLength: 512,
    clientNameMaxLength: 100,
    unusedClientTtlMs: 24 * 3_600_000,
    idleClientTtlMs: 90 * 24 * 3_600_000,
    loginAttemptsPerAccount: 10,
    loginAttemptsPerAddress: 30,
    loginWindowMs: 15 * 60_000,
  },
  // A real client sends its headers in milliseconds and a 1 MiB body in well under 30 s; 72 s
  // outlives the 60 s idle timeout of common load balancers, so they never reuse a closed socket.
  timeouts: { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 72_000, idleMs: 60_000 },
  maxConnections: 10_000,
  logger: false,
  importSessionMaxRows: 1_000_000,
  importSessionMaxBytes: 512 * 1024 * 1024,
  importDailyMaxRows: 5_000_000,
  importDailyMaxBytes: 2 * 1024 * 1024 * 1024,
  importRowsPageMaxBytes: 8 * 1024 * 1024,
  searchWorkers: 2,
  searchTimeoutMs: 1_000,
  searchMaxTerms: 8,
  searchMaxRows: 50_000,
  searchCandidates: 1_000,
  webhooks: {
    allowPrivateTargets: false,
    retrySchedule: [5, 300, 1_800, 7_200, 18_000, 36_000, 36_000],
    timeoutMs: 10_000,
    concurrency: 16,
    totalConcurrency: 256,
    responseExcerptBytes: 1_024,
    maxRetryAfterSeconds: 36_000,
    disableAfterFailingMs: 5 * 86_400_000,
    logRetentionMs: 30 * 86_400_000,
    pollIntervalMs: 1_000,
    deliveryThread: 'worker',
  },
  email: {
    from: 'Inlay <no-reply@localhost>',
    retrySchedule: [60, 300, 1_800, 7_200, 21_600],
    pollIntervalMs: 1_000,
    leaseMs: 120_000,
  },
  dashboard: true,
  dashboardAuth: {
    sessionTtlMs: 12 * 3_600_000,
    loginAttemptsPerAccount: 10,
    loginAttemptsPerAddress: 30,
    loginWindowMs: 15 * 60_000,
    inviteTtlMs: 7 * 86_400_000,
  },
};

/** A nested group of options (`rateLimits`, `oauth`, …): given in part, the rest from the defaults. */
type Section<T> = T extends readonly unknown[] ? T : T extends object ? Partial<T> : T;

export type ServerOptionsInput = { db: string } & { [K in Exclude<keyof ServerOptions, 'db'>]?: Section<ServerOptions[K]> };

function isSection(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The shortest flush interval of the shared rate counts: each flush is a round trip to the
 * store per instance, so shorter would load PostgreSQL or Redis for little more exactness.
 */
export const MIN_SHARED_FLUSH_MS = 10;

export function resolveOptions(input: ServerOptionsInput): ServerOptions {
  const resolved: Record<string, unknown> = { ...DEFAULT_OPTIONS, ...input };
  // Every nested group is merged key by key over its defaults.
  for (const [key, fallback] of Object.entries(DEFAULT_OPTIONS)) {
    const given = (input as Record<string, unknown>)[key];
    if (isSection(fallback) && isSection(given)) resolved[key] = { ...fallback, ...given };
  }
  const options = resolved as unknown as ServerOptions;
  for (const [name, value] of Object.entries(options.timeouts)) {
    if (!Number.isInteger(value) || value <= 0) throw new RangeError(`timeouts.${name} must be a positive whole number of milliseconds`);
  }
  // Node refuses a headers timeout longer than the whole request's.
  if (options.timeouts.headersMs > options.timeouts.requestMs) throw new RangeError('timeouts.headersMs must not exceed timeouts.requestMs');
  if (!Number.isInteger(options.maxConnections) || options.maxConnections <= 0) throw new RangeError('maxConnections must be a positive whole number');
  if (!Number.isInteger(options.dbPoolSize) || options.dbPoolSize <= 0) throw new RangeError('dbPoolSize must be a positive whole number');
  const { sharedFlushMs } = options.rateLimits;
  if (!Number.isInteger(sharedFlushMs) || sharedFlushMs < MIN_SHARED_FLUSH_MS) {
    throw new RangeError(`rateLimits.sharedFlushMs must be a whole number of milliseconds, at least ${MIN_SHARED_FLUSH_MS}`);
  }
  return options;
}
