import { randomBytes } from 'node:crypto';
import type { Storage } from '../../db/connect.js';
import { newId, nowIso } from '../../db/ids.js';
import { sha256 } from './accounts.js';


export const ACCESS_TOKEN_TTL_SEC = 3600;
const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;
const CODE_TTL_MS = 5 * 60 * 1000;

export interface OAuthClient {
  id: string;
  name: string;
  redirectUris: string[];
}

export interface Grant {
  clientId: string;
  accountId: string;
  workspaceId: string;
  resource: string;
  scope: string;
}

export async function registerClient(storage: Storage, input: { name: string; redirectUris: string[] }): Promise<OAuthClient & { issuedAt: number }> {
  const client = { id: newId('client'), name: input.name, redirectUris: input.redirectUris };
  const now = new Date();
  await storage.db.insertInto('oauth_clients').values({ id: client.id, name: client.name, redirect_uris: JSON.stringify(client.redirectUris), created_at: now.toISOString(), last_used_at: null }).execute();
  return { ...client, issuedAt: Math.floor(now.getTime() / 1000) };
}

export async function findClient(storage: Storage, id: string): Promise<OAuthClient | undefined> {
  const row = await storage.db.selectFrom('oauth_clients').selectAll().where('id', '=', id).executeTakeFirst();
  return row && { id: row.id, name: row.name, redirectUris: JSON.parse(row.redirect_uris) as string[] };
}

/** A one-time authorization code bound to the client, redirect URI, PKCE challenge and resource. */
export async function createCode(storage: Storage, grant: Grant & { redirectUri: string; codeChallenge: string }): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  await storage.db.insertInto('oauth_codes')
    .values({
      code_hash: sha256(code),
      client_id: grant.clientId,
      account_id: grant.accountId,
      workspace_id: grant.workspaceId,
      redirect_uri: grant.redirectUri,
      code_challenge: grant.codeChallenge,
      resource: grant.resource,
      scope: grant.scope,
      expires_at: new Date(Date.now() + CODE_TTL_MS).toISOString(),
      used_at: null,
    })
    .execute();
  await markClientUsed(storage, grant.clientId);
  return code;
}

/** Records that a client got a code or tokens: clients never or long unused are pruned. */
async function markClientUsed(storage: Storage, clientId: string): Promise<void> {
  await storage.db.updateTable('oauth_clients').set({ last_used_at: nowIso() }).where('id', '=', clientId).execute();
}

/**
 * Deletes clients registered more than `unusedClientTtlMs` ago that never got a code, and clients
 * unused for `idleClientTtlMs` (their codes and tokens go with them: foreign keys cascade), then
 * expired codes and access tokens, which nothing reads again. Refresh tokens stay until their
 * client goes: a rotated one must stay known so that its reuse can revoke the grant. Answers the
 * number of clients deleted.
 */
export async function pruneOAuthClients(storage: Storage, now: Date, limits: { unusedClientTtlMs: number; idleClientTtlMs: number }): Promise<number> {
  const neverUsedBefore = new Date(now.getTime() - limits.unusedClientTtlMs).toISOString();
  const idleBefore = new Date(now.getTime() - limits.idleClientTtlMs).toISOString();
  const deleted = await storage.db.deleteFrom('oauth_clients')
    .where((eb) => eb.or([eb.and([eb('last_used_at', 'is', null), eb('created_at', '<', neverUsedBefore)]), eb('last_used_at', '<', idleBefore)]))
    .executeTakeFirst();
  await storage.db.deleteFrom('oauth_codes').where('expires_at', '<', now.toISOString()).execute();
  await storage.db.deleteFrom('oauth_tokens').where('kind', '=', 'access').where('expires_at', '<', now.toISOString()).execute();
  return Number(deleted.numDeletedRows);
}

/** Marks a code used and returns it, once; a second use or an expired code gives undefined. */
export async function consumeCode(storage: Storage, code: string): Promise<(Grant & { redirectUri: string; codeChallenge: string }) | undefined> {
  return storage.transaction(async ({ db: trx }) => {
      const row = await trx.selectFrom('oauth_codes').selectAll().where('code_hash', '=', sha256(code)).executeTakeFirst();
      if (!row || row.used_at !== null || Date.parse(row.expires_at) <= Date.now()) return undefined;
      await trx.updateTable('oauth_codes').set({ used_at: nowIso() }).where('code_hash', '=', row.code_hash).execute();
      return {
        clientId: row.client_id,
        accountId: row.account_id,
        workspaceId: row.workspace_id,
        resource: row.resource,
        scope: row.scope,
        redirectUri: row.redirect_uri,
        codeChallenge: row.code_challenge,
      };
    });
}

/** A new access token (short-lived, bound to one MCP resource) and refresh token. */
export async function issueTokens(storage: Storage, grant: Grant, family = newId('fam')): Promise<{ accessToken: string; refreshToken: string; expiresIn: number }> {
  const accessToken = `inlay_at_${randomBytes(32).toString('base64url')}`;
  const refreshToken = `inlay_rt_${randomBytes(32).toString('base64url')}`;
  const now = Date.now();
  const base = {
    client_id: grant.clientId,
    account_id: grant.accountId,
    workspace_id: grant.workspaceId,
    resource: grant.resource,
    scope: grant.scope,
    family,
    created_at: new Date(now).toISOString(),
    revoked_at: null,
  };
  await storage.db.insertInto('oauth_tokens')
    .values([
      { ...base, token_hash: sha256(accessToken), kind: 'access', expires_at: new Date(now + ACCESS_TOKEN_TTL_SEC * 1000).toISOString() },
      { ...base, token_hash: sha256(refreshToken), kind: 'refresh', expires_at: new Date(now + REFRESH_TOKEN_TTL_MS).toISOString() },
    ])
    .execute();
  await markClientUsed(storage, grant.clientId);
  return { accessToken, refreshToken, expiresIn: ACCESS_TOKEN_TTL_SEC };
}

export interface StoredToken extends Grant {
  kind: 'access' | 'refresh';
  family: string;
  expired: boolean;
  revoked: boolean;
}

export async function findToken(storage: Storage, token: string): Promise<StoredToken | undefined> {
  const row = await storage.db.selectFrom('oauth_tokens').selectAll().where('token_hash', '=', sha256(token)).executeTakeFirst();
  return (
    row && {
      kind: row.kind,
      clientId: row.client_id,
      accountId: row.account_id,
      workspaceId: row.workspace_id,
      resource: row.resource,
      scope: row.scope,
      family: row.family,
      expired: Date.parse(row.expires_at) <= Date.now(),
      revoked: row.revoked_at !== null,
    }
  );
}

export async function revokeToken(storage: Storage, token: string): Promise<void> {
  await storage.db.updateTable('oauth_tokens').set({ revoked_at: nowIso() }).where('token_hash', '=', sha256(token)).where('revoked_at', 'is', null).execute();
}

/** Revokes every token of an authorization: on refresh-token reuse (theft) or revocation of a refresh token. */
export async function revokeFamily(storage: Storage, family: string): Promise<void> {
  await storage.db.updateTable('oauth_tokens').set({ revoked_at: nowIso() }).where('family', '=', family).where('revoked_at', 'is', null).execute();
}
