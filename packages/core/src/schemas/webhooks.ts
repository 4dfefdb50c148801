import { z } from 'zod';
import { KeyModeSchema } from './keys.js';

/**
 * Webhook events (docs/webhooks.md). Every payload names its workspace and mode and carries ids
 * and fields of the objects concerned — never post bodies, progress payloads, host context or
 * import rows.
 */
export const WEBHOOK_EVENT_TYPES = [
  'flow.published',
  'progress.completed',
  'progress.dismissed',
  'outcome.recorded',
  'board.published',
  'post.created',
  'post.status_changed',
  'post.merged',
  'comment.created',
  'comment.deleted',
  'vote.created',
  'vote.removed',
  'importer.published',
  'import_session.completed',
] as const;
export const WebhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof WebhookEventTypeSchema>;

const scope = { workspaceId: z.string(), mode: KeyModeSchema };
const when = z.string().describe('ISO 8601');

/** Whose progress: `userId` is null for account-level progress, `workspaceKey` when none. */
const progressOwner = { flowId: z.string(), userId: z.string().nullable(), workspaceKey: z.string().nullable() };

const revision = { name: z.string(), revisionId: z.string(), publishedAt: when };
export const FlowPublishedDataSchema = z.strictObject({ ...scope, flowId: z.string(), ...revision });
export const BoardPublishedDataSchema = z.strictObject({ ...scope, boardId: z.string(), ...revision });
export const ImporterPublishedDataSchema = z.strictObject({ ...scope, importerId: z.string(), ...revision });

export const ProgressCompletedDataSchema = z.strictObject({ ...scope, ...progressOwner, revisionId: z.string(), completedAt: when });
export const ProgressDismissedDataSchema = z.strictObject({ ...scope, ...progressOwner, revisionId: z.string(), dismissedAt: when });
export const OutcomeRecordedDataSchema = z.strictObject({
  ...scope,
  ...progressOwner,
  outcomeId: z.string(),
  event: z.string(),
  occurredAt: when,
  completedItemIds: z.array(z.string()),
});

const PostStatus = z.string();
export const PostCreatedDataSchema = z.strictObject({ ...scope, postId: z.string(), boardId: z.string(), title: z.string(), status: PostStatus, createdAt: when });
export const PostStatusChangedDataSchema = z.strictObject({
  ...scope,
  postId: z.string(),
  boardId: z.string(),
  previousStatus: PostStatus,
  status: PostStatus,
  /** How many authors vote for the post: whom a receiver may tell (`GET /api/v1/posts/:postId/voters`). */
  voterCount: z.number().int().min(0),
  changedAt: when,
});
export const PostMergedDataSchema = z.strictObject({
  ...scope,
  postId: z.string(),
  boardId: z.string(),
  intoPostId: z.string(),
  /** The voters of the post merged into, after the merge. */
  voterCount: z.number().int().min(0),
  mergedAt: when,
});
/** `comment.created`, `comment.deleted`: ids only, never the comment's text. */
export const CommentEventDataSchema = z.strictObject({ ...scope, boardId: z.string(), postId: z.string(), commentId: z.string() });
export const VoteDataSchema = z.strictObject({ ...scope, postId: z.string(), boardId: z.string(), voteCount: z.number().int().min(0), at: when });
export const ImportSessionCompletedDataSchema = z.strictObject({
  ...scope,
  sessionId: z.string(),
  importerId: z.string(),
  revisionId: z.string(),
  rowCount: z.number().int().min(0),
  errorCount: z.number().int().min(0),
  completedAt: when,
  /** The importer's `delivery`: `server` means the rows wait for `GET /api/v1/sessions/:id/rows`. */
  delivery: z.enum(['page', 'server']),
});
/** `inlay webhooks send-test`: not subscribable, sent to the one endpoint asked for. */
export const WebhookTestDataSchema = z.strictObject({ ...scope, endpointId: z.string() });

export const WEBHOOK_DATA_SCHEMAS = {
  'flow.published': FlowPublishedDataSchema,
  'progress.completed': ProgressCompletedDataSchema,
  'progress.dismissed': ProgressDismissedDataSchema,
  'outcome.recorded': OutcomeRecordedDataSchema,
  'board.published': BoardPublishedDataSchema,
  'post.created': PostCreatedDataSchema,
  'post.status_changed': PostStatusChangedDataSchema,
  'post.merged': PostMergedDataSchema,
  'comment.created': CommentEventDataSchema,
  'comment.deleted': CommentEventDataSchema,
  'vote.created': VoteDataSchema,
  'vote.removed': VoteDataSchema,
  'importer.published': ImporterPublishedDataSchema,
  'import_session.completed': ImportSessionCompletedDataSchema,
  // Not subscribable, but delivered: a receiver looking its event's type up here finds it too.
  'webhook.test': WebhookTestDataSchema,
} as const satisfies Record<WebhookEventType | 'webhook.test', z.ZodType>;

export type WebhookEventData<T extends WebhookEventType> = z.infer<(typeof WEBHOOK_DATA_SCHEMAS)[T]>;

/** The body of every delivery, Standard Webhooks' shape. */
export const WebhookEventSchema = z.discriminatedUnion('type', [
  ...WEBHOOK_EVENT_TYPES.map((type) => z.strictObject({ type: z.literal(type), timestamp: when, data: WEBHOOK_DATA_SCHEMAS[type] })),
  z.strictObject({ type: z.literal('webhook.test'), timestamp: when, data: WEBHOOK_DATA_SCHEMAS['webhook.test'] }),
] as unknown as [z.ZodObject, ...z.ZodObject[]]);
export type WebhookEvent = { [T in WebhookEventType]: { type: T; timestamp: string; data: WebhookEventData<T> } }[WebhookEventType];
