import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { NameSchema } from './common.js';

/**
 * Input schemas of the MCP tools (docs/mcp.md): the same shapes as the REST routes, as objects
 * an MCP client sees as JSON Schema.
 */
export const McpListInputSchema = z.strictObject({
  limit: z.number().int().min(1).max(LIMITS.listLimitMax).default(LIMITS.listLimitDefault).describe('Items per page, 1–100.'),
  cursor: z.string().min(1).max(200).optional().describe('nextCursor of the previous page.'),
});

export const McpResourceInputSchema = z.strictObject({ id: z.string().min(1).max(64).describe('The resource id.') });

export const McpCreateInputSchema = z.strictObject({ name: NameSchema.describe('A name, 1–120 characters.') });

export function mcpUpdateDraftInputSchema<C extends z.ZodType>(config: C) {
  return z.strictObject({
    id: z.string().min(1).max(64).describe('The resource id.'),
    name: NameSchema.describe('The draft name, 1–120 characters.'),
    config: config.describe('The whole draft config; absent fields take their defaults.'),
  });
}

export const McpListRevisionsInputSchema = McpListInputSchema.extend({ id: z.string().min(1).max(64).describe('The resource id.') });

export const McpRestoreRevisionInputSchema = z.strictObject({
  id: z.string().min(1).max(64).describe('The resource id.'),
  revisionId: z.string().min(1).max(64).describe('The revision to copy into the draft.'),
});

export const McpInstallSnippetInputSchema = z.strictObject({
  id: z.string().min(1).max(64).describe('The flow id.'),
  publishableKey: z
    .string()
    .regex(/^svc_(test|live)_pub_[0-9A-Za-z]{32}$/)
    .optional()
    .describe('A publishable key to put in the snippet; a placeholder otherwise.'),
});
