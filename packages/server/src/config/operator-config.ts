import { isIP } from 'node:net';
import { SERVICE_NAMES } from '@inlay/core';
import { z } from 'zod';
import { DEFAULT_DB_PATH } from '../db/connect.js';
import { DEFAULT_OPTIONS, type ServerOptions } from '../options.js';

/** Pino's levels, plus `silent`. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const count = (description: string, fallback: number) => z.number().int().min(1).default(fallback).describe(description);
const millis = (description: string, fallback: number) => z.number().int().min(0).default(fallback).describe(description);

const RateLimitsSchema = z
  .strictObject({
    publishablePerClient: count('Publishable routes: requests per minute per (key, client address).', DEFAULT_OPTIONS.rateLimits.publishablePerClient),
    publishablePerKey: count('Publishable routes: requests per minute per key, all visitors together.', DEFAULT_OPTIONS.rateLimits.publishablePerKey),
    secretPerKey: count('Secret-key routes: requests per minute per key.', DEFAULT_OPTIONS.rateLimits.secretPerKey),
    authorTokensPerKey: count('Author-token minting: requests per minute per key.', DEFAULT_OPTIONS.rateLimits.authorTokensPerKey),
    postsPerClient: count('Feedback posts created per minute per (key, client address).', DEFAULT_OPTIONS.rateLimits.postsPerClient),
    postsPerAuthor: count('Feedback posts created per minute per author.', DEFAULT_OPTIONS.rateLimits.postsPerAuthor),
  })
  .prefault({});

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
  db: z.string().min(1).default(DEFAULT_DB_PATH).describe('SQLite database file (created if missing).'),
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
  logLevel: z.enum(LOG_LEVELS).default('info').describe('Structured JSON log level (pino), on standard output.'),
  trustProxy: z
    .union([z.boolean(), z.number().int().min(1), ProxyAddressesSchema])
    .default(DEFAULT_OPTIONS.trustProxy)
    .describe(
      'Trust X-Forwarded-For/-Proto from a reverse proxy: true (any), a hop count, or comma-separated proxy addresses/CIDRs. Client addresses drive the per-visitor rate limits.',
    ),
  bodyLimit: count('Largest JSON request body, in bytes.', DEFAULT_OPTIONS.bodyLimit),
  rateLimits: RateLimitsSchema.describe('Requests per minute; 429 with Retry-After past them.'),
  keyCacheTtlMs: millis('How long a resolved API key (and its plan) is cached in memory.', DEFAULT_OPTIONS.keyCacheTtlMs),
  configCacheControl: z.string().min(1).default(DEFAULT_OPTIONS.configCacheControl).describe('Cache-Control of the publishable config route.'),
  usageFlushIntervalMs: millis('How often buffered usage counts are written to the database.', DEFAULT_OPTIONS.usageFlushIntervalMs),
  webhooks: WebhooksSchema.describe('Webhook delivery (docs/webhooks.md).'),
});

export type OperatorConfig = z.infer<typeof OperatorConfigSchema>;

/** What `startServer` takes, from an operator's configuration. */
export function serverOptionsOf(config: OperatorConfig): ServerOptions & { port: number; host: string } {
  const { logLevel, ...rest } = config;
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
