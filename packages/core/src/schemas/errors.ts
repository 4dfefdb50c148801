import { z } from 'zod';

/** Error types and the HTTP status each one always has (docs/api.md). */
export const ERROR_TYPES = {
  invalid_request: 400,
  authentication: 401,
  plan: 402,
  permission: 403,
  not_found: 404,
  timeout: 408,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorType = keyof typeof ERROR_TYPES;
export const ErrorTypeSchema = z.enum(Object.keys(ERROR_TYPES) as [ErrorType, ...ErrorType[]]);

interface ErrorCodeInfo {
  type: ErrorType;
  description: string;
}

/**
 * Every error code the server sends. `docs/errors.md` documents each one, and a test fails when
 * a code is missing there. Clients should treat the code list as open: new codes may be added.
 */
export const ERROR_CODES = {
  parameter_invalid: { type: 'invalid_request', description: 'A field has the wrong type or an out-of-range value; `param` names it.' },
  parameter_missing: { type: 'invalid_request', description: 'A required field is absent; `param` names it.' },
  parameter_unknown: { type: 'invalid_request', description: 'The body or query has a field the route does not take; `param` names it. Unknown fields are rejected, never stripped.' },
  invalid_json: { type: 'invalid_request', description: 'The body is not valid JSON, or is empty where JSON is required.' },
  unsupported_content_type: { type: 'invalid_request', description: 'The body is not `application/json`.' },
  search_too_expensive: { type: 'invalid_request', description: 'The search `q` would cost too much (too many distinct terms, or it went past the row or time budget); search with fewer, more specific terms.' },
  api_key_missing: { type: 'authentication', description: 'No `Authorization: Bearer <key>` header.' },
  api_key_invalid: { type: 'authentication', description: 'The key is malformed or unknown.' },
  api_key_revoked: { type: 'authentication', description: 'The key was revoked on the dashboard or with `inlay keys revoke`.' },
  access_token_invalid: { type: 'authentication', description: 'The OAuth access token is unknown, expired, revoked, or for another MCP resource.' },
  session_required: { type: 'authentication', description: 'A dashboard route (`/dashboard/api`) needs a signed-in dashboard session cookie; none was sent, it expired, or an API key was sent instead (dashboard routes never take keys).' },
  sign_in_failed: { type: 'authentication', description: 'Dashboard sign-in: wrong email or password (the same answer for an email with no account).' },
  author_token_expired: { type: 'authentication', description: 'The author token has expired; mint a fresh one and retry.' },
  plan_required: { type: 'plan', description: "The workspace's plan does not cover this live-mode operation; the message names the plan needed." },
  wrong_key_kind: { type: 'permission', description: 'A publishable key was sent to a secret-key route, or the other way round.' },
  csrf_token_invalid: { type: 'permission', description: 'A dashboard write without the session\'s token in `x-csrf-token`, or with another one (docs/dashboard-api.md).' },
  origin_not_allowed: { type: 'permission', description: "The request's `Origin` is not in the flow's, board's or importer's `allowedOrigins`." },
  live_key_not_allowed: { type: 'permission', description: 'MCP takes a test secret key as Bearer (or an OAuth access token); live keys are refused.' },
  author_token_required: { type: 'permission', description: 'The operation needs an `Inlay-Author-Token` header.' },
  author_token_invalid: { type: 'permission', description: 'The author token is not valid for this workspace, mode, service or resource.' },
  not_found: { type: 'not_found', description: "The object does not exist, or belongs to another workspace or mode. Existence is never revealed." },
  not_published: { type: 'not_found', description: 'The flow, board or importer exists but has never been published.' },
  invite_invalid: { type: 'not_found', description: 'The dashboard invite link is unknown, used or expired; ask for a new one.' },
  route_not_found: { type: 'not_found', description: 'No route has this method and path.' },
  idempotency_key_reused: { type: 'conflict', description: 'The `Idempotency-Key` was used in the last 24 hours with a different request.' },
  idempotency_key_in_use: { type: 'conflict', description: 'A request with this `Idempotency-Key` is still being processed.' },
  identity_mismatch: { type: 'permission', description: 'The body or query names another user or account than the author token.' },
  feature_disabled: { type: 'permission', description: "The resource's config turns this feature off (e.g. skipping, snoozing or dismissing a flow)." },
  not_comment_author: { type: 'permission', description: 'The comment is another author’s: only its author edits it; only its author or the team deletes it.' },
  confirmation_mismatch: { type: 'invalid_request', description: 'A dashboard delete whose `confirmName` is not exactly the name of the flow, board or importer.' },
  snooze_days_not_allowed: { type: 'invalid_request', description: "`days` is not one of the flow's `snoozeDays`." },
  session_expired: { type: 'conflict', description: 'The import session is older than 24 hours; open a new one.' },
  session_completed: { type: 'conflict', description: 'The import session was already completed; `current` holds it.' },
  session_not_completed: { type: 'conflict', description: "The import session's rows are served once it completes; it is still open." },
  rows_acknowledged: { type: 'conflict', description: "The import session's rows were acknowledged and deleted; `current` holds the acknowledgement." },
  invalid_transition: { type: 'conflict', description: 'The move is not allowed from the current state; `current` holds that state.' },
  edit_window_closed: { type: 'conflict', description: 'A comment can be edited for 15 minutes after it was written; this one is older.' },
  dependency_incomplete: { type: 'conflict', description: 'The item depends on items not yet done; `current` holds the progress.' },
  body_too_large: { type: 'too_large', description: 'The body is larger than the route allows.' },
  headers_too_large: { type: 'too_large', description: "The request's headers are larger than the server accepts (16 KiB); the connection is closed." },
  malformed_request: { type: 'invalid_request', description: 'The request is not valid HTTP; the connection is closed.' },
  request_timeout: { type: 'timeout', description: "The request's headers or body arrived too slowly (the server's `timeouts`); the connection is closed." },
  session_upload_limit: { type: 'too_large', description: "The chunk would take the import session past its most rows or bytes; the message names the limit and the server option that sets it." },
  daily_upload_limit: { type: 'too_large', description: "The chunk would take the workspace past its most uploaded rows or bytes for the day (UTC); the message names the limit and the server option that sets it." },
  rate_limited: { type: 'rate_limited', description: 'Too many requests; wait for the `Retry-After` seconds.' },
  internal_error: { type: 'internal', description: 'Something failed on the server. The message is hidden; quote the `requestId`.' },
  not_ready: { type: 'unavailable', description: 'The server cannot reach its database (`GET /readyz`); a load balancer should send traffic elsewhere.' },
} as const satisfies Record<string, ErrorCodeInfo>;

export type KnownErrorCode = keyof typeof ERROR_CODES;
/** Open union: known codes autocomplete, and future codes still type-check. */
export type ErrorCode = KnownErrorCode | (string & {});

/** The body of every error response. */
export const ErrorBodySchema = z.strictObject({
  error: z.strictObject({
    type: ErrorTypeSchema,
    code: z.string(),
    message: z.string(),
    param: z.string().optional(),
    /** On some conflicts: the object's current state (e.g. the progress an illegal move left unchanged). */
    current: z.unknown().optional(),
    requestId: z.string(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** HTTP status of an error code. */
export function statusOfErrorCode(code: KnownErrorCode): number {
  return ERROR_TYPES[ERROR_CODES[code].type];
}
