/**
 * The SDK's errors: the hierarchy shared with `@inlay/node` lives in `@inlay/core`, so an error
 * from either SDK passes the other's {@link isInlayError}, and two copies on one page agree.
 */
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
} from '@inlay/core';
export type { InlayErrorInit } from '@inlay/core';
