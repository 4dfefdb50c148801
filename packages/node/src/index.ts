// Public entry point of @inlay/node. Every export is named; modules have no side effects.
export { Inlay } from './inlay.js';
export type { BoardsResource, FeedbackApi, FlowsResource, ImporterApi, ImportersResource, OnboardingApi } from './inlay.js';
export type { InlayOptions, PostOptions, RequestOptions } from './options.js';
export { ListPromise } from './list.js';
export type { ListParams } from './list.js';
export { ManagementResource } from './resources/management.js';
export type { UpdateDraftParams } from './resources/management.js';
export { UsageResource } from './resources/usage.js';
export type { UsageParams } from './resources/usage.js';
export { AuthorTokensResource } from './resources/author-tokens.js';
export { ImportSessionsResource } from './resources/sessions.js';
export { PostsResource } from './resources/posts.js';
export type { SessionRowsParams } from './resources/sessions.js';
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
  InlayWebhookVerificationError,
  isInlayError,
} from './errors.js';
export type { InlayErrorInit, WebhookVerificationErrorCode } from './errors.js';
export { DEFAULT_WEBHOOK_TOLERANCE_SEC, signWebhook, verifyWebhook, webhooks } from './webhooks.js';
export type { SignedWebhookHeaders, SignWebhookOptions, VerifyWebhookOptions, WebhookHeaders, Webhooks } from './webhooks.js';
export { toRecords, validateRows } from './importer.js';
export { isExtraObject } from '@inlay/core';
export type { ImportRow, ValidatedRows } from './importer.js';
export { validateRowsWithHooks } from './importer-hooks.js';
// The wire types the methods take and answer, so callers need not depend on @inlay/core.
export type {
  AuthorToken,
  BoardCategory,
  BoardConfig,
  BoardConfigInput,
  CellError,
  CreateResourceBody,
  FeedbackAuthorTokenRequest,
  FlowConfig,
  FlowConfigInput,
  HookCellMessage,
  HookRow,
  HookRowChange,
  ImportErrorCode,
  ImporterConfig,
  ImporterConfigInput,
  ImporterCreateResult,
  ImportValue,
  ListPage,
  OnboardingAuthorTokenRequest,
  PublishResult,
  ResourceRecord,
  ResourceSummary,
  RevisionSummary,
  RowCells,
  RowHooks,
  RowOptions,
  RowsAcknowledgement,
  Voter,
  SaveDraftResult,
  SessionRow,
  SessionRowsPage,
  RowExtra,
  TableConfig,
  TableValidation,
  TransformRowHook,
  Usage,
  ValidateRowHook,
} from '@inlay/core';
