import type { Storage } from '../db/connect.js';
import type { ServerOptions } from '../options.js';
import { EmailSender } from './sender.js';

/**
 * The email sender of a server, or undefined when email is off (no `email.smtpUrl`). Each email
 * carries an unsubscribe link to `publicUrl`, so email needs it (docs/feedback.md#email).
 */
export function openEmailSender(storage: Storage, options: ServerOptions, log: { warn(obj: object, msg: string): void }): EmailSender | undefined {
  const { smtpUrl } = options.email;
  if (smtpUrl === undefined) return undefined;
  if (options.publicUrl === undefined) {
    throw new Error('email.smtpUrl needs publicUrl (INLAY_PUBLIC_URL): every email links to this server to unsubscribe');
  }
  return new EmailSender(storage, { ...options.email, smtpUrl }, options.publicUrl, log);
}
