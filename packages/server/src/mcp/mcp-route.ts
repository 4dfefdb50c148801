import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance } from 'fastify';
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

  app.post('/mcp', async (request, reply) => {
    const origin = originOf(request);
    const requestOrigin = request.headers.origin;
    if (requestOrigin !== undefined && requestOrigin !== origin) {
      throw new ApiError('origin_not_allowed', `MCP requests from ${requestOrigin} are not allowed.`);
    }
    const caller = await authenticateMcp(app, request, serviceName);
    limit.hit(caller.id);
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

  // Stateless: no server-initiated stream and no sessions to end.
  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method,
      url: '/mcp',
      handler: async (_request, reply) =>
        reply.code(405).header('Allow', 'POST').send({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this MCP endpoint is stateless; use POST.' }, id: null }),
    });
  }
}
