import { boundedMemo } from '../platform/bounded-memo.js';
import { createHmac, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';

/** `whsec_` + base64 of 32 random bytes: Standard Webhooks' secret format (docs/webhooks.md). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** How long a rotated-out secret still signs, beside the new one. */
export const SECRET_OVERLAP_MS = 24 * 3_600_000;

/** One `v1,<base64 HMAC-SHA256>` entry over `${id}.${timestamp}.${body}`. */
export function signatureEntry(secret: string, id: string, timestamp: string, body: string): string {
  return `v1,${createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** Decoded keys by secret, so each delivery signs with a key object made once. */
const keyOf = boundedMemo(1_000, (secret: string): KeyObject => createSecretKey(Buffer.from(secret.startsWith('whsec_') ? secret.slice(6) : secret, 'base64')));

/** The `webhook-signature` header: the current secret's entry, then the previous one's during the overlap. */
export function signatureHeader(secrets: readonly string[], id: string, timestamp: string, body: string): string {
  return secrets.map((secret) => signatureEntry(secret, id, timestamp, body)).join(' ');
}
