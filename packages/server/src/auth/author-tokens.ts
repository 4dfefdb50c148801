import {
  AUTHOR_TOKEN_ISSUER,
  AUTHOR_TOKEN_TYP,
  AuthorTokenClaimsSchema,
  type AuthorTokenClaims,
  type KeyMode,
  type ServiceName,
} from '@inlay/core';
import { errors as joseErrors, jwtVerify, SignJWT, type JWTHeaderParameters } from 'jose';
import type { ChangeBus } from '../db/changes.js';
import type { Storage } from '../db/connect.js';
import { ApiError } from '../errors.js';
import { currentSigningSecret, verificationSecret, type SigningSecret } from '../repositories/platform/signing-secrets.js';

export interface MintRequest {
  workspaceId: string;
  mode: KeyMode;
  service: ServiceName;
  resourceId: string;
  authorId: string;
  expiresInSec: number;
  /** Extra claims: `wsk` (onboarding), `name`, `email`, `avatarUrl`, `role` (feedback). */
  claims: Partial<Pick<AuthorTokenClaims, 'wsk' | 'name' | 'email' | 'avatarUrl' | 'role'>>;
}

/** The audience of a token: one service's one resource. */
export function authorTokenAudience(service: ServiceName, resourceId: string): string {
  return `${service}:${resourceId}`;
}

/**
 * Signs an author token (docs/concepts.md#author-tokens): HS256 with the workspace's per-mode secret, `kid`
 * naming it, `typ: inlay-author+jwt`.
 */
export async function mintAuthorToken(storage: Storage, request: MintRequest): Promise<{ token: string; expiresAt: string }> {
  const { kid, secret } = await currentSigningSecret(storage, request.workspaceId, request.mode);
  const issuedAt = Math.floor(Date.now() / 1000);
  const expiresAt = issuedAt + request.expiresInSec;
  const token = await new SignJWT({ mode: request.mode, ...request.claims })
    .setProtectedHeader({ alg: 'HS256', typ: AUTHOR_TOKEN_TYP, kid })
    .setIssuer(AUTHOR_TOKEN_ISSUER)
    .setAudience(authorTokenAudience(request.service, request.resourceId))
    .setSubject(request.authorId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(secret);
  return { token, expiresAt: new Date(expiresAt * 1000).toISOString() };
}

/**
 * The longest life a token may have (`exp - iat`): the most the mint route issues
 * (`expiresInSec` ≤ 86,400). A token claiming more was not minted by Inlay as documented — a
 * leaked signing secret's forgery — and is refused even though its signature holds.
 */
export const MAX_AUTHOR_TOKEN_LIFETIME_SEC = 86_400;
/** How far `iat` may lie in the future: clock differences between servers, not more. */
export const AUTHOR_TOKEN_CLOCK_SKEW_SEC = 60;

export interface VerifyExpectation {
  workspaceId: string;
  mode: KeyMode;
  service: ServiceName;
  resourceId: string;
}

/**
 * Verifies an author token for one resource, pinning the algorithm, issuer, audience, typ and
 * mode. Only secrets of the caller's workspace and mode can verify, so a token signed for
 * another workspace, or with any other secret, fails; so does one that lives longer than any
 * minted token may, or was issued in the future (docs/security.md). Expired: 401
 * `author_token_expired`; anything else wrong: 403 `author_token_invalid`.
 */
export async function verifyAuthorToken(
  storage: Storage,
  token: string,
  expected: VerifyExpectation,
  cache?: SigningSecretCache,
): Promise<AuthorTokenClaims> {
  try {
    const { payload } = await jwtVerify(
      token,
      async (header: JWTHeaderParameters) => {
        if (typeof header.kid !== 'string') throw new Error('no kid');
        const found = cache
          ? await cache.get(storage, expected.workspaceId, expected.mode, header.kid)
          : await verificationSecret(storage, expected.workspaceId, expected.mode, header.kid);
        if (!found) throw new Error('unknown kid');
        return found.secret;
      },
      {
        algorithms: ['HS256'],
        issuer: AUTHOR_TOKEN_ISSUER,
        audience: authorTokenAudience(expected.service, expected.resourceId),
        typ: AUTHOR_TOKEN_TYP,
        requiredClaims: ['sub', 'exp', 'iat'],
      },
    );
    const { iat, exp } = payload;
    if (typeof iat !== 'number' || typeof exp !== 'number') throw new Error('no iat or exp');
    if (exp - iat > MAX_AUTHOR_TOKEN_LIFETIME_SEC) throw new Error('lives too long');
    if (iat > Date.now() / 1000 + AUTHOR_TOKEN_CLOCK_SKEW_SEC) throw new Error('issued in the future');
    const claims = AuthorTokenClaimsSchema.safeParse(payload);
    if (!claims.success || claims.data.mode !== expected.mode) throw new Error('bad claims');
    return claims.data;
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) {
      throw new ApiError('author_token_expired', 'The author token has expired; mint a fresh one.');
    }
    throw new ApiError('author_token_invalid', 'The author token is not valid for this workspace, mode and resource.');
  }
}

/**
 * Verification secrets by kid, kept for a minute so hot progress writes do not read the
 * database per token. Minting reads the current secret from the database, so a rotation by
 * another process (`inlay signing-secrets rotate`) signs new tokens at once; a secret retired by
 * rotation stays valid for 24 h anyway, and an entry never outlives that grace, so caching
 * never lets a token through that the database would refuse.
 */
export class SigningSecretCache {
  readonly #entries = new Map<string, { value: SigningSecret | undefined; expires: number }>();
  readonly #ttlMs: number;
  readonly #unsubscribe: () => void;

  /** Drops its entries when a secret is rotated, here or in another process (db/changes.ts). */
  constructor(changes: ChangeBus, ttlMs = 60_000) {
    this.#ttlMs = ttlMs;
    this.#unsubscribe = changes.subscribe((change) => {
      if (change.topic === 'signing-secrets' || change.topic === 'all') this.clear();
    });
  }

  /** Stops listening for changes (the app closes). */
  close(): void {
    this.#unsubscribe();
  }

  async get(storage: Storage, workspaceId: string, mode: KeyMode, kid: string): Promise<SigningSecret | undefined> {
    const id = `${workspaceId}:${mode}:${kid}`;
    const now = Date.now();
    const hit = this.#entries.get(id);
    if (hit && hit.expires > now) return hit.value;
    const value = await verificationSecret(storage, workspaceId, mode, kid, now);
    if (this.#entries.size > 10_000) this.#entries.clear();
    this.#entries.set(id, { value, expires: Math.min(now + this.#ttlMs, value?.verifiesUntil ?? Number.POSITIVE_INFINITY) });
    return value;
  }

  /** Drops every entry: a secret was rotated, here or by another instance (db/changes.ts). */
  clear(): void {
    this.#entries.clear();
  }
}
