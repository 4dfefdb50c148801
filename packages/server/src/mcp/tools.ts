import {
  LIMITS,
  McpCreateInputSchema,
  McpInstallSnippetInputSchema,
  McpListInputSchema,
  McpListRevisionsInputSchema,
  McpResourceInputSchema,
  McpRestoreRevisionInputSchema,
  mcpUpdateDraftInputSchema,
} from '@inlay/core';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { ResourceService } from '../publishing/resource-service.js';
import { ApiError } from '../errors.js';
import { installSnippet } from './install-snippet.js';
import { toolResultSchemas, type ToolResultKind } from './tool-results.js';

/** Which optional tools a service has (its seed's list). */
export interface McpToolOptions {
  revisions: boolean;
  installSnippet: boolean;
}

export interface McpCaller {
  workspaceId: string;
  /** The server's own origin, for snippets. */
  origin: string;
}

const NEVER_SENT = ['host context and traits', 'flags', 'progress payloads', 'post titles and bodies', 'comment text', 'import rows'];

/**
 * One MCP server per request, its tools bound to the caller's workspace. Every tool calls the
 * same resource service as the REST routes, and every result passes the strict result schema
 * before it leaves (the privacy guard).
 */
export function buildMcpServer(service: ResourceService, options: McpToolOptions, caller: McpCaller): McpServer {
  const { descriptor } = service;
  const { kind, plural } = descriptor;
  const results = toolResultSchemas(descriptor);
  const server = new McpServer({ name: `inlay-${descriptor.service}`, version: '0.1.0' });
  const ws = caller.workspaceId;
  const described: { name: string; description: string }[] = [];

  const respond = (resultKind: ToolResultKind, value: unknown): CallToolResult => {
    const checked = results[resultKind].safeParse(value);
    if (!checked.success) {
      // Never send something that is not one of the allowed shapes.
      return { isError: true, content: [{ type: 'text', text: 'internal_error: the result did not pass the MCP privacy guard.' }] };
    }
    return { content: [{ type: 'text', text: JSON.stringify(value, null, 2) }], structuredContent: value as Record<string, unknown> };
  };

  const tool = <S extends z.ZodObject>(name: string, description: string, input: S, run: (args: z.output<S>) => Promise<CallToolResult>) => {
    described.push({ name, description });
    server.registerTool(name, { description, inputSchema: input }, (async (args: unknown) => {
      try {
        return await run(input.parse(args));
      } catch (error) {
        if (error instanceof ApiError) {
          return { isError: true, content: [{ type: 'text', text: `${error.code}: ${error.message}` }] };
        }
        if (error instanceof z.ZodError) {
          return { isError: true, content: [{ type: 'text', text: `parameter_invalid: ${error.issues[0]?.message ?? 'invalid arguments'}` }] };
        }
        throw error;
      }
    }) as never);
  };

  tool(`list_${plural}`, `List the workspace's ${plural}, newest first. Page with cursor.`, McpListInputSchema, async (args) =>
    respond('list', await service.list(ws, args)),
  );
  tool(`get_${kind}`, `Get one ${kind}: its draft, published config and latest revisions.`, McpResourceInputSchema, async ({ id }) =>
    respond('record', await service.retrieve(ws, id)),
  );
  tool(`create_${kind}`, `Create a ${kind} with a default draft config (revision 1). It is not published.`, McpCreateInputSchema, async ({ name }) =>
    respond('record', await service.create(ws, name)),
  );
  tool(
    'update_draft',
    `Save a ${kind}'s name and whole config as its draft; records a revision. Does not publish. See list_capabilities for the config schema.`,
    mcpUpdateDraftInputSchema(descriptor.configSchema),
    async ({ id, name, config }) => respond('draftSaved', await service.saveDraft(ws, id, name, config)),
  );
  tool(`publish_${kind}`, `Publish a ${kind}'s draft: widgets see it at once.`, McpResourceInputSchema, async ({ id }) =>
    respond('published', await service.publish(ws, id)),
  );
  tool('get_published_config', `Get the config widgets see for a ${kind} (the published one, never the draft).`, McpResourceInputSchema, async ({ id }) =>
    respond('publishedConfig', await service.publishedConfig(ws, id)),
  );
  if (options.revisions) {
    tool('list_revisions', `List a ${kind}'s revisions with their configs, newest first.`, McpListRevisionsInputSchema, async ({ id, ...page }) =>
      respond('revisions', await service.listRevisions(ws, id, page)),
    );
    tool(
      'restore_revision',
      `Copy an old revision of a ${kind} into its draft (as a new revision). It never publishes.`,
      McpRestoreRevisionInputSchema,
      async ({ id, revisionId }) => respond('draftSaved', await service.restoreRevision(ws, id, revisionId)),
    );
  }
  if (options.installSnippet) {
    tool('get_install_snippet', 'Get the <script> tag and npm snippets that embed a flow’s checklist.', McpInstallSnippetInputSchema, async ({ id, publishableKey }) => {
      await service.retrieve(ws, id);
      return respond('snippet', installSnippet({ flowId: id, baseUrl: caller.origin, publishableKey }));
    });
  }
  tool('list_capabilities', `What this MCP server can do: tools, the ${kind} config schema and limits.`, z.strictObject({}), async () =>
    respond('capabilities', {
      service: descriptor.service,
      resource: kind,
      tools: described,
      configSchema: z.toJSONSchema(descriptor.configSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>,
      limits: { nameMaxLength: LIMITS.nameMaxLength, checklistItemsMax: LIMITS.checklistItemsMax, importerFieldsMax: LIMITS.importerFieldsMax, listLimitMax: LIMITS.listLimitMax },
      neverSentThroughMcp: NEVER_SENT,
    }),
  );
  // Each request gets its own server and no session outlives it, so no list change is ever
  // announced: the SDK advertises `tools.listChanged` once a tool is registered.
  server.server.registerCapabilities({ tools: { listChanged: false } });
  return server;
}
