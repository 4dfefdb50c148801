import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { KeyMode } from '@inlay/core';
import type { Storage } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { newId, nowIso } from '../../db/ids.js';
import type { Tx } from '../../db/statements.js';
import { emailDb, type EmailKind, type EmailOutboxTable, type EmailStatus, type EmailTables } from '../../email/tables.js';

/**
 * The email outbox's SQL (docs/feedback.md, "Email"): rows written in the transaction of the
 * change they tell of, claimed under a lease by the sender (email/sender.ts), one `email_sends`
 * row per message the mail server accepted. `'pending'` is written into the statements, not
 * bound, so the partial index of pending rows serves them (docs/decisions.md, "Webhook delivery
 * cost (measured)").
 */

const PENDING = sql.lit<EmailStatus>('pending');

export interface EmailChange {
  workspaceId: string;
  mode: KeyMode;
  boardId: string;
  postId: string;
  kind: EmailKind;
  data: Record<string, unknown>;
}

/** Writes one change to tell of, in the caller's transaction. */
export async function queueEmail(tx: Tx, change: EmailChange): Promise<void> {
  const now = Date.now();
  await emailDb(tx.db)
    .insertInto('email_outbox')
    .values({
      id: newId('eml'),
      workspace_id: change.workspaceId,
      mode: change.mode,
      board_id: change.boardId,
      post_id: change.postId,
      kind: change.kind,
      data: JSON.stringify(change.data),
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      lease_until: 0,
      listed: 0,
      created_at: new Date(now).toISOString(),
      updated_at: new Date(now).toISOString(),
    })
    .execute();
}

/** A claimed row; `lease_owner` is the claim's own token, which the sender's later writes of the row hold to. */
export type OutboxRow = Pick<Selectable<EmailOutboxTable>, 'id' | 'workspace_id' | 'mode' | 'board_id' | 'post_id' | 'kind' | 'data' | 'attempts' | 'created_at' | 'listed'> & { lease_owner: string };

/** A claimed row, as its own writes name it. */
type Held = Pick<OutboxRow, 'id' | 'lease_owner'>;

/** An update of a claimed row that applies only while its claim still holds the lease (migration 0029). */
function updateHeld(db: Kysely<Database & EmailTables>, row: Held) {
  return db.updateTable('email_outbox').where('id', '=', row.id).where('lease_owner', '=', row.lease_owner);
}

/**
 * Leases up to `limit` due rows until `leaseUntil`, oldest first, under a token of this claim.
 * The conditions are checked again on each row as it is locked, so on PostgreSQL a row another
 * instance leased meanwhile is left out, not leased twice.
 */
export async function claimDue(storage: Storage, now: number, leaseUntil: number, limit: number): Promise<OutboxRow[]> {
  const db = emailDb(storage.db);
  const owner = randomBytes(12).toString('base64url');
  const rows = await storage.transaction(async (tx) =>
    emailDb(tx.db)
      .updateTable('email_outbox')
      .set((eb) => ({ lease_until: leaseUntil, lease_owner: owner, attempts: eb('attempts', '+', 1) }))
      .where('status', '=', PENDING)
      .where('lease_until', '<=', now)
      .where('id', 'in', db.selectFrom('email_outbox').select('id').where('status', '=', PENDING).where('next_attempt_at', '<=', now).where('lease_until', '<=', now).orderBy('next_attempt_at').orderBy('id').limit(limit))
      .returning(['id', 'workspace_id', 'mode', 'board_id', 'post_id', 'kind', 'data', 'attempts', 'created_at', 'listed'])
      .execute(),
  );
  return rows.map((row) => ({ ...row, lease_owner: owner }));
}

export interface Recipient {
  email: string;
  name: string | null;
}

/**
 * Lists who hears of a post, once per outbox row (migration 0028): its voters and commenters
 * whose author token carried an email, once each (in lower case, as `email_unsubscribes` and
 * `email_sends` hold them), but not `exceptKey` (who made the change). Marks the row listed in
 * the same transaction, so a crash lists again from nothing.
 */
export async function listRecipients(storage: Storage, row: OutboxRow, exceptKey: string | null): Promise<void> {
  await storage.transaction(async (tx) => {
    const db = emailDb(tx.db);
    const voters = db.selectFrom('votes').select(['author_email as email', 'author_name as name', 'author_key as key']).where('post_id', '=', row.post_id);
    const commenters = db.selectFrom('comments').select(['author_email as email', 'author_name as name', 'author_key as key']).where('post_id', '=', row.post_id).where('workspace_id', '=', row.workspace_id);
    let people = db.selectFrom(voters.unionAll(commenters).as('r')).where('r.email', 'is not', null);
    if (exceptKey !== null) people = people.where('r.key', '!=', exceptKey);
    await db
      .insertInto('email_recipients')
      .columns(['outbox_id', 'email', 'name'])
      // One row per address (a name when any of its rows has one).
      .expression(people.select((eb) => [eb.val(row.id).as('outbox_id'), sql<string>`lower(r.email)`.as('email'), eb.fn.max('r.name').as('name')]).groupBy(sql`lower(r.email)`))
      .onConflict((oc) => oc.doNothing())
      .execute();
    await updateHeld(db, row).set({ listed: 1 }).execute();
  });
}

/**
 * The next `limit` recipients of a listed row in address order, after the last address it sent to
 * (a claim sends in that order), leaving out the addresses that unsubscribed from the workspace's
 * mode since it was listed and any it already sent to.
 */
export async function nextRecipients(storage: Storage, row: OutboxRow, limit: number): Promise<Recipient[]> {
  const db = emailDb(storage.db);
  const last = await db.selectFrom('email_sends').select((eb) => eb.fn.max('email').as('email')).where('outbox_id', '=', row.id).executeTakeFirst();
  let next = db.selectFrom('email_recipients as r').select(['r.email', 'r.name']).where('r.outbox_id', '=', row.id);
  if (last?.email != null) next = next.where('r.email', '>', last.email);
  return next
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('email_unsubscribes as u').select('u.email').whereRef('u.email', '=', 'r.email').where('u.workspace_id', '=', row.workspace_id).where('u.mode', '=', row.mode))),
    )
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('email_sends as s').select('s.email').whereRef('s.email', '=', 'r.email').where('s.outbox_id', '=', row.id))))
    .orderBy('r.email')
    .limit(limit)
    .execute();
}

/**
 * Holds a row being sent a while longer (before each of its messages); false when its lease ran
 * out and another claim has it since: the caller sends no more of it.
 */
export async function extendLease(storage: Storage, row: Held, leaseUntil: number): Promise<boolean> {
  const result = await updateHeld(emailDb(storage.db), row).set({ lease_until: leaseUntil }).where('status', '=', PENDING).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Notes a message the mail server accepted, or an address it refused for good (`refused`: its
 * answer), so that a retry of the row skips the recipient.
 */
export async function recordSend(storage: Storage, outboxId: string, email: string, refused: string | null = null): Promise<void> {
  await emailDb(storage.db).insertInto('email_sends').values({ outbox_id: outboxId, email, sent_at: nowIso(), refused }).onConflict((oc) => oc.doNothing()).execute();
}

/** Ends a row: every message sent (or nothing to send), failed for good, or too old to send. */
export async function finishRow(storage: Storage, row: Held, status: Exclude<EmailStatus, 'pending'>, error: string | null): Promise<void> {
  await storage.transaction(async (tx) => {
    const db = emailDb(tx.db);
    const ended = await updateHeld(db, row).set({ status, error, lease_until: 0, updated_at: nowIso() }).executeTakeFirst();
    // Who it was for is no longer needed; what it sent stays until the row is pruned.
    if (Number(ended.numUpdatedRows) === 1) await db.deleteFrom('email_recipients').where('outbox_id', '=', row.id).execute();
  });
}

/** Lets a row be claimed again at `at` (a failed attempt's retry). */
export async function retryRow(storage: Storage, row: Held, at: number, error: string): Promise<void> {
  await updateHeld(emailDb(storage.db), row).set({ next_attempt_at: at, lease_until: 0, error, updated_at: nowIso() }).execute();
}

/**
 * Lets a row whose claim sent all it could be claimed again at once for its remaining recipients:
 * that claim was no failed attempt, so it gives back the attempt it counted.
 */
export async function continueRow(storage: Storage, row: Held): Promise<void> {
  await updateHeld(emailDb(storage.db), row)
    .set((eb) => ({ next_attempt_at: Date.now(), lease_until: 0, attempts: eb('attempts', '-', 1), updated_at: nowIso() }))
    .execute();
}

/**
 * Drops ended rows (and what they sent) a while after they ended (`endedBefore`), and pending rows
 * queued before `queuedBefore` that nobody is sending: the sender never sends those (a change that
 * old is skipped), and a server with email off would otherwise keep every change it queued.
 */
export async function pruneEmailOutbox(storage: Storage, limits: { endedBefore: Date; queuedBefore: Date }): Promise<void> {
  const db = emailDb(storage.db);
  await db.deleteFrom('email_outbox').where('status', '!=', PENDING).where('updated_at', '<', limits.endedBefore.toISOString()).execute();
  await db.deleteFrom('email_outbox').where('status', '=', PENDING).where('created_at', '<', limits.queuedBefore.toISOString()).where('lease_until', '<=', Date.now()).execute();
}

export async function unsubscribe(storage: Storage, scope: { workspaceId: string; mode: KeyMode }, email: string): Promise<void> {
  await emailDb(storage.db)
    .insertInto('email_unsubscribes')
    .values({ workspace_id: scope.workspaceId, mode: scope.mode, email: email.toLowerCase(), created_at: nowIso() })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The key that signs unsubscribe links: made once, by whichever process asks first. */
export async function unsubscribeKey(storage: Storage): Promise<Buffer> {
  const db = emailDb(storage.db);
  await db.insertInto('email_keys').values({ id: 'unsubscribe', secret: randomBytes(32).toString('base64url'), created_at: nowIso() }).onConflict((oc) => oc.doNothing()).execute();
  const row = await db.selectFrom('email_keys').select('secret').where('id', '=', 'unsubscribe').executeTakeFirstOrThrow();
  return Buffer.from(row.secret, 'base64url');
}
