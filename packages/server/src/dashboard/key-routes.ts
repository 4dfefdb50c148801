import { KeyKindSchema, KeyModeSchema } from '@inlay/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../errors.js';
import { apiKeysLastUsed, createApiKey, listApiKeys, revokeWorkspaceApiKey, type ApiKeyInfo } from '../repositories/platform/api-keys.js';
import type { ZodTypeProvider } from '../type-provider.js';
import { sessionOf } from './session-auth.js';

/** A key as the dashboard lists it: never the key or its hash. */
function listed(info: ApiKeyInfo, lastUsedAt: string | null) {
  return { id: info.id, mode: info.mode, kind: info.kind, prefix: `svc_${info.mode}_${info.kind}_`, last4: info.last4, createdAt: info.createdAt, lastUsedAt, revokedAt: info.revokedAt };
}

/** API keys of the session's workspace (docs/dashboard-api.md#api-keys), through repositories/platform/api-keys.ts as `inlay keys` is. */
export async function keyRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { storage } = app.inlay;

  app.get('/keys', async (request) => {
    const workspaceId = sessionOf(request).workspace.id;
    const [keys, used] = await Promise.all([listApiKeys(storage, workspaceId), apiKeysLastUsed(storage, workspaceId)]);
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
    if (!(await revokeWorkspaceApiKey(storage, workspaceId, keyId))) throw notFound('key', keyId, 'keyId');
    return { data: { id: keyId, revoked: true } };
  });
}
