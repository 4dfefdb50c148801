export { LIMITS } from './limits.js';
export {
  API_KEY_PATTERN,
  ApiKeySchema,
  KeyKindSchema,
  KeyModeSchema,
  keyKindName,
  parseApiKey,
} from './schemas/keys.js';
export type { KeyKind, KeyMode, ParsedApiKey } from './schemas/keys.js';
export { dataEnvelope, listPage, ListQuerySchema, NoBodySchema, NoQuerySchema } from './schemas/envelope.js';
export type { ListPage, ListQuery } from './schemas/envelope.js';
export {
  EmptyStateSchema,
  HttpUrlSchema,
  LinkHrefSchema,
  NameSchema,
  ObjectIdSchema,
  TimestampSchema,
  wholeNumberParam,
} from './schemas/common.js';
export {
  ERROR_CODES,
  ERROR_TYPES,
  ErrorBodySchema,
  ErrorTypeSchema,
  statusOfErrorCode,
} from './schemas/errors.js';
export type { ErrorBody, ErrorCode, ErrorType, KnownErrorCode } from './schemas/errors.js';
export {
  ChecklistItemIdSchema,
  ChecklistItemSchema,
  ChecklistTogglesSchema,
  EligibilityRuleSchema,
  EligibilitySchema,
  FlowConfigSchema,
  ItemAnchorSchema,
  ItemCompletionSchema,
  OriginPatternSchema,
  PagePatternSchema,
} from './schemas/onboarding.js';
export { onPages, pageMatches, pagePatternProblem } from './logic/pages.js';
export { selectorProblem } from './schemas/selectors.js';
export type {
  ChecklistItem,
  ChecklistToggles,
  Eligibility,
  EligibilityRule,
  FlowConfig,
  FlowConfigInput,
  ItemAnchor,
  ItemCompletion,
} from './schemas/onboarding.js';
export { BoardBrandingSchema, BoardCategoriesSchema, BoardCategorySchema, BoardConfigSchema, CategoryIdSchema } from './schemas/feedback.js';
export type { BoardBranding, BoardCategory, BoardConfig, BoardConfigInput } from './schemas/feedback.js';
export {
  FieldDefinitionSchema,
  FieldKeySchema,
  FieldTypeSchema,
  ImporterConfigSchema,
  ImportDeliverySchema,
  UnmappedColumnsSchema,
} from './schemas/importer.js';
export type { FieldDefinition, FieldType, ImportDelivery, ImporterConfig, ImporterConfigInput, UnmappedColumns } from './schemas/importer.js';
export { EXTRA_KEY, type ExtraColumn, extraColumns } from './importer/extra-columns.js';
export {
  CreateResourceBodySchema,
  draftSchema,
  ImporterCreateResultSchema,
  publishedConfigSchema,
  publishedSchema,
  PublishResultSchema,
  resourceRecordSchema,
  ResourceActionBodySchema,
  ResourceKindSchema,
  resourceSummarySchema,
  revisionSchema,
  REVISIONS_LISTED,
  RevisionSummarySchema,
  saveDraftBodySchema,
  SaveDraftResultSchema,
} from './schemas/resources.js';
export type {
  CreateResourceBody,
  ImporterCreateResult,
  PublishedConfig,
  PublishResult,
  ResourceActionBody,
  ResourceKind,
  ResourceRecord,
  ResourceSummary,
  RevisionSummary,
  SaveDraftResult,
} from './schemas/resources.js';
export {
  AUTHOR_TOKEN_ISSUER,
  AUTHOR_TOKEN_TYP,
  AuthorTokenClaimsSchema,
  AuthorTokenSchema,
  FeedbackAuthorTokenRequestSchema,
  OnboardingAuthorTokenRequestSchema,
} from './schemas/author-tokens.js';
export type {
  AuthorToken,
  AuthorTokenClaims,
  FeedbackAuthorTokenRequest,
  OnboardingAuthorTokenRequest,
} from './schemas/author-tokens.js';
export { UsageQuerySchema, UsageSchema } from './schemas/usage.js';
export type { Usage, UsageQuery } from './schemas/usage.js';
export {
  isLocalDevelopmentOrigin,
  normaliseOrigin,
  originAllowed,
  originMatches,
  originPatternProblem,
} from './logic/origins.js';
export { SERVICE_NAMES, SERVICES } from './services.js';
export type { ServiceDescriptor, ServiceName } from './services.js';
export {
  FlowStateSchema,
  ItemStateSchema,
  OutcomeBodySchema,
  OutcomeResultSchema,
  ProgressIdentitySchema,
  ProgressItemSchema,
  ProgressOperationSchema,
  ProgressQuerySchema,
  ProgressSchema,
  ProgressWriteBodySchema,
  SnoozeBodySchema,
} from './schemas/progress.js';
export type {
  FlowState,
  ItemState,
  OutcomeBody,
  OutcomeResult,
  Progress,
  ProgressIdentity,
  ProgressItem,
  ProgressOperation,
  ProgressWriteBody,
  SnoozeBody,
} from './schemas/progress.js';
export { applyOperation, blockingDependencies, completeByEvent, flowStateOf, newProgress, reconcile } from './logic/progress.js';
export type { ApplyResult, ProgressContext, ProgressEvent, ProgressRefusal } from './logic/progress.js';
export { isEligible, ruleHolds } from './logic/eligibility.js';
export type { Traits } from './logic/eligibility.js';
export {
  CommentActionBodySchema,
  CommentSchema,
  CreateCommentBodySchema,
  CreatePostBodySchema,
  DeletedCommentSchema,
  PageQuerySchema,
  VoterSchema,
  PostAuthorInputSchema,
  PostAuthorSchema,
  PostListQuerySchema,
  PostReadQuerySchema,
  PostSchema,
  PostSortSchema,
  POST_STATUS_LABELS,
  PostStatusSchema,
  VoteBodySchema,
  VoteResultSchema,
} from './schemas/posts.js';
export type {
  Comment,
  CommentActionBody,
  CreateCommentBody,
  CreatePostBody,
  DeletedComment,
  PageQuery,
  Voter,
  Post,
  PostAuthor,
  PostAuthorInput,
  PostListQuery,
  PostReadQuery,
  PostSort,
  PostStatus,
  VoteBody,
  VoteResult,
} from './schemas/posts.js';
export {
  ColumnMappingSchema,
  CompleteSessionBodySchema,
  CreateSessionBodySchema,
  ImportSessionSchema,
  SESSION_TTL_MS,
  SessionMetadataSchema,
  SessionStatusSchema,
  UPLOAD_CHUNKS_MAX,
  UPLOAD_ROWS_PER_CHUNK,
  UploadRowsBodySchema,
  UploadRowsResultSchema,
  UploadStatusSchema,
  SESSION_ROWS_PAGE_DEFAULT,
  SESSION_ROWS_PAGE_MAX,
  SessionRowsQuerySchema,
  SessionRowSchema,
  SessionRowsPageSchema,
  RowExtraSchema,
  isExtraObject,
  RowsAcknowledgementSchema,
} from './schemas/sessions.js';
export type {
  ColumnMapping,
  CompleteSessionBody,
  CreateSessionBody,
  ImportSession,
  SessionStatus,
  UploadRowsBody,
  UploadRowsResult,
  UploadStatus,
  SessionRowsQuery,
  SessionRow,
  SessionRowsPage,
  RowExtra,
  RowsAcknowledgement,
} from './schemas/sessions.js';
export {
  mcpUpdateDraftInputSchema,
  McpCreateInputSchema,
  McpInstallSnippetInputSchema,
  McpListInputSchema,
  McpListRevisionsInputSchema,
  McpResourceInputSchema,
  McpRestoreRevisionInputSchema,
} from './schemas/mcp.js';
export type {
  CellError,
  ByteRecords,
  ColumnIndexMapping,
  DateOrder,
  DuplicateGroup,
  ImportErrorCode,
  ImportValue,
  NumberFormat,
  RowCells,
  RowOptions,
  ValidationOptions,
} from './importer/types.js';
export { validateValue } from './importer/values.js';
export type { ValueResult } from './importer/values.js';
export { detectNumberFormat, parseNumber } from './importer/number-format.js';
export { dateInOrder, detectDateOrder } from './importer/dates.js';
export { isoDateOfDays } from './importer/calendar.js';
export { ColumnTallies, DateOrderTally, detectColumnFormats, NumberFormatTally } from './importer/column-formats.js';
export type { ColumnFormats, DateColumnOrder, NumberColumnFormat } from './importer/column-formats.js';
export { validateRow } from './importer/validate-row.js';
export type { RowValidation } from './importer/validate-row.js';
export { TableValidator } from './importer/table-validator.js';
export { cellText, recordsCells } from './importer/byte-records.js';
export type { CellChange, DuplicateStrategy, TableConfig, TableReview, TableValidation } from './importer/table-validator.js';
export type { ColumnReader } from './importer/value-columns.js';
export { detectTableFormats, toRecords, validateTable } from './importer/validate-table.js';
export type { TableFormats } from './importer/validate-table.js';
export { normalizeHeader } from './importer/normalize-header.js';
export { mappingFromMatches, matchColumns } from './importer/match-columns.js';
export type { ColumnMatch, MatchMethod } from './importer/match-columns.js';
export { headerFingerprint, rememberMapping } from './importer/remembered-mapping.js';
export { RememberedMappingSchema } from './schemas/remembered-mapping.js';
export type { RememberedMapping } from './importer/remembered-mapping.js';
export { compileSafePattern, patternProblem, UnsafePatternError } from './importer/safe-pattern.js';
export type { SafePattern } from './importer/safe-pattern.js';
export { headerSynonyms } from './importer/synonyms.js';
export { cellWarnings, formulaFieldKeys, formulaWarnings, isFormulaText, neutralizeFormula, neutralizeRecords, neutralizesFormulas } from './importer/formulas.js';
export { IMPRECISE, markUnreadable, NESTED, readerRefusal, shownText, UNREADABLE } from './importer/reader-marks.js';
export { applyHookChanges, applyHookMessages, HOOK_BATCH_SIZE, hookValueText, runRowHooks, validatorHookTarget } from './importer/hooks.js';
export type { HookCellMessage, HookRow, HookRowChange, HookTarget, RowHooks, TransformRowHook, ValidateRowHook } from './importer/hooks.js';
export type { SuggestedMapping, SuggestMappingHook, SuggestMappingInput } from './importer/mapping-hook.js';
export {
  errorFromResponse,
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
  isRecord,
} from './http/errors.js';
export type { InlayErrorInit, ResponseDetails } from './http/errors.js';
// The request core both SDKs are built on (retries, Retry-After, idempotency keys, error decoding).
export { backoffMs, isRetryable, parseRetryAfter, retryDelayMs } from './http/retry.js';
export type { RetryPolicy } from './http/retry.js';
export { generateIdempotencyKey } from './http/idempotency.js';
export { checkMaxNetworkRetries, checkTimeout, createHttpClient, queryString } from './http/request.js';
export type {
  AbortSignalLike,
  HttpCall,
  HttpClient,
  HttpFetch,
  HttpPlatform,
  HttpRequestInit,
  HttpResponseLike,
  HttpTimers,
} from './http/request.js';
export {
  BoardPublishedDataSchema,
  CommentEventDataSchema,
  FlowPublishedDataSchema,
  ImporterPublishedDataSchema,
  ImportSessionCompletedDataSchema,
  OutcomeRecordedDataSchema,
  PostCreatedDataSchema,
  PostMergedDataSchema,
  PostStatusChangedDataSchema,
  ProgressCompletedDataSchema,
  ProgressDismissedDataSchema,
  VoteDataSchema,
  WEBHOOK_DATA_SCHEMAS,
  WEBHOOK_EVENT_TYPES,
  WebhookEventSchema,
  WebhookEventTypeSchema,
  WebhookTestDataSchema,
} from './schemas/webhooks.js';
export type { WebhookEvent, WebhookEventData, WebhookEventType } from './schemas/webhooks.js';
