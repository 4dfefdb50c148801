import {
  listPage,
  publishedConfigSchema,
  PublishResultSchema,
  resourceRecordSchema,
  resourceSummarySchema,
  revisionSchema,
  type ServiceDescriptor,
} from '@inlay/core';
import { z } from 'zod';

/**
 * The only shapes an MCP tool may return, strict: configs, records, revisions, snippets and
 * capabilities. Host context, progress, posts and import rows have no place in them, so a
 * result carrying any of them fails here and is never sent (docs/mcp.md).
 */
export function toolResultSchemas(descriptor: ServiceDescriptor) {
  const { kind, configSchema } = descriptor;
  return {
    list: listPage(resourceSummarySchema(kind)),
    record: resourceRecordSchema(kind, configSchema),
    draftSaved: z.strictObject({ revisionId: z.string(), restoredFrom: z.string().optional() }),
    published: PublishResultSchema,
    publishedConfig: publishedConfigSchema(kind, configSchema),
    revisions: listPage(revisionSchema(configSchema)),
    snippet: z.strictObject({ flowId: z.string(), scriptTag: z.string(), npm: z.string(), notes: z.string() }),
    capabilities: z.strictObject({
      service: z.string(),
      resource: z.string(),
      tools: z.array(z.strictObject({ name: z.string(), description: z.string() })),
      configSchema: z.record(z.string(), z.unknown()),
      limits: z.record(z.string(), z.number()),
      neverSentThroughMcp: z.array(z.string()),
    }),
  };
}

export type ToolResultKind = keyof ReturnType<typeof toolResultSchemas>;
