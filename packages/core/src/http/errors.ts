/**
 * The SDKs' errors, modelled on stripe-node and shared by `@inlay/client` and `@inlay/node`: one
 * `InlayError` base carrying the server's error body (docs/api.md), and a subclass per HTTP
 * status so callers can branch with `instanceof` inside one copy of an SDK, or on `type`/`code`
 * and {@link isInlayError} across copies and packages.
 */

/** Registered symbol, so the brand survives separate copies of the SDKs on one page or server. */
const INLAY_ERROR = Symbol.for('inlay.error');

/** What an {@link InlayError} is built from. */
export interface InlayErrorInit {
  type: string;
  code: string;
  message: string;
  /** HTTP status; 0 when no response arrived. */
  status: number;
  requestId?: string | undefined;
  param?: string | undefined;
  current?: unknown;
  headers?: Record<string, string> | undefined;
  raw?: unknown;
  cause?: unknown;
}

/**
 * Any failure of an Inlay call: an error response, a malformed response, or no response at all.
 *
 * @example
 * ```ts
 * try {
 *   await client.complete('flow_123', 'connect-bank');
 * } catch (error) {
 *   if (isInlayError(error) && error.code === 'invalid_transition') showProgress(error.current);
 * }
 * ```
 */
export class InlayError extends Error {
  override readonly name: string = 'InlayError';
  // The fields below are `declare`d: the constructor sets each, in this order, so class field
  // declarations would only repeat their names in every script-tag bundle (docs/decisions.md,
  // "Widget bundle budgets (measured)").
  /** The error type: one of docs/api.md's types, or `connection`/`api` for client-side failures. */
  declare readonly type: string;
  /** Machine-readable code (`docs/errors.md`); treat the list as open. */
  declare readonly code: string;
  /** HTTP status; 0 for {@link InlayConnectionError}. */
  declare readonly status: number;
  /** The `Request-Id` to quote when asking for support; undefined when no response arrived. */
  declare readonly requestId: string | undefined;
  /** The request field the error is about, when there is one (e.g. `config.items.0.id`). */
  declare readonly param: string | undefined;
  /** On some conflicts, the object's current state. */
  declare readonly current: unknown;
  /** The response headers, lower-cased; empty when no response arrived. */
  declare readonly headers: Record<string, string>;
  /** The server's `error` object, the unparsed body, or the thrown network error. */
  declare readonly raw: unknown;

  constructor(init: InlayErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.type = init.type;
    this.code = init.code;
    this.status = init.status;
    this.requestId = init.requestId;
    this.param = init.param;
    this.current = init.current;
    this.headers = init.headers ?? {};
    this.raw = init.raw;
    Object.defineProperty(this, INLAY_ERROR, { value: true });
  }
}

// The subclasses differ from InlayError only in their name (and 429 in `retryAfterSec`), so one
// small factory makes them: each is still its own class for `instanceof`, with `name` an own
// field as before, in far fewer bytes of every script-tag bundle (docs/decisions.md, "Widget
// bundle budgets (measured)"). A class made under a computed key takes the key as its own name:
// loggers read `constructor.name` (pino's `type`), which an anonymous class leaves empty.
const subclass = (name: string) => {
  const full = `Inlay${name}Error`;
  return {
    [full]: class extends InlayError {
      override readonly name: string = full;
    },
  }[full] as new (...args: ConstructorParameters<typeof InlayError>) => InlayError;
};

/** 400 or 413: the request is malformed, has an invalid field (`param`), or is too large. */
export const InlayInvalidRequestError = subclass('InvalidRequest');
export type InlayInvalidRequestError = InstanceType<typeof InlayInvalidRequestError>;

/** 401: the key is missing, unknown or revoked, or the author token has expired. */
export const InlayAuthenticationError = subclass('Authentication');
export type InlayAuthenticationError = InstanceType<typeof InlayAuthenticationError>;

/** 402: the workspace's plan does not cover this live-mode operation. */
export const InlayPlanError = subclass('Plan');
export type InlayPlanError = InstanceType<typeof InlayPlanError>;

/** 403: wrong key kind, origin not allowed, author token missing or invalid, feature disabled. */
export const InlayPermissionError = subclass('Permission');
export type InlayPermissionError = InstanceType<typeof InlayPermissionError>;

/** 404: the object does not exist, or belongs to another workspace. */
export const InlayNotFoundError = subclass('NotFound');
export type InlayNotFoundError = InstanceType<typeof InlayNotFoundError>;

/** 409: an illegal move (`current` holds the state), or `idempotency_key_reused`. */
export const InlayConflictError = subclass('Conflict');
export type InlayConflictError = InstanceType<typeof InlayConflictError>;

/** 429: too many requests, still refused after the SDK's retries; wait `retryAfterSec` seconds. */
export class InlayRateLimitError extends InlayError {
  override readonly name: string = 'InlayRateLimitError';
  /** The `Retry-After` header in seconds, when the server sent one. */
  declare readonly retryAfterSec: number | undefined;

  constructor(init: InlayErrorInit & { retryAfterSec?: number | undefined }) {
    super(init);
    this.retryAfterSec = init.retryAfterSec;
  }
}

/** 5xx, any other unexpected status, or a success response that is not `{"data": …}`. */
export const InlayApiError = subclass('Api');
export type InlayApiError = InstanceType<typeof InlayApiError>;

/** No response: the network failed or the request timed out. `status` is 0, `type` `connection`. */
export const InlayConnectionError = subclass('Connection');
export type InlayConnectionError = InstanceType<typeof InlayConnectionError>;

/**
 * Whether `value` is an error thrown by any copy of this SDK or of `@inlay/client`. Prefer it to
 * `instanceof`, which fails when two copies of a package are installed.
 *
 * @example
 * ```ts
 * if (isInlayError(error) && error.status === 404) return null;
 * ```
 */
export function isInlayError(value: unknown): value is InlayError {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[INLAY_ERROR] === true;
}

/** The type each status always has (core's `ERROR_TYPES`, inverted; 413 is `too_large`); other 5xx are `internal`. */
const TYPE_OF_STATUS: Readonly<Record<number, string>> = {
  400: 'invalid_request',
  401: 'authentication',
  402: 'plan',
  403: 'permission',
  404: 'not_found',
  408: 'timeout',
  409: 'conflict',
  413: 'too_large',
  429: 'rate_limited',
  503: 'unavailable',
};

/** @internal */
export interface ResponseDetails {
  requestId: string | undefined;
  retryAfterSec: number | undefined;
  headers?: Record<string, string> | undefined;
  /** `METHOD /path`, for messages. */
  description: string;
}

/**
 * The error for a non-2xx response. The class follows the status, not the body's `type`, so a
 * proxy's bare 502 is still an {@link InlayApiError}.
 * @internal
 */
export function errorFromResponse(status: number, body: unknown, details: ResponseDetails): InlayError {
  const error = isRecord(body) && isRecord(body['error']) ? body['error'] : undefined;
  const fields: Record<string, unknown> = error ?? {};
  // Only the rate-limit error's constructor reads `retryAfterSec`.
  const ErrorClass: ErrorClass = CLASS_OF_STATUS[status] ?? InlayApiError;
  return new ErrorClass({
    status,
    headers: details.headers ?? {},
    type: stringOr(fields['type'], typeOfStatus(status)),
    code: stringOr(fields['code'], 'unexpected_response'),
    message: stringOr(fields['message'], `${details.description} failed with status ${status}${error ? '' : ' and no Inlay error body'}.`),
    requestId: details.requestId ?? optionalString(fields['requestId']),
    param: optionalString(fields['param']),
    current: fields['current'],
    raw: error ?? body,
    retryAfterSec: details.retryAfterSec,
  });
}

/** The class of each status that has its own; any other is an {@link InlayApiError}. */
type ErrorClass = new (init: InlayErrorInit & { retryAfterSec?: number | undefined }) => InlayError;
const CLASS_OF_STATUS: Readonly<Record<number, ErrorClass>> = {
  400: InlayInvalidRequestError,
  401: InlayAuthenticationError,
  402: InlayPlanError,
  403: InlayPermissionError,
  404: InlayNotFoundError,
  409: InlayConflictError,
  413: InlayInvalidRequestError,
  429: InlayRateLimitError,
};

function typeOfStatus(status: number): string {
  return TYPE_OF_STATUS[status] ?? (status >= 500 ? 'internal' : 'api');
}

/** @internal */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringOr(value: unknown, fallback: string): string {
  return typeof value === 'string' && value !== '' ? value : fallback;
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
