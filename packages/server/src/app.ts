import { isUtf8 } from 'node:buffer';
import { randomBytes } from 'node:crypto';
import type { ServiceName } from '@inlay/core';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SigningSecretCache } from './auth/author-tokens.js';
import { KeyCache } from './auth/key-cache.js';
import type { InlayContext } from './context.js';
import { openDatabase, type Storage } from './db/connect.js';
import { clientErrorHandler, connectionCap, timeoutServerOptions } from './connection-limits.js';

import { PublishedCache } from './publishing/published-cache.js';
import { dashboardPlugin } from './dashboard/index.js';
import { pruneDashboardSessions } from './repositories/dashboard/sessions.js';
import { oauthRoutes } from './oauth/oauth-routes.js';
import { openEmailSender } from './email/open.js';
import { EMAIL_MAX_AGE_MS } from './email/sender.js';
import { pruneEmailOutbox } from './repositories/email/outbox.js';
import { unsubscribeRoutes } from './email/unsubscribe.js';
import { resolveOptions, type ServerOptions, type ServerOptionsInput } from './options.js';
import { authPlugin } from './plugins/auth.js';
import { crossOriginRoutes } from './plugins/cors.js';
import { ApiError } from './errors.js';
import { errorsPlugin, sendApiError } from './plugins/errors.js';
import { storableTextPlugin } from './plugins/storable-text.js';
import { declaredInputsPlugin } from './plugins/declared-inputs.js';
import { idempotencyPlugin } from './plugins/idempotency.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { pageHeaders, setSecurityHeaders } from './plugins/security-headers.js';
import { pruneIdempotencyKeys } from './repositories/platform/idempotency.js';
import { pruneUploadedRows } from './repositories/importer/upload-chunks.js';
import { pruneOAuthClients } from './repositories/platform/oauth.js';
import { feedbackService } from './services/feedback/index.js';
import { importerService } from './services/importer/index.js';
import { onboardingService } from './services/onboarding/index.js';
import { UsageRecorder } from './usage/recorder.js';
import { wellFormedQuery, zodValidatorCompiler } from './validation.js';
import { pruneWebhookLog } from './repositories/webhooks/endpoints.js';
import { WebhookSender } from './webhooks/sender.js';
import { redactRequestUrl } from './config/redact.js';

const SERVICE_PLUGINS: Record<ServiceName, FastifyPluginAsync> = {
  onboarding: onboardingService,
  feedback: feedbackService,
  importer: importerService,
};

export interface BuildAppOptions extends Partial<ServerOptionsInput> {
  /** An already open database; when given, the app does not close it. */
  database?: Storage;
}

/**
 * Builds the Fastify app (no `listen`): platform plugins in Fastify's load order, then each
 * service under its base URL (docs/self-hosting.md). Tests call this and use `app.inject()`.
 */
export async function buildApp(input: BuildAppOptions = {}): Promise<FastifyInstance> {
  const options = resolveOptions({ db: ':memory:', ...input });
  const ownsDb = input.database === undefined;
  const storage = input.database ?? (await openDatabase(options.db, { backgroundCheckpoints: true, walTruncateBytes: options.walTruncateBytes, walIdleMs: options.walIdleMs, poolSize: options.dbPoolSize }));

  const nextRequestId = requestIds();
  const app = Fastify({
    logger: options.logger === false ? false : { ...(options.logger === true ? {} : options.logger), serializers: { req: requestForLog } },
    bodyLimit: options.bodyLimit,
    trustProxy: typeof options.trustProxy === 'number' ? trustHops(options.trustProxy) : options.trustProxy,
    genReqId: nextRequestId,
    routerOptions: { ignoreTrailingSlash: true },
    // Slow clients are cut off (docs/security.md#connections-and-timeouts), in the documented error shape.
    ...timeoutServerOptions(options.timeouts),
    clientErrorHandler: clientErrorHandler(nextRequestId),
    // Errors the router raises before any hook runs (a malformed URL, an over-long id) get the
    // documented error shape too.
    frameworkErrors: (error, request, reply) => {
      setSecurityHeaders(reply);
      return sendApiError(
        request,
        reply,
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? new ApiError('parameter_invalid', 'A path segment is too long to be an id.')
          : new ApiError('parameter_invalid', 'The URL is malformed.'),
      );
    },
  });
  const connections = connectionCap(options.maxConnections);
  if (connections.lowered) {
    app.log.warn(
      { maxConnections: options.maxConnections, applied: connections.cap },
      'maxConnections lowered to fit the file-descriptor limit (ulimit -n); raise the limit to accept more',
    );
  }
  app.server.maxConnections = connections.cap;
  app.setValidatorCompiler(zodValidatorCompiler);
  // Response schemas document the routes (OpenAPI); bodies are plain JSON.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  // Every body is JSON (docs/api.md); anything else is refused rather than read as a string.
  app.removeContentTypeParser('text/plain');
  // JSON is UTF-8 text (RFC 8259): a body with bytes that are not is refused, instead of being
  // read with each bad byte turned into U+FFFD and stored so.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    if (!isUtf8(body)) {
      done(new ApiError('invalid_json', 'The body is not valid JSON: it is not UTF-8 text.'), undefined);
      return;
    }
    parseJson(request, body.toString('utf8'), done);
  });

  await app.register(contextPlugin, { storage, options, ownsDb });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('Request-Id', request.id);
    setSecurityHeaders(reply);
    // HTTP/1.1 requires Host (RFC 9112, 3.2); Node's own refusal had no body.
    if (request.headers.host === undefined && request.raw.httpVersionMajor === 1 && request.raw.httpVersionMinor >= 1) {
      reply.header('connection', 'close');
      done(new ApiError('malformed_request', 'The request has no Host header, which HTTP/1.1 requires; the connection is closed.'));
      return;
    }
    // Fastify's query parser keeps a bad escape as literal text (`%ED%A0%80`, `%FF`, `%zz`); the
    // same bytes in the path are refused, and so are they here.
    if (!wellFormedQuery(request.url)) {
      done(new ApiError('parameter_invalid', 'The query string is malformed: each % must start an escape of two hex digits, and the escaped bytes must be UTF-8.'));
      return;
    }
    done();
  });
  // An expectation other than 100-continue is ignored and the request answered as usual
  // (RFC 9110, 10.1.1 allows either), instead of Node's bodiless 417.
  app.server.on('checkExpectation', (request, response) => app.routing(request, response));
  await app.register(errorsPlugin);
  await app.register(storableTextPlugin);
  await app.register(declaredInputsPlugin);
  await app.register(authPlugin);
  await app.register(rateLimitPlugin);
  await app.register(idempotencyPlugin);

  // Liveness: the process answers. Readiness: it can also reach its database, so a load
  // balancer takes an instance out while its storage is unreachable (docs/self-hosting.md).
  app.get('/healthz', async () => ({ data: { status: 'ok', services: options.services } }));
  // Browsers ask every page's origin for an icon (the demo, sign-in, consent and unsubscribe
  // pages): no content, instead of a 404 in their console.
  app.get('/favicon.ico', async (_request, reply) => reply.code(204).header('cache-control', 'public, max-age=86400').send());
  app.get('/readyz', async () => {
    try {
      await storage.ping();
    } catch (error) {
      app.log.error({ err: error }, 'readiness check: the database is unreachable');
      throw new ApiError('not_ready', 'The server cannot reach its database.');
    }
    return { data: { status: 'ready' } };
  });
  // Unsubscribe links keep working even after email is turned off (docs/feedback.md#email).
  await app.register(async (scope) => {
    scope.addHook('onRequest', pageHeaders);
    await unsubscribeRoutes(scope, storage);
  });
  await app.register(async (scope) => {
    scope.addHook('onRequest', pageHeaders);
    await crossOriginRoutes(scope, OAUTH_CORS, (inner) => inner.register(oauthRoutes, { services: options.services }), isOAuthCrossOrigin);
  });
  for (const service of options.services) {
    await app.register(SERVICE_PLUGINS[service], { prefix: `/${service}` });
  }
  // The operator dashboard and its session-only routes (docs/dashboard.md).
  if (options.dashboard) await app.register(dashboardPlugin);
  return app;
}

/** Trust the nearest `hops` proxies: what a hop count means to `X-Forwarded-For`. */
function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

/**
 * What a browser-based MCP client calls with `fetch` from its own origin: discovery, client
 * registration, the token endpoint and revocation. They use no cookies (public clients with
 * PKCE), so any origin may read them. The sign-in and consent pages are top-level navigations
 * that carry the session cookie, and send no CORS headers (docs/security.md#cors-and-allowedorigins).
 */
const OAUTH_CROSS_ORIGIN = /^\/(\.well-known\/oauth-|oauth\/(register|token|revoke)$)/;
const isOAuthCrossOrigin = (url: string): boolean => OAUTH_CROSS_ORIGIN.test(url);
const OAUTH_CORS = {
  origin: '*',
  methods: ['GET', 'POST'],
  allowedHeaders: ['Content-Type', 'MCP-Protocol-Version'],
  maxAge: 600,
  strictPreflight: false,
};

/**
 * Request ids: a random prefix per process and a counter, unique across processes and restarts
 * without a system call per request.
 */
function requestIds(): () => string {
  const prefix = `req_${randomBytes(6).toString('hex')}`;
  let counter = 0;
  return () => `${prefix}${(counter++).toString(36).padStart(6, '0')}`;
}

/** How long an email outbox row is kept after it ended (sent, failed or skipped). */
const EMAIL_LOG_RETENTION_MS = 30 * 86_400_000;

const contextPlugin = fp(
  async (app: FastifyInstance, { storage, options, ownsDb }: { storage: Storage; options: ServerOptions; ownsDb: boolean }) => {
    // Each cache listens on the change bus for what makes its entries stale (db/changes.ts).
    const context: InlayContext = {
      storage,
      options,
      keys: new KeyCache(storage, options.keyCacheTtlMs),
      signingSecrets: new SigningSecretCache(storage.changes),
      published: new PublishedCache(storage),
      usage: new UsageRecorder(storage, options.usageFlushIntervalMs),
    };
    app.decorate('inlay', context);
    const prune = async () => {
      await pruneIdempotencyKeys(storage, new Date());
      await pruneUploadedRows(storage, new Date());
      await pruneOAuthClients(storage, new Date(), options.oauth);
      await pruneWebhookLog(storage, new Date(), options.webhooks.logRetentionMs);
      await pruneDashboardSessions(storage, new Date());
      await pruneEmailOutbox(storage, { endedBefore: new Date(Date.now() - EMAIL_LOG_RETENTION_MS), queuedBefore: new Date(Date.now() - EMAIL_MAX_AGE_MS) });
    };
    await prune();
    const pruneTimer = setInterval(() => void prune().catch(() => undefined), 3_600_000);
    pruneTimer.unref();
    storage.changes.onSendError((error) => app.log.error({ err: error }, 'could not announce a change to the other instances'));
    // What other instances, or the operator CLI, change reaches every cache here (docs/self-hosting.md).
    const watcher = storage.watchOtherProcesses({
      pollMs: options.externalChangePollMs,
      onError: (error) => app.log.warn({ err: error }, 'change listener disconnected: caches are cleared until it reconnects'),
    });
    // Webhook delivery runs in the server process, from the outbox (docs/webhooks.md).
    const webhookSender = new WebhookSender(storage, options.webhooks, app.log);
    const emailSender = openEmailSender(storage, options, app.log);
    app.addHook('onReady', async () => {
      webhookSender.start();
      emailSender?.start();
    });
    app.addHook('onClose', async () => {
      webhookSender.stop();
      await emailSender?.stop();
      clearInterval(pruneTimer);
      await watcher.stop();
      context.keys.close();
      context.signingSecrets.close();
      context.published.close();
      await context.usage.close();
      await storage.changes.settled();
      if (ownsDb) await storage.close();
    });
  },
  { name: 'inlay-context' },
);

/** What the request log keeps of a request: Fastify's own fields, with the URL's secrets taken out. */
function requestForLog(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactRequestUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
