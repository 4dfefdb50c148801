import { createHmac, randomBytes } from 'node:crypto';

/** `whsec_` + base64 of 32 random bytes: Standard Webhooks' secret format (docs/webhooks.md). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** How long a rotated-out secret still signs, beside the new one. */
export const SECRET_OVERLAP_MS = 24 * 3_600_000;

/** One `v1,<base64 HMAC-SHA256>` entry over `${id}.${timestamp}.${body}`. */
export function signatureEntry(secret: string, id: string, timestamp: string, body: string): string {
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice(6) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The `webhook-signature` header: the current secret's entry, then the previous one's during the overlap. */
export function signatureHeader(secrets: readonly string[], id: string, timestamp: string, body: string): string {
  return secrets.map((secret) => signatureEntry(secret, id, timestamp, body)).join(' ');
}
