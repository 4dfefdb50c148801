import { z } from 'zod';
import { KeyModeSchema } from './keys.js';

/** An item's state (docs/onboarding.md). */
export const ItemStateSchema = z.enum(['pending', 'completed', 'skipped']);
export type ItemState = z.infer<typeof ItemStateSchema>;

/**
 * A flow's state for one user: `not_started → in_progress → completed`, with `dismissed` and
 * `snoozed` (until `snoozedUntil`) laid over it. When a snooze ends the flow shows its underlying
 * state again without any write.
 */
export const FlowStateSchema = z.enum(['not_started', 'in_progress', 'completed', 'dismissed', 'snoozed']);
export type FlowState = z.infer<typeof FlowStateSchema>;

const IdentityValueSchema = z.string().min(1).max(200);

/** What the OpenAPI document says of the identity fields: the rule depends on a header. */
const USER_ID_DOC =
  "The host app's user id. Required without an `Inlay-Author-Token` header; with one the token names the user, and this may be left out (if sent, it must match the token).";
const WORKSPACE_KEY_DOC =
  "The user's account in the host app. With an `Inlay-Author-Token` header the token decides; if sent, it must match the token.";

/** The end user a progress record belongs to: the host app's user, and optionally its account. */
export const ProgressIdentitySchema = z.strictObject({
  userId: IdentityValueSchema,
  workspaceKey: IdentityValueSchema.optional(),
});
export type ProgressIdentity = z.infer<typeof ProgressIdentitySchema>;

export const ProgressItemSchema = z.strictObject({
  id: z.string(),
  state: ItemStateSchema,
  /** When the item last changed state; null while pending and untouched. */
  updatedAt: z.iso.datetime().nullable(),
});
export type ProgressItem = z.infer<typeof ProgressItemSchema>;

/** One user's progress through one flow, as every progress route returns it. */
export const ProgressSchema = z.strictObject({
  object: z.literal('progress'),
  flowId: z.string(),
  userId: z.string(),
  workspaceKey: z.string().nullable(),
  mode: KeyModeSchema,
  /** The published revision the progress is reconciled with. */
  revisionId: z.string(),
  state: FlowStateSchema,
  /** Every item of that revision, in the flow's order. */
  items: z.array(ProgressItemSchema),
  /** Items completed or skipped, and the non-optional items that completion needs. */
  doneCount: z.number().int().min(0),
  requiredCount: z.number().int().min(0),
  startedAt: z.iso.datetime().nullable(),
  completedAt: z.iso.datetime().nullable(),
  dismissedAt: z.iso.datetime().nullable(),
  snoozedUntil: z.iso.datetime().nullable(),
  updatedAt: z.iso.datetime().nullable(),
});
export type Progress = z.infer<typeof ProgressSchema>;

/** The seven operations; all but `get` are writes, each answering the whole new progress. */
export const ProgressOperationSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('complete'), itemId: z.string().min(1).max(64) }),
  z.strictObject({ type: z.literal('skip'), itemId: z.string().min(1).max(64) }),
  z.strictObject({ type: z.literal('dismiss') }),
  z.strictObject({ type: z.literal('snooze'), days: z.number().int().min(1).max(365) }),
  z.strictObject({ type: z.literal('resume') }),
  z.strictObject({ type: z.literal('reset') }),
]);
export type ProgressOperation = z.infer<typeof ProgressOperationSchema>;

/**
 * Body of a progress write. With an author token the identity comes from the token and these
 * fields may be left out (if sent, they must match it); without one `userId` is required.
 */
export const ProgressWriteBodySchema = z.strictObject({
  userId: IdentityValueSchema.optional().describe(USER_ID_DOC),
  workspaceKey: IdentityValueSchema.optional().describe(WORKSPACE_KEY_DOC),
});
export type ProgressWriteBody = z.infer<typeof ProgressWriteBodySchema>;

export const SnoozeBodySchema = ProgressWriteBodySchema.extend({
  days: z.number({ error: 'days must be a whole number of days' }).int({ error: 'days must be a whole number of days' }).min(1).max(365),
});
export type SnoozeBody = z.infer<typeof SnoozeBodySchema>;

/** Query of `GET /api/v1/progress/:flowId`. */
export const ProgressQuerySchema = ProgressWriteBodySchema;

/** `POST /api/v1/outcomes`: an integration reports that `event` happened for a user. */
export const OutcomeBodySchema = z.strictObject({
  flowId: z.string().min(1).max(64),
  userId: IdentityValueSchema.optional().describe(USER_ID_DOC),
  workspaceKey: IdentityValueSchema.optional().describe(WORKSPACE_KEY_DOC),
  event: z.string().trim().min(1).max(120),
  occurredAt: z.iso.datetime({ error: 'occurredAt must be an ISO 8601 date-time' }).optional(),
});
export type OutcomeBody = z.infer<typeof OutcomeBodySchema>;

/** What `POST /api/v1/outcomes` answers: the outcome and the user's new progress. */
export const OutcomeResultSchema = z.strictObject({
  outcomeId: z.string(),
  event: z.string(),
  completedItemIds: z.array(z.string()),
  progress: ProgressSchema,
});
export type OutcomeResult = z.infer<typeof OutcomeResultSchema>;
