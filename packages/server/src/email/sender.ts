import { createHash } from 'node:crypto';
import type { PostStatus } from '@inlay/core';
import nodemailer, { type Transporter } from 'nodemailer';
import { redactUrl } from '../config/redact.js';
import type { Storage } from '../db/connect.js';
import type { EmailOptions } from '../options.js';
import { findComment } from '../repositories/feedback/comments.js';
import { findPost } from '../repositories/feedback/post-reads.js';
import { claimDue, continueRow, extendLease, finishRow, listRecipients, nextRecipients, recordSend, retryRow, type OutboxRow, type Recipient } from '../repositories/email/outbox.js';
import { onEmailQueued } from './events.js';
import { statusMessage, teamCommentMessage, type Message } from './messages.js';
import { unsubscribeToken } from './unsubscribe.js';

/**
 * Built-in email (docs/feedback.md, "Email"). A post's new status and a team comment are written
 * to the email outbox in the transaction that records their webhook event (email/events.ts), so
 * an email is queued exactly when the change commits. This sender claims due rows under a
 * lease, lists the post's voters and commenters whose author token carried an email at the row's
 * first claim (`email_recipients`), and sends each one message, in address order, noting each
 * message the mail server accepted (`email_sends`): a restart or a `kill -9` mid-send leaves the
 * row leased until its lease ends, and the retry sends only to the recipients not yet noted. Only a crash between the server's acceptance and that note can send
 * one message twice.
 */

/** Rows one claim takes. */
const CLAIM = 10;
/** Recipients one claim of a row sends to; the row's next claim goes on with the rest. */
const RECIPIENTS_PER_CLAIM = 50;
/**
 * A change older than this is not told: it was queued while email was off (every process queues),
 * and a server turning email on must not send a backlog of stale news. Pending rows this old are
 * pruned (app.ts).
 */
export const EMAIL_MAX_AGE_MS = 86_400_000;
/** A queued change wakes the sender this long after, once its transaction has committed. */
const WAKE_MS = 20;

interface Log {
  warn(obj: object, msg: string): void;
}

export class EmailSender {
  readonly #storage: Storage;
  readonly #options: EmailOptions & { smtpUrl: string };
  readonly #publicUrl: string;
  readonly #log: Log;
  readonly #transport: Transporter;
  #timer: NodeJS.Timeout | undefined;
  #wake: NodeJS.Timeout | undefined;
  #stopListening: (() => void) | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #stopped = false;

  constructor(storage: Storage, options: EmailOptions & { smtpUrl: string }, publicUrl: string, log: Log) {
    this.#storage = storage;
    this.#options = options;
    this.#publicUrl = publicUrl;
    this.#log = log;
    const url = new URL(options.smtpUrl);
    this.#transport = nodemailer.createTransport({
      host: url.hostname,
      port: url.port === '' ? undefined : Number(url.port),
      secure: url.protocol === 'smtps:',
      auth: url.username === '' ? undefined : { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
  }

  start(): void {
    this.#stopListening = onEmailQueued(this.#storage, () => this.#soon());
    this.#timer = setInterval(() => this.wake(), this.#options.pollIntervalMs);
    this.#timer.unref();
    this.wake();
  }

  /** Stops claiming; a row being sent keeps its lease, and what it did not send is sent after it. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    clearTimeout(this.#wake);
    this.#stopListening?.();
    await this.#running;
    this.#transport.close();
  }

  /** Looks for due rows now (a look already running looks again when it ends). */
  wake(): void {
    if (this.#stopped) return;
    if (this.#running !== undefined) {
      this.#again = true;
      return;
    }
    this.#running = this.#drain().finally(() => {
      this.#running = undefined;
      if (this.#again && !this.#stopped) {
        this.#again = false;
        this.wake();
      }
    });
  }

  #soon(): void {
    clearTimeout(this.#wake);
    this.#wake = setTimeout(() => this.wake(), WAKE_MS);
    this.#wake.unref();
  }

  async #drain(): Promise<void> {
    try {
      for (;;) {
        const now = Date.now();
        const rows = await claimDue(this.#storage, now, now + this.#options.leaseMs, CLAIM);
        for (const row of rows) {
          if (this.#stopped) return;
          await this.#send(row);
        }
        if (rows.length < CLAIM || this.#stopped) return;
      }
    } catch (error) {
      if (!this.#stopped) this.#log.warn({ err: error }, 'email: could not claim or record messages');
    }
  }

  /** Sends one row's messages; the row ends, waits for its retry, or goes on at its next claim. */
  async #send(row: OutboxRow): Promise<void> {
    if (Date.now() - Date.parse(row.created_at) > EMAIL_MAX_AGE_MS) return finishRow(this.#storage, row, 'skipped', 'queued more than a day before it could be sent');
    const what = await this.#describe(row);
    if (what === undefined) return finishRow(this.#storage, row, 'sent', null);
    if (row.listed === 0) await listRecipients(this.#storage, row, what.exceptKey);
    const recipients = await nextRecipients(this.#storage, row, RECIPIENTS_PER_CLAIM + 1);
    for (const recipient of recipients.slice(0, RECIPIENTS_PER_CLAIM)) {
      if (this.#stopped) return;
      // A lease that ran out while the last message was sent, and another claim has the row: it goes on from there.
      if (!(await extendLease(this.#storage, row, Date.now() + this.#options.leaseMs))) return;
      try {
        await this.#sendOne(row, recipient, what.message);
      } catch (error) {
        const message = (error as Error).message.replaceAll(this.#options.smtpUrl, redactUrl(this.#options.smtpUrl));
        if (refusedForGood(error)) {
          // This address only (no such mailbox, say): the others are still told.
          this.#log.warn({ outboxId: row.id, responseCode: (error as SmtpError).responseCode }, 'email: the mail server refused a recipient for good');
          await recordSend(this.#storage, row.id, recipient.email, message);
          continue;
        }
        const wait = this.#options.retrySchedule[row.attempts - 1];
        if (wait === undefined) return finishRow(this.#storage, row, 'failed', message);
        return retryRow(this.#storage, row, Date.now() + wait * 1000, message);
      }
      await recordSend(this.#storage, row.id, recipient.email);
    }
    if (recipients.length > RECIPIENTS_PER_CLAIM) return continueRow(this.#storage, row);
    return finishRow(this.#storage, row, 'sent', null);
  }

  async #sendOne(row: OutboxRow, recipient: Recipient, compose: (unsubscribeUrl: string) => Message): Promise<void> {
    const token = await unsubscribeToken(this.#storage, { workspaceId: row.workspace_id, mode: row.mode, email: recipient.email });
    const unsubscribeUrl = `${this.#publicUrl}/email/unsubscribe?token=${token}`;
    const message = compose(unsubscribeUrl);
    await this.#transport.sendMail({
      from: this.#options.from,
      to: recipient.name === null ? recipient.email : { name: recipient.name, address: recipient.email },
      subject: message.subject,
      text: message.text,
      // The same id on a retry: a receiving system that keeps ids can drop a repeat.
      messageId: `<${row.id}.${createHash('sha256').update(recipient.email).digest('hex').slice(0, 16)}@inlay>`,
      list: { unsubscribe: { url: unsubscribeUrl, comment: 'Unsubscribe' } },
      headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click', 'Auto-Submitted': 'auto-generated' },
    });
  }

  /** What a row tells, or undefined when there is nothing left to tell (the post or comment is gone, or no longer the team's). */
  async #describe(row: OutboxRow): Promise<{ message: (unsubscribeUrl: string) => Message; exceptKey: string | null } | undefined> {
    const scope = { workspaceId: row.workspace_id, mode: row.mode };
    const post = await findPost(this.#storage, scope, row.post_id);
    if (post === undefined) return undefined;
    const data = JSON.parse(row.data) as { from?: PostStatus; to?: PostStatus; commentId?: string };
    if (row.kind === 'status_changed' && data.from !== undefined && data.to !== undefined) {
      const { from, to } = data;
      return { message: (unsubscribeUrl) => statusMessage({ title: post.title, from, to, unsubscribeUrl }), exceptKey: null };
    }
    if (row.kind === 'team_comment' && data.commentId !== undefined) {
      const comment = await findComment(this.#storage, scope, data.commentId);
      if (comment === undefined || comment.deleted === 1 || comment.team !== 1) return undefined;
      return { message: (unsubscribeUrl) => teamCommentMessage({ title: post.title, author: comment.author_name, body: comment.body, unsubscribeUrl }), exceptKey: comment.author_key };
    }
    return undefined;
  }
}

/** What nodemailer's errors say of the SMTP exchange. */
interface SmtpError {
  command?: string;
  responseCode?: number;
}

/**
 * Whether the mail server refused this message's one recipient for good: a 5xx to RCPT TO. A
 * refusal of the sender (MAIL FROM), of the sign-in or of the message is everyone's, and a 4xx or
 * a lost connection may pass: those retry the row.
 */
function refusedForGood(error: unknown): boolean {
  const { command, responseCode } = error as SmtpError;
  return command === 'RCPT TO' && typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
}
