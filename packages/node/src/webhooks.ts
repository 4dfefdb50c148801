/**
 * Webhook signatures per the Standard Webhooks spec (docs/webhooks.md,
 * https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md):
 * `webhook-id`, `webhook-timestamp` (Unix seconds) and `webhook-signature` (space-separated
 * `v1,<base64 HMAC-SHA256>` entries) over `${id}.${timestamp}.${body}`, keyed with the
 * base64-decoded part of a `whsec_…` secret.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { InlayWebhookVerificationError } from './errors.js';

/** Five minutes either way, the spec's recommendation against replays. */
export const DEFAULT_WEBHOOK_TOLERANCE_SEC = 300;

const SECRET_PREFIX = 'whsec_';
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * The request's headers: Node's `IncomingHttpHeaders` (any case), a plain record, or a fetch
 * `Headers` (Next.js, Hono, Remix…).
 */
export type WebhookHeaders = Readonly<Record<string, string | readonly string[] | undefined>> | { get(name: string): string | null };

/** Options of {@link verifyWebhook}. */
export interface VerifyWebhookOptions {
  /**
   * How far, in seconds, `webhook-timestamp` may be from now, either way; default 300. Older
   * deliveries are refused as possible replays.
   */
  toleranceSec?: number;
}

/** Options of {@link signWebhook}. */
export interface SignWebhookOptions {
  /** The message id; default `msg_` + a random UUID. */
  id?: string;
  /** The signing time; default now. */
  timestamp?: Date;
}

/** The three headers of a signed delivery (a type alias, so it passes as a headers record). */
export type SignedWebhookHeaders = {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
};

/**
 * Verifies a webhook delivery and returns its parsed JSON payload, or throws an
 * {@link InlayWebhookVerificationError} whose `code` and message say why (missing header, bad or
 * stale timestamp, no matching signature, body not JSON). Pass the raw body exactly as received:
 * JSON re-serialised by a body parser no longer matches the signature.
 *
 * @example
 * ```ts
 * app.post('/webhooks/inlay', express.raw({ type: 'application/json' }), (req, res) => {
 *   try {
 *     const event = webhooks.verify(req.body, req.headers, process.env.INLAY_WEBHOOK_SECRET!);
 *     handle(event);
 *     res.sendStatus(204);
 *   } catch (error) {
 *     res.status(400).send(isInlayError(error) ? error.message : 'bad request');
 *   }
 * });
 * ```
 */
export function verifyWebhook<T = unknown>(
  payload: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string,
  options: VerifyWebhookOptions = {},
): T {
  const body = payloadBytes(payload);
  const key = secretKey(secret);
  const toleranceSec = options.toleranceSec ?? DEFAULT_WEBHOOK_TOLERANCE_SEC;
  if (!(toleranceSec >= 0)) throw new TypeError('Inlay: toleranceSec must be a number of seconds ≥ 0.');

  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  const missing = [id === undefined && 'webhook-id', timestamp === undefined && 'webhook-timestamp', signatures === undefined && 'webhook-signature'].filter(Boolean);
  if (id === undefined || timestamp === undefined || signatures === undefined) {
    throw new InlayWebhookVerificationError('webhook_header_missing', `The webhook has no ${missing.join(', ')} header${missing.length > 1 ? 's' : ''}.`);
  }

  if (!/^\d{1,15}$/.test(timestamp)) {
    throw new InlayWebhookVerificationError('webhook_timestamp_invalid', `webhook-timestamp ${JSON.stringify(timestamp)} is not a Unix time in seconds.`);
  }
  const age = Math.floor(Date.now() / 1000) - Number(timestamp);
  if (age > toleranceSec) {
    throw new InlayWebhookVerificationError('webhook_timestamp_too_old', `The webhook was signed ${age} s ago, more than the ${toleranceSec} s tolerance; it may be a replay.`);
  }
  if (-age > toleranceSec) {
    throw new InlayWebhookVerificationError('webhook_timestamp_too_new', `The webhook is timestamped ${-age} s in the future, more than the ${toleranceSec} s tolerance; check the clocks.`);
  }

  const expected = Buffer.from(signature(key, id, timestamp, body));
  // Several entries appear while a secret is being rotated; any one valid v1 signature is enough.
  const candidates = signatures
    .split(' ')
    .map((entry) => entry.trim())
    .filter((entry) => entry.startsWith('v1,'))
    .map((entry) => Buffer.from(entry.slice(3)));
  if (candidates.length === 0) {
    throw new InlayWebhookVerificationError('webhook_signature_invalid', 'webhook-signature has no v1 signature.');
  }
  // Lengths are not secret (every v1 signature is 44 characters); the bytes are compared in
  // constant time so the expected signature cannot be guessed byte by byte.
  if (!candidates.some((candidate) => candidate.length === expected.length && timingSafeEqual(candidate, expected))) {
    throw new InlayWebhookVerificationError(
      'webhook_signature_invalid',
      'No webhook-signature matches: the body was changed, the secret is not this endpoint\'s, or the body was re-serialised instead of passed raw.',
    );
  }

  try {
    return JSON.parse(body.toString('utf8')) as T;
  } catch (cause) {
    throw new InlayWebhookVerificationError('webhook_payload_invalid', 'The webhook is signed correctly but its body is not JSON.', cause);
  }
}

/**
 * Signs a payload as Inlay does, for tests and local tools: returns the three headers to send
 * with it.
 *
 * @example
 * ```ts
 * const body = JSON.stringify({ type: 'flow.published', data: { id: 'flow_123' } });
 * const headers = webhooks.sign(body, 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw');
 * await fetch('http://localhost:3000/webhooks/inlay', { method: 'POST', headers, body });
 * ```
 */
export function signWebhook(payload: string | Uint8Array, secret: string, options: SignWebhookOptions = {}): SignedWebhookHeaders {
  const body = payloadBytes(payload);
  const key = secretKey(secret);
  const id = options.id ?? `msg_${randomUUID()}`;
  const time = options.timestamp ?? new Date();
  if (Number.isNaN(time.getTime())) throw new TypeError('Inlay: timestamp must be a valid Date.');
  const timestamp = String(Math.floor(time.getTime() / 1000));
  return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature(key, id, timestamp, body)}` };
}

/** Webhook helpers, also available as `inlay.webhooks`. */
export const webhooks = { verify: verifyWebhook, sign: signWebhook } as const;
export type Webhooks = typeof webhooks;

function signature(key: Buffer, id: string, timestamp: string, body: Buffer): string {
  return createHmac('sha256', key).update(`${id}.${timestamp}.`).update(body).digest('base64');
}

/** The exact bytes received: a Buffer is used as is, a string as UTF-8. */
function payloadBytes(payload: string | Uint8Array): Buffer {
  if (typeof payload === 'string') return Buffer.from(payload, 'utf8');
  if (payload instanceof Uint8Array) return Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength);
  throw new TypeError(
    'Inlay: the webhook payload must be the raw request body (a string or Buffer), not parsed JSON; e.g. express.raw({ type: "application/json" }).',
  );
}

function secretKey(secret: string): Buffer {
  const encoded = typeof secret === 'string' && secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  if (typeof encoded !== 'string' || !BASE64.test(encoded)) {
    throw new TypeError('Inlay: the webhook secret must be the endpoint\'s signing secret, "whsec_" followed by base64.');
  }
  return Buffer.from(encoded, 'base64');
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  let value: string | readonly string[] | null | undefined;
  if (typeof headers.get === 'function') {
    value = (headers as { get(name: string): string | null }).get(name);
  } else {
    const record = headers as Readonly<Record<string, string | readonly string[] | undefined>>;
    const found = Object.keys(record).find((key) => key.toLowerCase() === name);
    value = found === undefined ? undefined : record[found];
  }
  // Node keeps repeated headers as arrays; repeated signature headers are more candidates.
  const joined = typeof value === 'string' ? value : Array.isArray(value) ? value.join(' ') : undefined;
  const trimmed = joined?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}
