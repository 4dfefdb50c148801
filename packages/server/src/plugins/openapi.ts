import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { ERROR_CODES, ERROR_TYPES, ErrorBodySchema, NoBodySchema, NoQuerySchema, SERVICES, type ErrorType, type ServiceName } from '@inlay/core';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';

const TITLES: Record<ServiceName, string> = {
  onboarding: 'Inlay onboarding flows',
  feedback: 'Inlay feedback boards',
  importer: 'Inlay data importer',
};

const SCHEMA_REF = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const HEADER_REF = (name: string) => ({ $ref: `#/components/headers/${name}` });
const PARAMETER_REF = (name: string) => ({ $ref: `#/components/parameters/${name}` });

/** The routes that read `Inlay-Author-Token` (docs/concepts.md#author-tokens): the end-user routes of onboarding and feedback. */
const AUTHOR_TOKEN_PATHS = ['/api/v1/progress/', '/api/v1/outcomes', '/api/v1/posts', '/api/v1/comments'];

const TAG_DESCRIPTIONS: Record<string, string> = {
  'Published config': 'The published config of a resource, for widgets (publishable key). Cacheable: ETag and If-None-Match.',
  Usage: 'Usage counts of the workspace and mode of the key (secret key).',
  'Author tokens': 'Short-lived tokens that name one end user to the widget routes (secret key).',
  Progress: "An end user's progress through a flow (publishable key).",
  Posts: 'Posts, votes and comments on a board (publishable key); a post’s voters (secret key).',
  'Import sessions': 'Import sessions of an importer (publishable key).',
  'Import rows': "A completed session's uploaded rows, read and acknowledged by the customer's backend (secret key).",
  MCP: 'The Model Context Protocol endpoint (Streamable HTTP, stateless).',
};

/** What the document says of one operation; derived from the route's method, URL and config. */
interface RouteFacts {
  method: string;
  path: string;
  auth: 'publishable' | 'secret' | undefined;
}

interface OperationNames {
  operationId: string;
  summary: string;
  tag: string;
}

function pascal(word: string): string {
  return word
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

/**
 * operationId, summary and tag of a route. The known routes get names a generated client reads
 * well (`createFlow`, `votePost`); any other route still gets a unique one from its method and
 * path, so a route added later is never undocumented.
 */
function namesOf(service: ServiceName, method: string, path: string): OperationNames {
  const { kind, plural } = SERVICES[service];
  const Kind = pascal(kind);
  const collection = `/api/v1/${plural}`;
  const named: Record<string, OperationNames> = {
    [`GET ${collection}`]: { operationId: `list${pascal(plural)}`, summary: `List ${plural}`, tag: pascal(plural) },
    [`POST ${collection}`]: { operationId: `create${Kind}`, summary: `Create a ${kind}`, tag: pascal(plural) },
    [`GET ${collection}/{id}`]: { operationId: `retrieve${Kind}`, summary: `Retrieve a ${kind} (draft and published)`, tag: pascal(plural) },
    [`PATCH ${collection}/{id}`]: { operationId: `save${Kind}Draft`, summary: `Save a ${kind}'s draft`, tag: pascal(plural) },
    [`POST ${collection}/{id}`]: { operationId: `publish${Kind}`, summary: `Publish a ${kind}'s draft`, tag: pascal(plural) },
    'GET /api/v1/config/{id}': { operationId: `getPublished${Kind}Config`, summary: `Fetch a published ${kind} config`, tag: 'Published config' },
    'GET /api/v1/usage': { operationId: 'getUsage', summary: 'Usage counts', tag: 'Usage' },
    'POST /api/v1/author-tokens': { operationId: 'createAuthorToken', summary: 'Mint an author token', tag: 'Author tokens' },
    'GET /api/v1/progress/{flowId}': { operationId: 'getProgress', summary: "Read a user's progress", tag: 'Progress' },
    'POST /api/v1/progress/{flowId}/items/{itemId}/complete': { operationId: 'completeItem', summary: 'Complete an item', tag: 'Progress' },
    'POST /api/v1/progress/{flowId}/items/{itemId}/skip': { operationId: 'skipItem', summary: 'Skip an item', tag: 'Progress' },
    'POST /api/v1/progress/{flowId}/dismiss': { operationId: 'dismissFlow', summary: 'Dismiss the flow', tag: 'Progress' },
    'POST /api/v1/progress/{flowId}/snooze': { operationId: 'snoozeFlow', summary: 'Snooze the flow', tag: 'Progress' },
    'POST /api/v1/progress/{flowId}/resume': { operationId: 'resumeFlow', summary: 'Resume a dismissed or snoozed flow', tag: 'Progress' },
    'POST /api/v1/progress/{flowId}/reset': { operationId: 'resetProgress', summary: "Reset a user's progress", tag: 'Progress' },
    'POST /api/v1/outcomes': { operationId: 'recordOutcome', summary: 'Report an event for a user', tag: 'Progress' },
    'GET /api/v1/posts': { operationId: 'listPosts', summary: "List or search a board's posts", tag: 'Posts' },
    'POST /api/v1/posts': { operationId: 'createPost', summary: 'Create a post', tag: 'Posts' },
    'POST /api/v1/posts/{id}': { operationId: 'votePost', summary: 'Vote for a post, or take the vote back', tag: 'Posts' },
    'POST /api/v1/sessions': { operationId: 'createSession', summary: 'Open an import session', tag: 'Import sessions' },
    'POST /api/v1/sessions/{id}/rows': { operationId: 'uploadSessionRows', summary: 'Upload a chunk of rows', tag: 'Import sessions' },
    'POST /api/v1/sessions/{id}/complete': { operationId: 'completeSession', summary: 'Complete an import session', tag: 'Import sessions' },
    'GET /api/v1/sessions/{id}/chunks': { operationId: 'getSessionUploadStatus', summary: 'List the chunks an upload has stored', tag: 'Import sessions' },
    'GET /api/v1/sessions/{id}/rows': { operationId: 'listSessionRows', summary: "Read a completed session's rows", tag: 'Import rows' },
    'POST /api/v1/sessions/{id}/acknowledge': { operationId: 'acknowledgeSessionRows', summary: "Acknowledge a session's rows, deleting them", tag: 'Import rows' },
    'POST /mcp': { operationId: 'mcp', summary: 'Send an MCP JSON-RPC message', tag: 'MCP' },
  };
  const known = named[`${method} ${path}`];
  if (known) return known;
  const segments = path.replace(/^\/api\/v1\//, '/').split('/').filter(Boolean);
  const words = segments.map((segment) => (segment.startsWith('{') ? `By${pascal(segment.slice(1, -1))}` : pascal(segment)));
  return { operationId: `${method.toLowerCase()}${words.join('')}`, summary: `${method} ${path}`, tag: pascal(segments[0] ?? 'Other') };
}

/** The error codes of one type, for the description of its status. */
function codesOf(type: ErrorType): string {
  return Object.entries(ERROR_CODES)
    .filter(([, info]) => info.type === type)
    .map(([code]) => `\`${code}\``)
    .join(', ');
}

const STATUS_OF_TYPE = Object.entries(ERROR_TYPES) as [ErrorType, number][];

/** The statuses an operation's errors may have, from what the route's hooks and handler check. */
function errorStatusesOf(facts: RouteFacts): number[] {
  const { method, path, auth } = facts;
  const writes = method === 'POST' || method === 'PATCH';
  const statuses = new Set<number>([400, 500]);
  if (auth !== undefined) {
    statuses.add(401).add(403).add(429);
    // Plans gate live keys on the publishable routes only (docs/api.md, Modes and plans).
    if (auth === 'publishable') statuses.add(402);
    // An id in the path or the body names something that may not exist.
    if (path.includes('{') || auth === 'publishable' || writes) statuses.add(404);
    if (writes) statuses.add(409).add(413);
  }
  // Any 5xx type the server gains (e.g. 503) is on every operation.
  for (const [, status] of STATUS_OF_TYPE) if (status >= 500) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

function errorResponse(status: number, extraHeaders: Record<string, unknown> = {}): Record<string, unknown> {
  const types = STATUS_OF_TYPE.filter(([, s]) => s === status).map(([type]) => type);
  const description = types.length > 0 ? `${types.join(', ')}: ${types.map(codesOf).join(', ')}` : 'Error';
  const headers: Record<string, unknown> = { 'Request-Id': HEADER_REF('RequestId'), ...extraHeaders };
  if (status === 429 || status === 503) headers['Retry-After'] = HEADER_REF('RetryAfter');
  return { description, headers, content: { 'application/json': { schema: SCHEMA_REF('Error') } } };
}

function jsonRpcResponse(description: string): Record<string, unknown> {
  return {
    description,
    headers: { 'Request-Id': HEADER_REF('RequestId') },
    content: { 'application/json': { schema: SCHEMA_REF('JsonRpcError') } },
  };
}

type Operation = Record<string, unknown> & { responses?: Record<string, Record<string, unknown>>; parameters?: unknown[] };

/**
 * The MCP endpoint answers JSON-RPC from the MCP SDK for protocol errors and the error shape for
 * the rest. Only POST is documented: GET and DELETE always answer 405, and a generated client
 * should not offer them.
 */
function describeMcp(operation: Operation): void {
  operation.description =
    'Streamable HTTP, stateless (docs/onboarding.md#mcp). Send `Accept: application/json, text/event-stream`; the answer is JSON. Takes an OAuth access token for this MCP resource, or a test secret key (live keys are refused). GET and DELETE on this path answer 405 with `Allow: POST`: there is no server-initiated stream and no session to end.';
  operation.security = [{ mcpAccessToken: [] }, { secretKey: [] }];
  operation.requestBody = {
    required: true,
    content: { 'application/json': { schema: { type: 'object', description: 'A JSON-RPC 2.0 request or notification.' } } },
  };
  const wwwAuthenticate = { 'WWW-Authenticate': { description: 'Points MCP clients at the protected-resource metadata to start OAuth.', schema: { type: 'string' } } };
  operation.responses = {
    '200': {
      description: 'The JSON-RPC response.',
      headers: { 'Request-Id': HEADER_REF('RequestId') },
      content: { 'application/json': { schema: { type: 'object', description: 'A JSON-RPC 2.0 response.' } } },
    },
    '202': { description: 'A notification or response was accepted; no body.', headers: { 'Request-Id': HEADER_REF('RequestId') } },
    '400': {
      ...errorResponse(400),
      description: 'The body is not JSON (error shape) or not a JSON-RPC message (JSON-RPC error).',
      content: { 'application/json': { schema: { oneOf: [SCHEMA_REF('Error'), SCHEMA_REF('JsonRpcError')] } } },
    },
    '401': errorResponse(401, wwwAuthenticate),
    '403': errorResponse(403),
    '406': jsonRpcResponse('`Accept` does not list both application/json and text/event-stream.'),
    '429': errorResponse(429),
    '500': errorResponse(500),
  };
}

/** Parameters, responses, headers, security and names of one operation, added to what swagger made of its schemas. */
function completeOperation(service: ServiceName, facts: RouteFacts, operation: Operation): string {
  const { method, path, auth } = facts;
  const names = namesOf(service, method, path);
  operation.operationId ??= names.operationId;
  operation.summary ??= names.summary;
  operation.tags ??= [names.tag];
  if (path === '/mcp') {
    describeMcp(operation);
    return names.tag;
  }
  operation.security = auth === undefined ? [] : [{ [auth === 'publishable' ? 'publishableKey' : 'secretKey']: [] }];

  const parameters = [...(operation.parameters ?? [])];
  const notes: string[] = [];
  const readsAuthorToken = auth === 'publishable' && AUTHOR_TOKEN_PATHS.some((prefix) => path.startsWith(prefix));
  if (readsAuthorToken) {
    parameters.push(PARAMETER_REF('AuthorToken'));
    notes.push(
      'Identity: with an `Inlay-Author-Token` header the token names the end user, and `userId` / `author` may be left out (if sent, they must match it). Without one they are required, and live writes by identified users are refused (`author_token_required`).',
    );
  }
  const idempotent = auth === 'secret' && (method === 'POST' || method === 'PATCH');
  if (idempotent) {
    parameters.push(PARAMETER_REF('IdempotencyKey'));
    notes.push('Retries with the same `Idempotency-Key` and body within 24 hours replay the first response, with `Idempotent-Replayed: true`.');
  }
  const isConfig = method === 'GET' && path === '/api/v1/config/{id}';
  if (isConfig) parameters.push(PARAMETER_REF('IfNoneMatch'));
  if (parameters.length > 0) operation.parameters = parameters;
  if (notes.length > 0) operation.description = [operation.description, ...notes].filter(Boolean).join('\n\n');

  const responses: Record<string, Record<string, unknown>> = { ...(operation.responses ?? {}) };
  for (const [status, response] of Object.entries(responses)) {
    const headers: Record<string, unknown> = { 'Request-Id': HEADER_REF('RequestId'), ...(response.headers as Record<string, unknown> | undefined) };
    if (status.startsWith('2') && idempotent) headers['Idempotent-Replayed'] = HEADER_REF('IdempotentReplayed');
    if (isConfig && (status === '200' || status === '304')) {
      headers.ETag = HEADER_REF('ETag');
      headers['Cache-Control'] = HEADER_REF('CacheControl');
    }
    if (response.description === 'Default Response') response.description = status === '304' ? 'Not modified: the ETag still matches.' : 'Success';
    responses[status] = { ...response, headers };
  }
  for (const status of errorStatusesOf(facts)) responses[String(status)] = errorResponse(status);
  operation.responses = responses;
  return names.tag;
}

/** Shared parameters and headers only some services use (the importer reads no author token). */
function dropUnusedComponents(document: { components?: Record<string, Record<string, unknown>> }, sections: string[]): void {
  const text = JSON.stringify(document);
  for (const section of sections) {
    const entries = document.components?.[section];
    if (!entries || !document.components) continue;
    document.components[section] = Object.fromEntries(Object.entries(entries).filter(([name]) => text.includes(`"#/components/${section}/${name}"`)));
  }
}

function toJsonSchema(schema: unknown, io: 'input' | 'output'): unknown {
  if (!(schema instanceof z.ZodType)) return schema;
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;
  delete json.$schema;
  dropForbiddenProperties(json);
  return json;
}

/**
 * A property declared `{not: {}}` (a zod `never`, as on the importer's non-enum fields) must be
 * absent. Generators read that as `unknown`; left out of a closed object it is refused as it
 * should be, and the generated type has no such key.
 */
function dropForbiddenProperties(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) dropForbiddenProperties(item);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const object = node as Record<string, unknown>;
  const properties = object.properties as Record<string, unknown> | undefined;
  if (properties && typeof properties === 'object' && object.additionalProperties === false) {
    object.properties = Object.fromEntries(Object.entries(properties).filter(([, value]) => JSON.stringify(value) !== '{"not":{}}'));
  }
  for (const value of Object.values(object)) dropForbiddenProperties(value);
}

function openApiPath(url: string): string {
  return url.replace(/:(\w+)/g, '{$1}');
}

/**
 * An OpenAPI 3.1 document per service, generated from the zod schemas of `@inlay/core` that the
 * routes validate with (not written by hand), served at `{base_url}/api/v1/openapi.json`. What
 * every route shares — names, tags, security, the headers the platform plugins read and set, and
 * the error responses — is derived here from each route's method, URL and `config.auth`, so route
 * files carry only their schemas (docs/api.md).
 */
export async function registerOpenApi(app: FastifyInstance, service: ServiceName): Promise<void> {
  const errorSchema = toJsonSchema(ErrorBodySchema, 'output') as { properties: { error: { properties: Record<string, unknown> } } };
  // The code is an open list (docs/errors.md): the known codes, or any string a newer server sends.
  errorSchema.properties.error.properties.code = {
    anyOf: [SCHEMA_REF('ErrorCode'), { type: 'string' }],
    description: 'A stable, machine-readable code; see docs/errors.md. New codes may be added.',
  };
  const facts = new Map<string, RouteFacts>();
  const prefix = `/${service}`;

  // The 3.1 document uses JSON Schema 2020-12 keywords (`const`, type arrays) and `license.identifier`,
  // which the plugin's OpenAPI 3.0 typings do not know.
  const openapi = {
    openapi: '3.1.0',
    info: {
      title: TITLES[service],
      version: '1.0.0',
      license: { name: 'MIT', identifier: 'MIT' },
      description:
        'Every success body is {"data": …}; every error body is {"error": {type, code, message, param?, requestId}} (`components.schemas.Error`). Every response carries `Request-Id`. See docs/api.md.',
    },
    servers: [{ url: prefix, description: 'This service on the server you are reading this from' }],
    components: {
      securitySchemes: {
        publishableKey: { type: 'http', scheme: 'bearer', description: 'svc_test_pub_… or svc_live_pub_…: browser routes.' },
        secretKey: { type: 'http', scheme: 'bearer', description: 'svc_test_sec_… or svc_live_sec_…: management routes; never in a browser.' },
        mcpAccessToken: { type: 'http', scheme: 'bearer', description: 'An OAuth access token issued for this MCP endpoint (see WWW-Authenticate on a 401).' },
      },
      schemas: {
        Error: errorSchema,
        ErrorCode: { type: 'string', enum: Object.keys(ERROR_CODES), description: 'The error codes this server knows (docs/errors.md).' },
        JsonRpcError: {
          type: 'object',
          description: 'A JSON-RPC 2.0 error, as the MCP transport answers protocol errors.',
          properties: {
            jsonrpc: { type: 'string', const: '2.0' },
            error: { type: 'object', properties: { code: { type: 'integer' }, message: { type: 'string' } }, required: ['code', 'message'] },
            id: { type: ['string', 'integer', 'null'] },
          },
          required: ['jsonrpc', 'error', 'id'],
        },
      },
      headers: {
        RequestId: { description: 'The id of this request; quote it when asking for help. Equals `error.requestId` on errors.', schema: { type: 'string' } },
        RetryAfter: { description: 'Seconds to wait before retrying.', schema: { type: 'string', pattern: '^[0-9]+$' } },
        ETag: { description: 'The published revision of the config; send it back as If-None-Match.', schema: { type: 'string' } },
        CacheControl: { description: 'How long browsers and CDNs may reuse the config (the `configCacheControl` option).', schema: { type: 'string' } },
        IdempotentReplayed: { description: '`true` when this response replays an earlier one with the same Idempotency-Key.', schema: { type: 'string', const: 'true' } },
      },
      parameters: {
        AuthorToken: {
          name: 'Inlay-Author-Token',
          in: 'header',
          required: false,
          description:
            'An author token minted with POST /api/v1/author-tokens (secret key, on your server). It names the end user; without it the body or query must name them (`userId` or `author`), and live writes by identified users are refused.',
          schema: { type: 'string' },
        },
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description: 'A unique key per logical request (1–255 characters). The same key and body within 24 hours replays the first response; the same key with another request is 409.',
          schema: { type: 'string', minLength: 1, maxLength: 255 },
        },
        IfNoneMatch: {
          name: 'If-None-Match',
          in: 'header',
          required: false,
          description: 'The ETag of a config you have; 304 with no body while it is still the published one.',
          schema: { type: 'string' },
        },
      },
    },
  } as unknown as FastifyDynamicSwaggerOptions['openapi'];
  await app.register(swagger, {
    openapi,
    transform: ({ schema, url, route }) => {
      const { params, body, querystring, headers, response, ...rest } = (schema ?? {}) as Record<string, unknown>;
      const out: Record<string, unknown> = { ...rest };
      if (params) out.params = toJsonSchema(params, 'input');
      // A route that takes no body or query has none in the document, though it refuses one
      // (plugins/declared-inputs.ts).
      if (body && body !== NoBodySchema) out.body = toJsonSchema(body, 'input');
      if (querystring && querystring !== NoQuerySchema) out.querystring = toJsonSchema(querystring, 'input');
      if (headers) out.headers = toJsonSchema(headers, 'input');
      const responses: Record<string, unknown> = {};
      for (const [status, value] of Object.entries((response ?? {}) as Record<string, unknown>)) {
        responses[status] = toJsonSchema(value, 'output');
      }
      if (Object.keys(responses).length > 0) out.response = responses;
      const path = url.startsWith(prefix) ? url.slice(prefix.length) : url;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (path === '/mcp' && !methods.includes('POST')) return { schema: { ...out, hide: true }, url: path };
      for (const method of methods) {
        facts.set(`${method} ${openApiPath(path)}`, { method, path: openApiPath(path), auth: (route as RouteOptions).config?.auth });
      }
      return { schema: out, url: path };
    },
    transformObject: (document) => {
      if (!('openapiObject' in document)) return document.swaggerObject;
      const openapiObject = document.openapiObject as { paths?: Record<string, Record<string, Operation>>; tags?: unknown };
      const tags = new Set<string>();
      for (const [path, operations] of Object.entries(openapiObject.paths ?? {})) {
        for (const [method, operation] of Object.entries(operations)) {
          const found = facts.get(`${method.toUpperCase()} ${path}`) ?? { method: method.toUpperCase(), path, auth: undefined };
          tags.add(completeOperation(service, found, operation));
        }
      }
      openapiObject.tags = [...tags].map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? `${name} (secret key): draft, publish, retrieve.` }));
      dropUnusedComponents(openapiObject as { components?: Record<string, Record<string, unknown>> }, ['parameters', 'headers']);
      return document.openapiObject;
    },
  });
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
