import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { HttpUrlSchema, ObjectIdSchema } from './common.js';
import { KeyModeSchema } from './keys.js';

const ExpiresInSecSchema = z
  .number({ error: 'expiresInSec must be a whole number of seconds' })
  .int({ error: 'expiresInSec must be a whole number of seconds' })
  .min(LIMITS.authorTokenTtlMinSec, { error: `expiresInSec must be at least ${LIMITS.authorTokenTtlMinSec}` })
  .max(LIMITS.authorTokenTtlMaxSec, { error: `expiresInSec must be at most ${LIMITS.authorTokenTtlMaxSec}` })
  .default(LIMITS.authorTokenTtlDefaultSec);

/** The host app's own user id. */
const AuthorIdSchema = z.string().min(1, { error: 'authorId must not be empty' }).max(200);

/** Onboarding (docs/onboarding.md): `{authorId, flowId, workspaceKey, expiresInSec}`. */
export const OnboardingAuthorTokenRequestSchema = z.strictObject({
  authorId: AuthorIdSchema,
  flowId: ObjectIdSchema,
  workspaceKey: z.string().min(1, { error: 'workspaceKey must not be empty' }).max(200),
  expiresInSec: ExpiresInSecSchema,
});
export type OnboardingAuthorTokenRequest = z.input<typeof OnboardingAuthorTokenRequestSchema>;

/** Feedback (docs/concepts.md#author-tokens): `{authorId, boardId, name?, email?, avatarUrl?, role?, expiresInSec}`. */
export const FeedbackAuthorTokenRequestSchema = z.strictObject({
  authorId: AuthorIdSchema,
  boardId: ObjectIdSchema,
  name: z.string().trim().min(1).max(120).optional(),
  email: z.email({ error: 'email must be an email address' }).max(320).optional(),
  avatarUrl: HttpUrlSchema.optional(),
  /** `team`: the user speaks for the team; their comments are marked `team: true`. */
  role: z.literal('team', { error: 'role must be "team" or absent' }).optional(),
  expiresInSec: ExpiresInSecSchema,
});
export type FeedbackAuthorTokenRequest = z.input<typeof FeedbackAuthorTokenRequestSchema>;

/** A minted author token, sent by widgets as `Inlay-Author-Token`. */
export const AuthorTokenSchema = z.strictObject({
  token: z.string(),
  expiresAt: z.iso.datetime(),
});
export type AuthorToken = z.infer<typeof AuthorTokenSchema>;

/** The JWT type header value of an author token. */
export const AUTHOR_TOKEN_TYP = 'inlay-author+jwt';
/** The `iss` claim of every author token. */
export const AUTHOR_TOKEN_ISSUER = 'inlay';

/** Claims of a verified author token (docs/concepts.md#author-tokens). */
export const AuthorTokenClaimsSchema = z.object({
  iss: z.literal(AUTHOR_TOKEN_ISSUER),
  aud: z.string(),
  sub: z.string().min(1),
  mode: KeyModeSchema,
  wsk: z.string().optional(),
  name: z.string().optional(),
  email: z.string().optional(),
  avatarUrl: z.string().optional(),
  role: z.literal('team').optional(),
  iat: z.number(),
  exp: z.number(),
});
export type AuthorTokenClaims = z.infer<typeof AuthorTokenClaimsSchema>;
