import { createHash, randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { openSession, readSession } from '../repositories/dashboard/sessions.js';
import { authenticate, listMemberships } from '../repositories/platform/accounts.js';
import { consumeCode, createCode, findClient, findToken, issueTokens, registerClient, revokeFamily, revokeToken } from '../repositories/platform/oauth.js';
import type { OAuthOptions } from '../options.js';
import { consentPage, errorPage, loginPage, OAUTH_STYLES } from './pages.js';
import { oauthThrottles } from './throttles.js';
import { unstorableIn } from '../plugins/storable-text.js';
import { registerThrottles } from '../plugins/rate-counts/throttle-store.js';

const SESSION_COOKIE = 'inlay_session';
const LOGIN_CSRF_COOKIE = 'inlay_login_csrf';
const SCOPE = 'mcp';

/** The server's public origin: `publicUrl` when the operator set it, else the request's own. */
export function originOf(request: FastifyRequest): string {
  return request.server.inlay.options.publicUrl ?? `${request.protocol}://${request.host}`;
}

/** The MCP resources this server protects: one per served service. */
export function mcpResource(origin: string, service: string): string {
  return `${origin}/${service}/mcp`;
}

function oauthError(reply: FastifyReply, status: number, error: string, description: string): FastifyReply {
  return reply.code(status).header('Cache-Control', 'no-store').send({ error, error_description: description });
}

function stringField(body: unknown, name: string): string | undefined {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * The server as its own OAuth 2.1 authorization server for MCP (docs/mcp.md): RFC 9728
 * protected-resource metadata, RFC 8414 server metadata, RFC 7591 dynamic registration, the
 * authorization-code flow with PKCE S256 only, short-lived access tokens bound to one MCP
 * resource and a workspace, rotating refresh tokens (reuse revokes the whole grant), and RFC
 * 7009 revocation. Sign-in and consent use dashboard accounts (`inlay admin create`). OAuth
 * endpoints answer in OAuth's own error format, not Inlay's, 429s included (`rate_limited`, with
 * `Retry-After`); the HTML pages answer with pages. Abuse limits: docs/security.md#oauth.
 */
export async function oauthRoutes(app: FastifyInstance, options: { services: readonly string[] }): Promise<void> {
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  // Only the limits made with `createRateLimit` below: no route gets the plugin's own hook.
  await registerThrottles(app);
  // U+0000 and lone surrogates cannot be stored as sent (plugins/storable-text.ts): refused here in
  // OAuth's format, or as a page on the pages a browser shows.
  app.addHook('preValidation', async (request, reply) => {
    const found = unstorableIn(request);
    if (found === undefined) return;
    const message = `${found.path.join('.') || 'The request'}: ${found.problem}`;
    const page = request.url.startsWith('/oauth/authorize') || request.url.startsWith('/oauth/login');
    return page ? reply.code(400).type('text/html').send(errorPage(message)) : oauthError(reply, 400, 'invalid_request', message);
  });
  const { storage } = app.inlay;
  const limits: OAuthOptions = app.inlay.options.oauth;
  /** The sign-in of this consent flow: a session of the dashboard's kind, in a cookie of its own. */
  const sessionOf = (request: FastifyRequest) => {
    const token = request.cookies[SESSION_COOKIE];
    return token ? readSession(storage, token) : Promise.resolve(undefined);
  };
  const throttles = oauthThrottles(app, limits);
  const secure = (request: FastifyRequest) => request.protocol === 'https';

  app.get('/.well-known/oauth-protected-resource/:service/mcp', async (request, reply) => {
    const { service } = request.params as { service: string };
    if (!options.services.includes(service)) return oauthError(reply, 404, 'not_found', `This server has no MCP endpoint for "${service}".`);
    const origin = originOf(request);
    return {
      resource: mcpResource(origin, service),
      authorization_servers: [origin],
      scopes_supported: [SCOPE],
      bearer_methods_supported: ['header'],
      resource_name: `Inlay ${service} MCP`,
    };
  });

  app.get('/.well-known/oauth-authorization-server', async (request) => {
    const origin = originOf(request);
    return {
      issuer: origin,
      authorization_endpoint: `${origin}/oauth/authorize`,
      token_endpoint: `${origin}/oauth/token`,
      registration_endpoint: `${origin}/oauth/register`,
      revocation_endpoint: `${origin}/oauth/revoke`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      revocation_endpoint_auth_methods_supported: ['none'],
      scopes_supported: [SCOPE],
    };
  });

  app.get('/oauth/style.css', async (_request, reply) => reply.type('text/css').send(OAUTH_STYLES));

  app.post('/oauth/register', { bodyLimit: limits.registrationBodyBytes }, async (request, reply) => {
    const retryAfter = await throttles.registration(request);
    if (retryAfter !== undefined) {
      reply.header('Retry-After', String(retryAfter));
      return oauthError(reply, 429, 'rate_limited', `Too many registrations from this address: at most ${limits.registrationsPerAddressPerHour} an hour. Retry after ${retryAfter} s.`);
    }
    const body = request.body as Record<string, unknown> | undefined;
    const uris = body?.redirect_uris;
    if (!Array.isArray(uris) || uris.length === 0 || uris.length > limits.redirectUrisPerClient || !uris.every((uri) => isRedirectUri(uri, limits.redirectUriMaxLength))) {
      return oauthError(
        reply,
        400,
        'invalid_redirect_uri',
        `redirect_uris must list 1–${limits.redirectUrisPerClient} URLs of at most ${limits.redirectUriMaxLength} characters, without a fragment: https, or http on a loopback address (127.0.0.1, [::1], localhost).`,
      );
    }
    const method = stringField(body, 'token_endpoint_auth_method') ?? 'none';
    if (method !== 'none') return oauthError(reply, 400, 'invalid_client_metadata', 'Only public clients (token_endpoint_auth_method "none") with PKCE are supported.');
    const name = body?.client_name ?? 'MCP client';
    if (typeof name !== 'string' || name.length === 0 || name.length > limits.clientNameMaxLength) {
      return oauthError(reply, 400, 'invalid_client_metadata', `client_name must be text of 1–${limits.clientNameMaxLength} characters.`);
    }
    const client = await registerClient(storage, { name, redirectUris: [...new Set(uris as string[])] });
    return reply.code(201).header('Cache-Control', 'no-store').send({
      client_id: client.id,
      client_id_issued_at: client.issuedAt,
      client_name: client.name,
      redirect_uris: client.redirectUris,
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    });
  });

  /** Checks an authorization request; answers what to show or where to send the browser. */
  async function checkAuthorization(request: FastifyRequest, params: Record<string, string | undefined>) {
    const client = params.client_id === undefined ? undefined : await findClient(storage, params.client_id);
    if (!client) return { fatal: 'Unknown client_id: the MCP client must register first.' } as const;
    const redirectUri = params.redirect_uri;
    if (redirectUri === undefined || !client.redirectUris.includes(redirectUri)) {
      return { fatal: 'redirect_uri does not match a URI the client registered.' } as const;
    }
    const fail = (error: string, description: string) => {
      const url = new URL(redirectUri);
      url.searchParams.set('error', error);
      url.searchParams.set('error_description', description);
      if (params.state !== undefined) url.searchParams.set('state', params.state);
      return { redirect: url.toString() } as const;
    };
    if (params.response_type !== 'code') return fail('unsupported_response_type', 'response_type must be code.');
    if (params.code_challenge_method !== 'S256' || !params.code_challenge || !/^[A-Za-z0-9_-]{43}$/.test(params.code_challenge)) {
      return fail('invalid_request', 'PKCE is required: code_challenge with code_challenge_method S256.');
    }
    const origin = originOf(request);
    const resources = options.services.map((service) => mcpResource(origin, service));
    const resource = params.resource ?? (resources.length === 1 ? resources[0] : undefined);
    if (resource === undefined || !resources.includes(resource)) {
      return fail('invalid_target', `resource must be one of: ${resources.join(', ')}.`);
    }
    if (params.scope !== undefined && params.scope.split(' ').some((scope) => scope !== SCOPE)) {
      return fail('invalid_scope', `The only scope is "${SCOPE}".`);
    }
    return { client, redirectUri, resource, codeChallenge: params.code_challenge, state: params.state } as const;
  }

  app.get('/oauth/authorize', async (request, reply) => {
    const params = singleValues(request.query);
    if (!params) return reply.code(400).type('text/html').send(errorPage('Each parameter must appear once; start again from your MCP client.'));
    const checked = await checkAuthorization(request, params);
    if ('fatal' in checked) return reply.code(400).type('text/html').send(errorPage(checked.fatal as string));
    if ('redirect' in checked) return reply.redirect(checked.redirect as string);
    const session = await sessionOf(request);
    if (!session) {
      const csrf = randomBytes(18).toString('base64url');
      reply.setCookie(LOGIN_CSRF_COOKIE, csrf, { path: '/oauth', httpOnly: true, sameSite: 'strict', secure: secure(request) });
      return reply.type('text/html').send(loginPage({ returnTo: request.url, csrf }));
    }
    const { workspaces } = session;
    const fields: Record<string, string> = {
      client_id: checked.client.id,
      redirect_uri: checked.redirectUri,
      response_type: 'code',
      code_challenge: checked.codeChallenge,
      code_challenge_method: 'S256',
      resource: checked.resource,
      csrf: session.csrfToken,
      ...(checked.state !== undefined ? { state: checked.state } : {}),
    };
    return reply
      .type('text/html')
      // The form posts here and the answer redirects to the client's redirect URI; browsers apply
      // `form-action` to that redirect too, so its origin must be allowed (docs/security.md#oauth).
      .header('Content-Security-Policy', `default-src 'none'; style-src 'self'; form-action 'self' ${new URL(checked.redirectUri).origin}; frame-ancestors 'none'`)
      .send(consentPage({ clientName: checked.client.name, email: session.account.email, workspaces, resource: checked.resource, fields }));
  });

  app.post('/oauth/login', async (request, reply) => {
    const body = request.body as Record<string, unknown>;
    const returnTo = stringField(body, 'return_to') ?? '';
    if (!returnTo.startsWith('/oauth/authorize?')) return reply.code(400).type('text/html').send(errorPage('Start again from your MCP client.'));
    const csrf = stringField(body, 'csrf');
    if (csrf === undefined || csrf !== request.cookies[LOGIN_CSRF_COOKIE]) {
      return reply.code(403).type('text/html').send(errorPage('The sign-in form expired; start again from your MCP client.'));
    }
    const retryAfter = await throttles.signIn(request);
    if (retryAfter !== undefined) {
      // The same page whether the email has an account or not, and whichever limit was reached.
      const minutes = Math.ceil(retryAfter / 60);
      return reply
        .code(429)
        .header('Retry-After', String(retryAfter))
        .type('text/html')
        .send(loginPage({ returnTo, csrf, error: `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.` }));
    }
    const account = await authenticate(storage, stringField(body, 'email') ?? '', stringField(body, 'password') ?? '');
    if (!account) {
      return reply.code(401).type('text/html').send(loginPage({ returnTo, csrf, error: 'Wrong email or password.' }));
    }
    const [first] = await listMemberships(storage, account.id);
    if (first === undefined) return reply.code(403).type('text/html').send(errorPage('Your account belongs to no workspace; ask an owner to invite you.'));
    const ttlMs = app.inlay.options.dashboardAuth.sessionTtlMs;
    const { token } = await openSession(storage, account.id, first.id, ttlMs);
    reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'strict', secure: secure(request), maxAge: Math.floor(ttlMs / 1000) });
    return reply.redirect(returnTo, 303);
  });

  app.post('/oauth/authorize', async (request, reply) => {
    const params = singleValues(request.body);
    if (!params) return reply.code(400).type('text/html').send(errorPage('Each field must appear once; start again from your MCP client.'));
    const session = await sessionOf(request);
    if (!session || params.csrf !== session.csrfToken) {
      return reply.code(403).type('text/html').send(errorPage('Your session expired or the form was not ours; start again from your MCP client.'));
    }
    const checked = await checkAuthorization(request, params);
    if ('fatal' in checked) return reply.code(400).type('text/html').send(errorPage(checked.fatal as string));
    if ('redirect' in checked) return reply.redirect(checked.redirect as string, 303);
    const url = new URL(checked.redirectUri);
    if (params.state !== undefined) url.searchParams.set('state', params.state);
    if (params.decision !== 'allow') {
      url.searchParams.set('error', 'access_denied');
      return reply.redirect(url.toString(), 303);
    }
    // The grant is for the workspace the person chose, and only one they belong to now.
    const memberships = session.workspaces;
    const workspaceId = params.workspace ?? (memberships.length === 1 ? memberships[0]?.id : undefined);
    if (!memberships.some((workspace) => workspace.id === workspaceId)) {
      return reply.code(403).type('text/html').send(errorPage('Choose one of your workspaces; start again from your MCP client.'));
    }
    const code = await createCode(storage, {
      clientId: checked.client.id,
      accountId: session.account.id,
      workspaceId: workspaceId as string,
      redirectUri: checked.redirectUri,
      codeChallenge: checked.codeChallenge,
      resource: checked.resource,
      scope: SCOPE,
    });
    url.searchParams.set('code', code);
    return reply.redirect(url.toString(), 303);
  });

  app.post('/oauth/token', async (request, reply) => {
    const body = request.body;
    const grantType = stringField(body, 'grant_type');
    const clientId = stringField(body, 'client_id');
    const client = clientId === undefined ? undefined : await findClient(storage, clientId);
    if (!client) return oauthError(reply, 401, 'invalid_client', 'Unknown client_id.');
    const tokenResponse = (tokens: { accessToken: string; refreshToken: string; expiresIn: number }) =>
      reply.header('Cache-Control', 'no-store').send({
        access_token: tokens.accessToken,
        token_type: 'Bearer',
        expires_in: tokens.expiresIn,
        refresh_token: tokens.refreshToken,
        scope: SCOPE,
      });

    if (grantType === 'authorization_code') {
      const code = stringField(body, 'code');
      const verifier = stringField(body, 'code_verifier');
      if (code === undefined || verifier === undefined) return oauthError(reply, 400, 'invalid_request', 'code and code_verifier are required.');
      const grant = await consumeCode(storage, code);
      if (!grant || grant.clientId !== client.id) return oauthError(reply, 400, 'invalid_grant', 'The code is unknown, used or expired.');
      if (stringField(body, 'redirect_uri') !== grant.redirectUri) return oauthError(reply, 400, 'invalid_grant', 'redirect_uri differs from the authorization request.');
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (challenge !== grant.codeChallenge) return oauthError(reply, 400, 'invalid_grant', 'code_verifier does not match the code_challenge.');
      const resource = stringField(body, 'resource');
      if (resource !== undefined && resource !== grant.resource) return oauthError(reply, 400, 'invalid_target', 'resource differs from the authorization request.');
      return tokenResponse(await issueTokens(storage, grant));
    }

    if (grantType === 'refresh_token') {
      const refreshToken = stringField(body, 'refresh_token');
      const stored = refreshToken === undefined ? undefined : await findToken(storage, refreshToken);
      if (!refreshToken || !stored || stored.kind !== 'refresh' || stored.clientId !== client.id) {
        return oauthError(reply, 400, 'invalid_grant', 'Unknown refresh token.');
      }
      if (stored.revoked) {
        // A rotated refresh token used again: someone else may hold it. End the whole grant.
        await revokeFamily(storage, stored.family);
        return oauthError(reply, 400, 'invalid_grant', 'The refresh token was already used; the grant is revoked.');
      }
      if (stored.expired) return oauthError(reply, 400, 'invalid_grant', 'The refresh token has expired.');
      await revokeToken(storage, refreshToken);
      return tokenResponse(await issueTokens(storage, stored, stored.family));
    }

    return oauthError(reply, 400, 'unsupported_grant_type', 'grant_type must be authorization_code or refresh_token.');
  });

  app.post('/oauth/revoke', async (request, reply) => {
    // Clients are public (no secret), so a client authenticates by its client_id; the token must be
    // its own. A token of another client is left alone and answered like an unknown one (RFC 7009
    // §2.2): an error would tell the caller the token is live elsewhere.
    const clientId = stringField(request.body, 'client_id');
    const client = clientId === undefined ? undefined : await findClient(storage, clientId);
    if (!client) return oauthError(reply, 401, 'invalid_client', 'client_id is required and must name a registered client.');
    const token = stringField(request.body, 'token');
    if (token === undefined) return oauthError(reply, 400, 'invalid_request', 'token is required.');
    const stored = await findToken(storage, token);
    if (stored?.clientId === client.id) {
      if (stored.kind === 'refresh') await revokeFamily(storage, stored.family);
      else await revokeToken(storage, token);
    }
    return reply.code(200).header('Cache-Control', 'no-store').send();
  });
}

/** Query or form fields as single strings; undefined when a field repeats or is not text. */
function singleValues(input: unknown): Record<string, string | undefined> | undefined {
  const out: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries((input ?? {}) as Record<string, unknown>)) {
    if (typeof value !== 'string') return undefined;
    out[name] = value;
  }
  return out;
}

/**
 * RFC 8252 §7.3/§8.3: https anywhere, plain http only on a loopback address. No fragment (RFC 6749
 * §3.1.2, even an empty one) and no user info, which has no place in a redirect.
 */
function isRedirectUri(value: unknown, maxLength: number): boolean {
  if (typeof value !== 'string' || value.length > maxLength || value.includes('#')) return false;
  try {
    const url = new URL(value);
    if (url.username !== '' || url.password !== '') return false;
    if (url.protocol === 'https:') return true;
    return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  } catch {
    return false;
  }
}
