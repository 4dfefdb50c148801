/**
 * The SDK's errors: the hierarchy shared with `@inlay/client` lives in `@inlay/core`, so an
 * error from either SDK passes the other's {@link isInlayError}. Webhook verification adds its own.
 */
import { InlayError } from '@inlay/core';

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
export type { InlayErrorInit, ResponseDetails } from '@inlay/core';

/**
 * A webhook whose signature, timestamp or body did not verify (see `webhooks.verify`). `code`
 * says why; `status` is 400, the status to answer the delivery with. Never retried, never sent
 * to Inlay.
 */
export class InlayWebhookVerificationError extends InlayError {
  override readonly name: string = 'InlayWebhookVerificationError';

  constructor(code: WebhookVerificationErrorCode, message: string, cause?: unknown) {
    super({ type: 'webhook_verification', code, message, status: 400, cause });
  }
}

/** Why a webhook did not verify. */
export type WebhookVerificationErrorCode =
  | 'webhook_header_missing'
  | 'webhook_timestamp_invalid'
  | 'webhook_timestamp_too_old'
  | 'webhook_timestamp_too_new'
  | 'webhook_signature_invalid'
  | 'webhook_payload_invalid';

