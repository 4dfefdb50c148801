import type { KeyMode } from '@inlay/core';
import type { Generated, Kysely } from 'kysely';
import type { Db } from '../db/connect.js';
import type { Database } from '../db/schema.js';

/** Kysely types of migration 0024's tables, kept beside the code that uses them. */
export type EmailKind = 'status_changed' | 'team_comment';
export type EmailStatus = 'pending' | 'sent' | 'failed' | 'skipped';

export interface EmailOutboxTable {
  id: string;
  workspace_id: string;
  mode: KeyMode;
  board_id: string;
  post_id: string;
  kind: EmailKind;
  /** JSON: `{from, to}` statuses, or `{commentId}`. */
  data: string;
  status: EmailStatus;
  attempts: number;
  next_attempt_at: number;
  lease_until: number;
  error: string | null;
  created_at: string;
  updated_at: string;
  /** 1 once the row's recipients are in `email_recipients` (migration 0028). */
  listed: Generated<number>;
  /** The token of the claim holding the lease (migration 0029); null before the first claim. */
  lease_owner: string | null;
}

/** Who an outbox row tells, listed at its first claim (migration 0028); addresses in lower case. */
export interface EmailRecipientsTable {
  outbox_id: string;
  email: string;
  name: string | null;
}

export interface EmailSendsTable {
  outbox_id: string;
  email: string;
  sent_at: string;
  /** The mail server's answer when it refused the address for good (migration 0026); null when it accepted the message. */
  refused: string | null;
}

export interface EmailUnsubscribesTable {
  workspace_id: string;
  mode: KeyMode;
  email: string;
  created_at: string;
}

export interface EmailKeysTable {
  id: string;
  secret: string;
  created_at: string;
}

export type EmailTables = {
  email_outbox: EmailOutboxTable;
  email_sends: EmailSendsTable;
  email_recipients: EmailRecipientsTable;
  email_unsubscribes: EmailUnsubscribesTable;
  email_keys: EmailKeysTable;
};

/** The database with the email tables typed (they are not in db/schema.ts's `Database`). */
export function emailDb(db: Db): Kysely<Database & EmailTables> {
  return db.withTables<EmailTables>();
}
