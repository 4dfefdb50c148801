import { parseApiKey } from '@inlay/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors.js';
import { findToken } from '../repositories/platform/oauth.js';
import { mcpResource, originOf } from '../oauth/oauth-routes.js';

/** What every Inlay API key starts with; OAuth tokens start with `inlay_`. */
const API_KEY_PREFIX = 'svc_';

/** Who calls an MCP endpoint: a workspace, through a test secret key or an OAuth grant. */
export interface McpCredential {
  workspaceId: string;
  /** For rate limits: the key or the OAuth grant. */
  id: string;
}

/**
 * `Authorization: Bearer` on `/mcp` (docs/mcp.md): an OAuth access token issued for exactly
 * this MCP resource, or a test secret key. A 401 carries the `WWW-Authenticate` challenge that
 * points MCP clients at the protected-resource metadata, so they can start OAuth.
 */
export async function authenticateMcp(app: FastifyInstance, request: FastifyRequest, service: string): Promise<McpCredential> {
  const origin = originOf(request);
  const challenge = (error?: string) =>
    `Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource/${service}/mcp"${error ? `, error="${error}"` : ''}, scope="mcp"`;
  const header = request.headers.authorization;
  const match = header === undefined ? null : /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) {
    throw new ApiError('api_key_missing', 'Authenticate with OAuth (see WWW-Authenticate) or send a test secret key as Bearer.', {
      headers: { 'WWW-Authenticate': challenge() },
    });
  }
  const credential = match[1];
  // Anything that looks like an Inlay API key is judged as one, with the REST routes' codes
  // (docs/errors.md); only other credentials are OAuth access tokens.
  if (credential.startsWith(API_KEY_PREFIX)) {
    if (!parseApiKey(credential)) {
      throw new ApiError('api_key_invalid', 'The API key is malformed: Inlay keys look like svc_test_sec_ followed by 32 letters and digits.', {
        headers: { 'WWW-Authenticate': challenge('invalid_token') },
      });
    }
    const found = await app.inlay.keys.resolve(credential);
    if (!found) throw new ApiError('api_key_invalid', 'The API key is not valid.', { headers: { 'WWW-Authenticate': challenge('invalid_token') } });
    if (found.revoked) throw new ApiError('api_key_revoked', 'The API key was revoked.', { headers: { 'WWW-Authenticate': challenge('invalid_token') } });
    if (found.kind !== 'sec') {
      throw new ApiError('wrong_key_kind', 'MCP takes a test secret key (svc_test_sec_…) or an OAuth access token, not a publishable key.');
    }
    if (found.mode !== 'test') {
      throw new ApiError('live_key_not_allowed', 'MCP takes a test secret key as Bearer, or an OAuth access token; live keys are refused so an assistant cannot change live data with a pasted key.');
    }
    return { workspaceId: found.workspaceId, id: found.keyId };
  }
  const token = await findToken(app.inlay.storage, credential);
  const invalid = (why: string) =>
    new ApiError('access_token_invalid', why, { headers: { 'WWW-Authenticate': challenge('invalid_token') } });
  if (!token || token.kind !== 'access') throw invalid('The access token is not valid.');
  if (token.revoked) throw invalid('The access token was revoked.');
  if (token.expired) throw invalid('The access token has expired; refresh it.');
  if (token.resource !== mcpResource(origin, service)) throw invalid(`The access token is for ${token.resource}, not this MCP server.`);
  return { workspaceId: token.workspaceId, id: `oauth:${token.family}` };
}
