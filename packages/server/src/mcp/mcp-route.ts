import type { FastifyInstance } from 'fastify';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { authOf } from '../context.js';
import type { ResourceService } from '../engine/resource-service.js';
import { ApiError } from '../errors.js';
import { buildMcpServer, type McpToolOptions } from './tools.js';

/**
 * `{base_url}/mcp` (DESIGN.md §9): Streamable HTTP, stateless — a server and a transport per
 * request. Auth: a test secret key as Bearer (live keys are refused). Browsers are kept out by
 * checking `Origin`: only the server's own origin may call it from a page.
 */
export function registerMcpRoute(app: FastifyInstance, service: ResourceService, options: McpToolOptions): void {
  app.post('/mcp', { config: { auth: 'secret' } }, async (request, reply) => {
    const auth = authOf(request);
    if (auth.mode !== 'test') {
      throw new ApiError('live_key_not_allowed', 'MCP takes a test secret key as Bearer, or an OAuth access token; live keys are refused so an assistant cannot change live data with a pasted key.');
    }
    const origin = `${request.protocol}://${request.host}`;
    const requestOrigin = request.headers.origin;
    if (requestOrigin !== undefined && requestOrigin !== origin) {
      throw new ApiError('origin_not_allowed', `MCP requests from ${requestOrigin} are not allowed.`);
    }
    const server = buildMcpServer(service, options, { workspaceId: auth.workspaceId, origin });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.hijack();
    reply.raw.setHeader('Request-Id', request.id);
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
