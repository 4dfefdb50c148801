// Public entry point of @inlay/client. Every export is named; modules have no side effects, so a
// bundler keeps only what the page uses (a feedback board never carries the onboarding client).
// Each service has its own `create…Client` over the same transport and errors.
export { createClient } from './onboarding/client.js';
export type { OnboardingClient, OutcomeParams, ProgressIdentity } from './onboarding/client.js';
export { createHostedProgressStore } from './onboarding/progress-store.js';
export type { HostedProgressStoreOptions, ProgressStore } from './onboarding/progress-store.js';
export { createFeedbackClient } from './feedback/client.js';
export type { CreatePostParams, FeedbackClient, GetPostParams, ListPostsParams, PostPage, VoteParams } from './feedback/client.js';
export { createFeedbackCommentsClient } from './feedback/comments.js';
export type { CommentPage, CreateCommentParams, DeleteCommentParams, EditCommentParams, FeedbackCommentsClient, ListCommentsParams } from './feedback/comments.js';
export { createHostedPostStore } from './feedback/post-store.js';
export type { HostedPostStoreOptions, NewPost, PostQuery, PostStore } from './feedback/post-store.js';
export { createImporterClient } from './importer/client.js';
export type { CompleteSessionParams, ImporterClient, OpenSessionParams } from './importer/client.js';
export type { ClientOptions, GetAuthorToken } from './options.js';
export {
  InlayApiError,
  InlayAuthenticationError,
  InlayConflictError,
  InlayConnectionError,
  InlayError,
  InlayInvalidRequestError,
  InlayNotFoundError,
  InlayPermissionError,
  InlayPlanError,
  InlayRateLimitError,
  isInlayError,
} from './errors.js';
export type { InlayErrorInit } from './errors.js';
// The wire types the methods answer, so callers need not depend on @inlay/core themselves.
export type {
  BoardBranding,
  BoardConfig,
  ColumnMapping,
  Comment,
  DeletedComment,
  FieldDefinition,
  FlowConfig,
  ImporterConfig,
  ImportSession,
  Post,
  PostAuthor,
  PostAuthorInput,
  PostSort,
  PostStatus,
  OutcomeResult,
  Progress,
  ProgressItem,
  ProgressOperation,
  PublishedConfig,
  VoteResult,
} from '@inlay/core';
