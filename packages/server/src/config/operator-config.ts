import { isIP } from 'node:net';
import { SERVICE_NAMES } from '@inlay/core';
import { z } from 'zod';
import { DEFAULT_DB_PATH, locationOf } from '../db/connect.js';
import { DEFAULT_OPTIONS, MIN_SHARED_FLUSH_MS, type ServerOptions } from '../options.js';

/** Pino's levels, plus `silent`. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const count = (description: string, fallback: number) => z.number().int().min(1).default(fallback).describe(description);
const millis = (description: string, fallback: number) => z.number().int().min(0).default(fallback).describe(description);

type SectionValue = number | boolean | string | readonly number[];

/**
 * A nested group of options (`rateLimits`, `oauth`, …), its types and defaults read from
 * `DEFAULT_OPTIONS` so they are written once: whole numbers at least 1 (at least 0 for
 * durations, `…Ms`), booleans, strings, lists of whole numbers. Each key needs a description,
 * which `inlay start --help` prints.
 */
function section<T extends { [K in keyof T]: SectionValue }>(
  defaults: T,
  descriptions: { [K in keyof T]: string },
  minimums: { [K in keyof T]?: number } = {},
): z.ZodType<T, Partial<T>> {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, fallback] of Object.entries(defaults) as [string, SectionValue][]) {
    const leaf: z.ZodType =
      typeof fallback === 'number'
        ? z.number().int().min(minimums[key as keyof T] ?? (key.endsWith('Ms') ? 0 : 1))
        : typeof fallback === 'boolean'
          ? z.boolean()
          : typeof fallback === 'string'
            ? z.string().min(1)
            : z.array(z.number().int().min(0)).min(1);
    shape[key] = leaf.default(fallback as never).describe(descriptions[key as keyof T]);
  }
  return z.strictObject(shape).prefault({}) as unknown as z.ZodType<T, Partial<T>>;
}

const RateLimitsSchema = section(DEFAULT_OPTIONS.rateLimits, {
  publishablePerClient: 'Publishable routes: requests per minute per (key, client address).',
  publishablePerKey: 'Publishable routes: requests per minute per key, all visitors together.',
  secretPerKey: 'Secret-key routes: requests per minute per key.',
  authorTokensPerKey: 'Author-token minting: requests per minute per key.',
  postsPerClient: 'Feedback posts created per minute per (key, client address).',
  postsPerAuthor: 'Feedback posts created per minute per author.',
  store: 'Where per-key limits are counted: memory (per process), postgres (shared by every instance), a redis:// URL of a Valkey/Redis server (shared), or auto (postgres on PostgreSQL).',
  sharedFlushMs: `With a shared store: how often each instance adds its counted hits to the shared counts (at least ${MIN_SHARED_FLUSH_MS}).`,
}, { sharedFlushMs: MIN_SHARED_FLUSH_MS });

const OAuthSchema = section(DEFAULT_OPTIONS.oauth, {
  registrationsPerAddressPerHour: 'OAuth client registrations per client address (IPv6: per /64) per hour.',
  registrationBodyBytes: 'Largest OAuth client registration body, in bytes.',
  redirectUrisPerClient: 'Redirect URIs one OAuth client may register.',
  redirectUriMaxLength: 'Longest OAuth redirect URI, in characters.',
  clientNameMaxLength: 'Longest OAuth client_name, in characters.',
  unusedClientTtlMs: 'An OAuth client with no authorization within this long of registering is deleted.',
  idleClientTtlMs: 'An OAuth client unused for this long is deleted, with its tokens.',
  loginAttemptsPerAccount: 'Sign-in attempts per email per window (the right password too is refused past it).',
  loginAttemptsPerAddress: 'Sign-in attempts per client address per window.',
  loginWindowMs: 'The fixed window of the sign-in limits.',
});

const DashboardAuthSchema = section(DEFAULT_OPTIONS.dashboardAuth, {
  sessionTtlMs: 'How long a dashboard session lasts after sign-in.',
  loginAttemptsPerAccount: 'Dashboard sign-in attempts per email per window (the right password too is refused past it).',
  loginAttemptsPerAddress: 'Dashboard sign-in attempts per client address per window.',
  loginWindowMs: 'The fixed window of the dashboard sign-in limits.',
  inviteTtlMs: 'How long a dashboard invite link stays valid.',
});

const TimeoutsSchema = section(DEFAULT_OPTIONS.timeouts, {
  headersMs: "From a request's first byte until its headers are complete (408 past it).",
  requestMs: "From a request's first byte until its whole body has arrived (408 past it).",
  keepAliveMs: 'How long an idle keep-alive connection stays open.',
  idleMs: 'A connection on which no byte moves either way for this long is closed.',
});

const hooks = DEFAULT_OPTIONS.webhooks;
const WebhooksSchema = z
  .strictObject({
    allowPrivateTargets: z
      .boolean()
      .default(hooks.allowPrivateTargets)
      .describe('Deliver webhooks to private, loopback, link-local and unique-local addresses, and over plain http.'),
    retrySchedule: z
      .array(z.number().min(0).max(604_800))
      .max(20)
      .default([...hooks.retrySchedule])
      .describe('Seconds before each webhook retry, comma-separated; after the last, the delivery has failed.'),
    timeoutMs: count('One webhook attempt: connect, send, status and response excerpt, in milliseconds.', hooks.timeoutMs),
    concurrency: count('Webhook attempts in flight per endpoint.', hooks.concurrency),
    totalConcurrency: count('Webhook attempts in flight over all endpoints.', hooks.totalConcurrency),
    responseExcerptBytes: millis('Bytes of a webhook response body read and kept in the delivery log.', hooks.responseExcerptBytes),
    maxRetryAfterSeconds: millis('Longest Retry-After (429/503) a webhook retry honours, in seconds.', hooks.maxRetryAfterSeconds),
    disableAfterFailingMs: count('An endpoint failing continuously this long (ms) is disabled.', hooks.disableAfterFailingMs),
    logRetentionMs: count('How long webhook deliveries and attempts are kept (ms).', hooks.logRetentionMs),
    pollIntervalMs: count('How often the webhook sender looks for due deliveries (ms).', hooks.pollIntervalMs),
    deliveryThread: z
      .enum(['worker', 'main'])
      .default(hooks.deliveryThread)
      .describe('Where webhook HTTP attempts run: a worker thread of their own, or the main thread.'),
  })
  .prefault({});

const mail = DEFAULT_OPTIONS.email;
const EmailSchema = z
  .strictObject({
    smtpUrl: z
      .url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })
      .optional()
      .describe('The SMTP server that sends email to voters and commenters (smtp://user:password@host:587); unset: no email. Needs publicUrl for the unsubscribe links.'),
    from: z.string().min(3).default(mail.from).describe('The From header of every email.'),
    retrySchedule: z
      .array(z.number().min(0).max(604_800))
      .max(20)
      .default([...mail.retrySchedule])
      .describe('Seconds before each retry of an email the mail server did not take, comma-separated.'),
    pollIntervalMs: count('How often the email sender looks for changes to tell of (ms).', mail.pollIntervalMs),
    leaseMs: z
      .number()
      .int()
      .min(60_000)
      .default(mail.leaseMs)
      .describe('How long (ms) a change being emailed is held by the process sending it, renewed before each message (at least 60000: above a message\'s time-outs).'),
  })
  .prefault({});

/** Proxy addresses as `proxy-addr` takes them: IPs, CIDRs and its names for address ranges. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const ProxyAddressesSchema = z.string().refine(
  (value) =>
    value.split(',').every((part) => {
      const [address = '', bits, ...rest] = part.trim().split('/');
      if (PROXY_RANGES.has(address) && bits === undefined) return true;
      return isIP(address) !== 0 && rest.length === 0 && (bits === undefined || /^\d{1,3}$/.test(bits));
    }),
  'must be true, a hop count, or comma-separated proxy IP addresses/CIDRs (or loopback, linklocal, uniquelocal)',
);

const PublicUrlSchema = z
  .url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' })
  .refine((value) => {
    // Checked after a value that is no URL at all was already refused above: zod runs both.
    if (!URL.canParse(value)) return true;
    const url = new URL(value);
    return (url.pathname === '/' || url.pathname === '') && url.search === '' && url.hash === '';
  }, 'must be an origin only (scheme, host and port), without a path')
  .transform((value) => new URL(value).origin);

/**
 * Everything an operator can set for `inlay start`, without code (docs/self-hosting.md). The
 * JSON config file, the `INLAY_*` environment variables, the flags and `inlay start --help` are
 * all derived from this one schema; unknown keys are refused, never ignored.
 */
export const OperatorConfigSchema = z.strictObject({
  db: z
    .string()
    .min(1)
    .default(DEFAULT_DB_PATH)
    .describe('A SQLite database file (created if missing), or a postgres://user:password@host:5432/db URL (docs/self-hosting.md#postgresql).'),
  port: z.number().int().min(0).max(65_535).default(4000).describe('TCP port to listen on (0: any free port). Also read from PORT.'),
  host: z.string().min(1).default('127.0.0.1').describe('Address to listen on; 0.0.0.0 for every interface.'),
  services: z
    .array(z.enum(SERVICE_NAMES))
    .min(1)
    .default([...SERVICE_NAMES])
    .describe('Services to serve, comma-separated in the environment.'),
  demo: z.boolean().default(false).describe('Create (once) and print a demo workspace, and serve /demo.'),
  publicUrl: PublicUrlSchema.optional().describe(
    'The origin clients reach this server at (https://inlay.example.com): OAuth issuer and MCP resource URLs use it instead of the Host header.',
  ),
  logLevel: z
    .enum(LOG_LEVELS)
    .optional()
    .describe(
      'Level of the JSON logs (pino) on standard output; info when not set, except `inlay start --demo` on an interactive terminal, where it is warn so request logs stay off the screen.',
    ),
  trustProxy: z
    .union([z.boolean(), z.number().int().min(1), ProxyAddressesSchema])
    .default(DEFAULT_OPTIONS.trustProxy)
    .describe(
      'Trust X-Forwarded-For/-Proto from a reverse proxy: true (any), a hop count, or comma-separated proxy addresses/CIDRs. Client addresses drive the per-visitor rate limits.',
    ),
  bodyLimit: count('Largest JSON request body, in bytes.', DEFAULT_OPTIONS.bodyLimit),
  rateLimits: RateLimitsSchema,
  oauth: OAuthSchema,
  timeouts: TimeoutsSchema,
  idempotencyLeaseMs: millis('How long an Idempotency-Key claim holds before a retry may take it over (a request still running keeps it).', DEFAULT_OPTIONS.idempotencyLeaseMs),
  walTruncateBytes: count('A -wal file larger than this many bytes is truncated once writes pause.', DEFAULT_OPTIONS.walTruncateBytes),
  walIdleMs: millis('How long writes must pause before that truncation.', DEFAULT_OPTIONS.walIdleMs),
  searchWorkers: count('Worker threads that run feedback searches, each with its own read-only connection.', DEFAULT_OPTIONS.searchWorkers),
  searchTimeoutMs: millis('A search still running after this long is abandoned and answered search_too_expensive.', DEFAULT_OPTIONS.searchTimeoutMs),
  searchMaxTerms: count('Distinct terms a search may have, stop words aside.', DEFAULT_OPTIONS.searchMaxTerms),
  searchMaxRows: count('Index rows (matches, newest first) one search may read.', DEFAULT_OPTIONS.searchMaxRows),
  searchCandidates: count("How many of a board's newest matches a relevance search ranks.", DEFAULT_OPTIONS.searchCandidates),
  importSessionMaxRows: count('Most rows one import session may upload (413 past it).', DEFAULT_OPTIONS.importSessionMaxRows),
  importSessionMaxBytes: count('Most bytes of rows one import session may upload.', DEFAULT_OPTIONS.importSessionMaxBytes),
  importDailyMaxRows: count("Most rows a workspace's import uploads may add in one UTC day.", DEFAULT_OPTIONS.importDailyMaxRows),
  importDailyMaxBytes: count("Most bytes of rows a workspace's import uploads may add in one UTC day.", DEFAULT_OPTIONS.importDailyMaxBytes),
  importRowsPageMaxBytes: count('Most bytes of rows one page of GET /api/v1/sessions/:id/rows carries (one chunk always goes in).', DEFAULT_OPTIONS.importRowsPageMaxBytes),
  maxConnections: count('Most connections open at once (lowered at start to fit the file-descriptor limit).', DEFAULT_OPTIONS.maxConnections),
  keyCacheTtlMs: millis('How long a resolved API key (and its plan) is cached in memory.', DEFAULT_OPTIONS.keyCacheTtlMs),
  configCacheControl: z.string().min(1).default(DEFAULT_OPTIONS.configCacheControl).describe('Cache-Control of the publishable config route.'),
  usageFlushIntervalMs: millis('How often buffered usage counts are written to the database.', DEFAULT_OPTIONS.usageFlushIntervalMs),
  externalChangePollMs: millis(
    'How often the server checks for writes by another process (the operator CLI) and drops its caches after one; 0 turns it off.',
    DEFAULT_OPTIONS.externalChangePollMs,
  ),
  dbPoolSize: count('PostgreSQL: connections each server process keeps in its pool (plus one that listens for changes).', DEFAULT_OPTIONS.dbPoolSize),
  webhooks: WebhooksSchema.describe('Webhook delivery (docs/webhooks.md).'),
  email: EmailSchema.describe('Email to voters and commenters (docs/feedback.md#email).'),
  dashboard: z.boolean().default(DEFAULT_OPTIONS.dashboard).describe('Serve the operator dashboard at /dashboard (docs/dashboard.md).'),
  dashboardDir: z.string().min(1).optional().describe("Folder of the built dashboard app; default: the installed @inlay/dashboard package's dist."),
  dashboardAuth: DashboardAuthSchema,
}).superRefine((config, ctx) => {
  // Checked here, not only when the server opens them, so `inlay config check` sees them too.
  if (!RATE_STORE.test(config.rateLimits.store)) {
    ctx.addIssue({ code: 'custom', path: ['rateLimits', 'store'], message: 'must be memory, postgres, auto or a redis:// (rediss://) URL' });
  }
  const twice = config.services.find((service, i) => config.services.indexOf(service) !== i);
  if (twice !== undefined) ctx.addIssue({ code: 'custom', path: ['services'], message: `names ${twice} twice` });
});

/** `rateLimits.store`'s values (plugins/rate-limit.ts opens them). */
const RATE_STORE = /^(?:memory|postgres|auto|rediss?:\/\/.+)$/;

export type OperatorConfig = z.infer<typeof OperatorConfigSchema>;

/**
 * What only the options together can tell, once every source is merged (a file may rely on the
 * environment for the other half): one line naming both options, or undefined.
 */
export function crossCheck(config: OperatorConfig): string | undefined {
  if (config.email.smtpUrl !== undefined && config.publicUrl === undefined) {
    return 'email.smtpUrl needs publicUrl (INLAY_PUBLIC_URL): every email links to this server to unsubscribe';
  }
  if (config.rateLimits.store === 'postgres' && !locationOf(config.db).sharedByProcesses) {
    return 'rateLimits.store postgres needs a PostgreSQL database (db is a SQLite file)';
  }
  return undefined;
}

/** The log level when none is set: quiet for someone trying the demo in a terminal, info everywhere else. */
export function defaultLogLevel(config: Pick<OperatorConfig, 'demo'>, interactive: boolean): LogLevel {
  return config.demo && interactive ? 'warn' : 'info';
}

/** What `startServer` takes, from an operator's configuration. */
export function serverOptionsOf(config: OperatorConfig, interactive = false): ServerOptions & { port: number; host: string } {
  const { logLevel = defaultLogLevel(config, interactive), ...rest } = config;
  delete (rest as Partial<OperatorConfig>).demo;
  return { ...rest, logger: logLevel === 'silent' ? false : { level: logLevel } };
}

/**
 * Every `ServerOptions` key but `logger` (set through `logLevel`) must be configurable: adding
 * an option to the server without adding it here fails the type check.
 */
type Missing = Exclude<keyof ServerOptions, keyof OperatorConfig | 'logger'>;
const everyOptionConfigurable: [Missing] extends [never] ? true : Missing = true;
void everyOptionConfigurable;
