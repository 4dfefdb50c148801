import { KeyKindSchema, KeyModeSchema } from '@inlay/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Storage } from '../db/connect.js';
import { notFound } from '../errors.js';
import { createApiKey, listApiKeys, revokeApiKey, type ApiKeyInfo } from '../repositories/api-keys.js';
import type { ZodTypeProvider } from '../type-provider.js';
import { sessionOf } from './session-auth.js';

/** A key as the dashboard lists it: never the key or its hash. */
function listed(info: ApiKeyInfo, lastUsedAt: string | null) {
  return { id: info.id, mode: info.mode, kind: info.kind, prefix: `svc_${info.mode}_${info.kind}_`, last4: info.last4, createdAt: info.createdAt, lastUsedAt, revokedAt: info.revokedAt };
}

async function lastUsedOf(storage: Storage, workspaceId: string): Promise<Map<string, string | null>> {
  const rows = await storage.db.selectFrom('api_keys').select(['id', 'last_used_at']).where('workspace_id', '=', workspaceId).execute();
  return new Map(rows.map((row) => [row.id, row.last_used_at]));
}

/** API keys of the session's workspace (docs/dashboard-api.md#api-keys), through repositories/api-keys.ts as `inlay keys` is. */
export async function keyRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { storage: storage } = app.inlay;

  app.get('/keys', async (request) => {
    const workspaceId = sessionOf(request).workspace.id;
    const [keys, used] = await Promise.all([listApiKeys(storage, workspaceId), lastUsedOf(storage, workspaceId)]);
    return { data: keys.map((info) => listed(info, used.get(info.id) ?? null)) };
  });

  app.post('/keys', { schema: { body: z.strictObject({ mode: KeyModeSchema, kind: KeyKindSchema }) } }, async (request, reply) => {
    const { key, info } = await createApiKey(storage, sessionOf(request).workspace.id, request.body.mode, request.body.kind);
    reply.code(201).header('Cache-Control', 'no-store');
    return { data: { key, info: listed(info, null) } };
  });

  app.delete('/keys/:keyId', { schema: { params: z.object({ keyId: z.string().max(100) }) } }, async (request) => {
    const workspaceId = sessionOf(request).workspace.id;
    const { keyId } = request.params;
    const own = await storage.db.selectFrom('api_keys').select('id').where('id', '=', keyId).where('workspace_id', '=', workspaceId).where('revoked_at', 'is', null).executeTakeFirst();
    if (!own || !(await revokeApiKey(storage, keyId))) throw notFound('key', keyId, 'keyId');
    return { data: { id: keyId, revoked: true } };
  });
}
