import type { KeyKind, KeyMode } from '@inlay/core';
import { generateApiKey, hashApiKey } from '../../auth/api-keys.js';

import type { Storage, Db } from '../../db/connect.js';
import { newId, nowIso } from '../../db/ids.js';
import type { Plan } from './workspaces.js';

/** A key as listed: never the key itself, only its last four characters. */
export interface ApiKeyInfo {
  id: string;
  workspaceId: string;
  mode: KeyMode;
  kind: KeyKind;
  last4: string;
  createdAt: string;
  revokedAt: string | null;
}

/** What a presented key resolves to. */
export interface KeyLookup {
  keyId: string;
  workspaceId: string;
  mode: KeyMode;
  kind: KeyKind;
  plan: Plan;
  revoked: boolean;
  /** When the key was last looked up (see {@link touchApiKey}); null: never. */
  lastUsedAt?: string | null;
}

/** Creates a key and returns its full value, which exists nowhere else: show it once. */
export async function createApiKey(storage: Storage, workspaceId: string, mode: KeyMode, kind: KeyKind): Promise<{ key: string; info: ApiKeyInfo }> {
  const created = await insertApiKey(storage.db, workspaceId, mode, kind);
  // An instance may remember this key as unknown (a key presented before it existed).
  storage.changes.announce({ topic: 'keys' });
  return created;
}

/** {@link createApiKey} inside a transaction: the caller announces `keys` once it committed. */
export async function insertApiKey(
  db: Db,
  workspaceId: string,
  mode: KeyMode,
  kind: KeyKind,
): Promise<{ key: string; info: ApiKeyInfo }> {
  const key = generateApiKey(mode, kind);
  const info: ApiKeyInfo = {
    id: newId('key'),
    workspaceId,
    mode,
    kind,
    last4: key.slice(-4),
    createdAt: nowIso(),
    revokedAt: null,
  };
  await db.insertInto('api_keys')
    .values({
      id: info.id,
      workspace_id: workspaceId,
      mode,
      kind,
      key_hash: hashApiKey(key),
      last4: info.last4,
      created_at: info.createdAt,
      revoked_at: null,
    })
    .execute();
  return { key, info };
}

export async function listApiKeys(storage: Storage, workspaceId: string): Promise<ApiKeyInfo[]> {
  const rows = await storage.db.selectFrom('api_keys')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    workspaceId: row.workspace_id,
    mode: row.mode,
    kind: row.kind,
    last4: row.last4,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  }));
}

/** When each key of a workspace was last used (see {@link touchApiKey}), by key id; null: never. */
export async function apiKeysLastUsed(storage: Storage, workspaceId: string): Promise<Map<string, string | null>> {
  const rows = await storage.db.selectFrom('api_keys').select(['id', 'last_used_at']).where('workspace_id', '=', workspaceId).execute();
  return new Map(rows.map((row) => [row.id, row.last_used_at]));
}

/** {@link revokeApiKey} for a key of this workspace only: false when the workspace has no unrevoked key with that id. */
export async function revokeWorkspaceApiKey(storage: Storage, workspaceId: string, keyId: string): Promise<boolean> {
  const result = await storage.db.updateTable('api_keys')
    .set({ revoked_at: nowIso() })
    .where('id', '=', keyId)
    .where('workspace_id', '=', workspaceId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) return false;
  storage.changes.announce({ topic: 'keys' });
  return true;
}

/** Revokes a key; returns false when no unrevoked key has that id. */
export async function revokeApiKey(storage: Storage, keyId: string): Promise<boolean> {
  const result = await storage.db.updateTable('api_keys')
    .set({ revoked_at: nowIso() })
    .where('id', '=', keyId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  storage.changes.announce({ topic: 'keys' });
  return result.numUpdatedRows > 0n;
}

export async function lookupApiKey(storage: Storage, key: string): Promise<KeyLookup | undefined> {
  const row = await storage.db.selectFrom('api_keys')
    .innerJoin('workspaces', 'workspaces.id', 'api_keys.workspace_id')
    .select(['api_keys.id', 'api_keys.workspace_id', 'api_keys.mode', 'api_keys.kind', 'api_keys.revoked_at', 'api_keys.last_used_at', 'workspaces.plan'])
    .where('api_keys.key_hash', '=', hashApiKey(key))
    .executeTakeFirst();
  return (
    row && {
      keyId: row.id,
      workspaceId: row.workspace_id,
      mode: row.mode,
      kind: row.kind,
      plan: row.plan,
      revoked: row.revoked_at !== null,
      lastUsedAt: row.last_used_at,
    }
  );
}

/** How stale a key's `last_used_at` may get before a lookup writes it again: at most one write a minute per key. */
export const LAST_USED_RESOLUTION_MS = 60_000;

/** Records that a key was used now, for the dashboard's key list; a no-op when it was recorded within the last minute. */
export async function touchApiKey(storage: Storage, found: KeyLookup, now = new Date()): Promise<void> {
  if (found.revoked || (found.lastUsedAt != null && now.getTime() - Date.parse(found.lastUsedAt) < LAST_USED_RESOLUTION_MS)) return;
  await storage.db.updateTable('api_keys').set({ last_used_at: now.toISOString() }).where('id', '=', found.keyId).execute();
}
