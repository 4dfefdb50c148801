import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, InitializeRequestSchema, isJSONRPCRequest, ListToolsRequestSchema, PingRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import type { ResourceService } from '../publishing/resource-service.js';
import { ApiError } from '../errors.js';
import { RateLimit } from '../plugins/rate-limiter.js';
import { originOf } from '../oauth/oauth-routes.js';
import { authenticateMcp } from './mcp-auth.js';
import { buildMcpServer, type McpToolOptions } from './tools.js';

/**
 * `{base_url}/mcp` (docs/mcp.md): Streamable HTTP, stateless — a server and a transport per
 * request. Auth: an OAuth access token for this resource, or a test secret key (live keys are
 * refused). Browsers are kept out by checking `Origin`: only the server's own origin may call
 * it from a page.
 */
export function registerMcpRoute(app: FastifyInstance, service: ResourceService, options: McpToolOptions): void {
  const serviceName = service.descriptor.service;
  const counts = app.sharedRateCounts;
  const limit = new RateLimit(app.inlay.options.rateLimits.secretPerKey, (retryAfter) => `Too many MCP requests; retry after ${retryAfter} s.`, counts && { counts, name: `mcp-${serviceName}` });

  app.post('/mcp', { errorHandler: jsonRpcParseErrors(app) }, async (request, reply) => {
    const origin = originOf(request);
    const requestOrigin = request.headers.origin;
    if (requestOrigin !== undefined && requestOrigin !== origin) {
      throw new ApiError('origin_not_allowed', `MCP requests from ${requestOrigin} are not allowed.`);
    }
    const caller = await authenticateMcp(app, request, serviceName);
    await limit.hit(caller.id);
    // JSON-RPC: an empty batch is an invalid request, answered with one error (the SDK accepts it
    // and answers nothing).
    if (Array.isArray(request.body) && request.body.length === 0) {
      return reply.code(400).send({ jsonrpc: '2.0', error: { code: -32600, message: 'Invalid Request: an empty batch.' }, id: null });
    }
    const invalid = invalidParams(request.body);
    if (invalid !== undefined) return invalid;
    const server = buildMcpServer(service, options, { workspaceId: caller.workspaceId, origin });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.hijack();
    // The transport writes to the raw response: carry over what the hooks set (Request-Id, security headers).
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  });

  // Stateless: no server-initiated stream and no sessions to end. Answered before any body is
  // read: a client ending its session sends DELETE with a JSON content type and no body.
  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method,
      url: '/mcp',
      onRequest: async (_request, reply) =>
        reply.code(405).header('Allow', 'POST').send({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this MCP endpoint is stateless; use POST.' }, id: null }),
      handler: async () => undefined,
    });
  }
}

/** Fastify's refusals of a body that does not parse as JSON. */
const PARSE_ERRORS = new Set(['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY']);

/**
 * The MCP route's errors: a body that is not JSON is JSON-RPC's parse error (-32700, as
 * docs/mcp.md has it), which an MCP client reads; anything else goes to the server's handler.
 */
function jsonRpcParseErrors(app: FastifyInstance): NonNullable<RouteShorthandOptions['errorHandler']> {
  return function (error, request, reply) {
    if (!PARSE_ERRORS.has((error as { code?: string }).code ?? '')) return app.errorHandler.call(this, error, request, reply);
    reply.header('Request-Id', request.id);
    return reply.code(400).send({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: the body is not valid JSON.' }, id: null });
  };
}

/** The requests this endpoint serves, by method: what their params must be. */
const REQUESTS = new Map<string, { safeParse(value: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } }>([
  ['initialize', InitializeRequestSchema],
  ['ping', PingRequestSchema],
  ['tools/list', ListToolsRequestSchema],
  ['tools/call', CallToolRequestSchema],
]);

/**
 * A JSON-RPC request to a method this endpoint serves whose params are not that method's:
 * answered -32602 (invalid params) with what is wrong, as JSON-RPC has it. The MCP SDK answers
 * these -32603 (internal error) with its validator's dump; other methods and messages go to it.
 */
function invalidParams(body: unknown): { jsonrpc: '2.0'; id: string | number; error: { code: number; message: string } } | undefined {
  if (!isJSONRPCRequest(body)) return undefined;
  const schema = REQUESTS.get(body.method);
  const issue = schema?.safeParse(body).error?.issues[0];
  if (issue === undefined) return undefined;
  const where = issue.path.length > 0 ? ` at ${issue.path.map(String).join('.')}` : '';
  return { jsonrpc: '2.0', id: body.id, error: { code: -32602, message: `Invalid params for ${body.method}: ${issue.message}${where}.` } };
}
