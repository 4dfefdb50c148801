import type { ParsedMail } from 'mailparser';
import { afterAll, describe, expect, it } from 'vitest';
import { changePostStatus } from '../src/services/feedback/inbox.js';
import { emailDb } from '../src/email/tables.js';
import { unsubscribeToken } from '../src/email/unsubscribe.js';
import { pruneEmailOutbox } from '../src/repositories/email/outbox.js';
import { call, createResource, dataOf, harness, publishBoardWith } from './helpers.js';
import { SmtpReceiver } from './smtp-receiver.js';
import { waitFor } from './webhook-receiver.js';

// Built-in email through a real SMTP server: who hears of a new status or a team comment, what
// each message carries, and the one-click unsubscribe (docs/feedback.md, "Email").
const smtp = await new SmtpReceiver().listen();
afterAll(() => smtp.close());
const h = await harness({
  publicUrl: 'https://feedback.example.com',
  email: { smtpUrl: smtp.url, from: 'Acme Feedback <feedback@example.com>', pollIntervalMs: 50 },
  rateLimits: { postsPerClient: 1000, postsPerAuthor: 1000 },
});
const secret = h.ws.keys.testSecret;
const pub = h.ws.keys.testPublishable;

const publishBoard = () => publishBoardWith(h.app, secret);
const token = async (boardId: string, authorId: string, extra: Record<string, unknown> = {}) =>
  dataOf<{ token: string }>(await call(h.app, 'POST', '/feedback/api/v1/author-tokens', { key: secret, body: { authorId, boardId, ...extra } })).token;
const as = (authorToken: string) => ({ 'inlay-author-token': authorToken });

/** A post voted for by Ada (with an email), Linus (a token without one) and an anonymous voter; Bo commented on it. */
async function discussedPost(title: string): Promise<{ boardId: string; postId: string }> {
  const boardId = await publishBoard();
  const postId = dataOf<{ id: string }>(await call(h.app, 'POST', '/feedback/api/v1/posts', { key: pub, body: { boardId, title, author: { id: 'user_op' } } })).id;
  const vote = (headers: Record<string, string>, body: Record<string, unknown> = { action: 'vote' }) => call(h.app, 'POST', `/feedback/api/v1/posts/${postId}`, { key: pub, body, headers });
  dataOf(await vote(as(await token(boardId, 'user_ada', { name: 'Ada', email: 'Ada@Example.com' }))));
  dataOf(await vote(as(await token(boardId, 'user_lin', { name: 'Linus' }))));
  dataOf(await vote({}, { action: 'vote', author: { id: 'anon_1', anonymous: true } }));
  const bo = await token(boardId, 'user_bo', { name: 'Bo', email: 'bo@example.com' });
  dataOf(await call(h.app, 'POST', `/feedback/api/v1/posts/${postId}/comments`, { key: pub, body: { body: 'Same here, please.' }, headers: as(bo) }));
  return { boardId, postId };
}

/** A header's value as the message carried it. */
const header = (mail: ParsedMail, name: string) => mail.headerLines.find((line) => line.key === name)?.line.slice(name.length + 1).trim();
/** The unsubscribe URL of a message's `List-Unsubscribe` header (`<url> (comment)`). */
const unsubscribeUrl = (mail: ParsedMail) => /^<([^>]+)>/.exec(header(mail, 'list-unsubscribe') ?? '')?.[1] ?? '';

const messagesAbout = (title: string) => smtp.accepted.filter((message) => message.mail.subject?.includes(title));

describe('email to voters and commenters', () => {
  it('tells every voter and commenter whose token carried an email of a new status, once each, in plain text with a one-click unsubscribe', async () => {
    const { postId } = await discussedPost('Dark mode');
    await changePostStatus(h.storage, postId, 'planned');
    const sent = await waitFor(() => messagesAbout('Dark mode').length === 2 && messagesAbout('Dark mode'), 'two messages');
    expect(sent.map((message) => message.to).flat().sort()).toEqual(['ada@example.com', 'bo@example.com']);
    const [first] = sent;
    const mail = first!.mail;
    expect(mail.subject).toBe('“Dark mode” is now Planned');
    expect(mail.from?.text).toBe('"Acme Feedback" <feedback@example.com>');
    expect(mail.text).toContain('“Dark mode” moved from Open to Planned.');
    // Plain text only: nothing a user wrote is rendered as HTML.
    expect(mail.html).toBe(false);
    const unsubscribe = unsubscribeUrl(mail);
    expect(unsubscribe).toMatch(/^https:\/\/feedback\.example\.com\/email\/unsubscribe\?token=/);
    expect(mail.text).toContain(unsubscribe);
    expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // Setting the status it already has tells nobody again.
    await changePostStatus(h.storage, postId, 'planned');
    await changePostStatus(h.storage, postId, 'in_progress');
    await waitFor(() => messagesAbout('Dark mode').length === 4, 'the second change told');
    expect(messagesAbout('Dark mode').filter((message) => message.mail.subject?.endsWith('Planned'))).toHaveLength(2);
  });

  it('tells them of a team comment, but not its author, and says nothing of other comments', async () => {
    const { boardId, postId } = await discussedPost('Export to CSV');
    const team = await token(boardId, 'user_team', { name: 'Sam from Acme', email: 'sam@example.com', role: 'team' });
    dataOf(await call(h.app, 'POST', `/feedback/api/v1/posts/${postId}/comments`, { key: pub, body: { body: 'Shipping next week <b>for real</b>.' }, headers: as(team) }));
    const sent = await waitFor(() => messagesAbout('Export to CSV').length === 2 && messagesAbout('Export to CSV'), 'two messages');
    expect(sent.map((message) => message.to).flat().sort()).toEqual(['ada@example.com', 'bo@example.com']);
    expect(sent[0]?.mail.subject).toBe('The team replied on “Export to CSV”');
    expect(sent[0]?.mail.text).toContain('Sam from Acme wrote on “Export to CSV”:\n\nShipping next week <b>for real</b>.');
    // Ada's own comment tells nobody; a status change afterwards is the next message.
    const ada = await token(boardId, 'user_ada', { name: 'Ada', email: 'ada@example.com' });
    dataOf(await call(h.app, 'POST', `/feedback/api/v1/posts/${postId}/comments`, { key: pub, body: { body: 'Thanks!' }, headers: as(ada) }));
    await changePostStatus(h.storage, postId, 'completed');
    await waitFor(() => messagesAbout('Export to CSV').length === 5, 'the status change told (Sam commented too now)');
    expect(messagesAbout('Export to CSV').filter((message) => message.mail.subject?.includes('replied'))).toHaveLength(2);
  });

  it('unsubscribes with one click, only on a POST with a link this server signed', async () => {
    const { postId } = await discussedPost('Keyboard shortcuts');
    await changePostStatus(h.storage, postId, 'planned');
    const sent = await waitFor(() => messagesAbout('Keyboard shortcuts').find((message) => message.to.includes('ada@example.com')), 'Ada told');
    const link = new URL(unsubscribeUrl(sent.mail));
    const path = `${link.pathname}${link.search}`;
    // Opening the link (as a mail scanner would) only shows the button.
    const page = await h.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('ada@example.com');
    expect(page.body).toContain('<button type="submit">Unsubscribe</button>');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    // A forged or altered token is refused, and unsubscribes nobody.
    const forged = await h.app.inject({ method: 'POST', url: `${path.slice(0, -2)}xx`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(forged.statusCode).toBe(400);
    const other = path.replace(/token=[^.]+/, `token=${Buffer.from(JSON.stringify([h.ws.id, 'test', 'bo@example.com'])).toString('base64url')}`);
    expect((await h.app.inject({ method: 'POST', url: other, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' })).statusCode).toBe(400);
    // RFC 8058's one-click POST.
    const done = await h.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('will get no more of these emails');
    await changePostStatus(h.storage, postId, 'in_progress');
    await waitFor(() => messagesAbout('In progress').some((message) => message.mail.subject?.includes('Keyboard shortcuts')), 'Bo told');
    const later = messagesAbout('Keyboard shortcuts').filter((message) => message.mail.subject?.endsWith('In progress'));
    expect(later.map((message) => message.to).flat()).toEqual(['bo@example.com']);
  });

  it('answers a link with the token given twice as not valid (400), never a 500', async () => {
    const token = await unsubscribeToken(h.storage, { workspaceId: h.ws.id, mode: 'test', email: 'zed@example.com' });
    const url = `/email/unsubscribe?token=${token}&token=${token}`;
    const page = await h.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('This unsubscribe link is not valid');
    const post = await h.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(post.statusCode).toBe(400);
    const unsubscribed = await emailDb(h.storage.db).selectFrom('email_unsubscribes').select('email').where('email', '=', 'zed@example.com').execute();
    expect(unsubscribed).toEqual([]);
  });
});

describe('what email does not send', () => {
  it('never sends a change queued more than a day ago (while email was off): it is skipped', async () => {
    const { boardId, postId } = await discussedPost('Stale news');
    const old = new Date(Date.now() - 2 * 86_400_000).toISOString();
    await emailDb(h.storage.db)
      .insertInto('email_outbox')
      .values({ id: 'eml_stale', workspace_id: h.ws.id, mode: 'test', board_id: boardId, post_id: postId, kind: 'status_changed', data: JSON.stringify({ from: 'open', to: 'planned' }), status: 'pending', attempts: 0, next_attempt_at: 0, lease_until: 0, error: null, created_at: old, updated_at: old })
      .execute();
    const row = await waitFor(async () => {
      const found = await emailDb(h.storage.db).selectFrom('email_outbox').select(['status', 'error']).where('id', '=', 'eml_stale').executeTakeFirst();
      return found?.status !== 'pending' && found;
    }, 'the stale row ended');
    expect(row).toEqual({ status: 'skipped', error: 'queued more than a day before it could be sent' });
    expect(messagesAbout('Stale news')).toEqual([]);
  });

  it('drops pending changes too old to send (a server with email off queues them all), but not one being sent', async () => {
    const { boardId, postId } = await discussedPost('Never sent');
    const old = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const row = (id: string, createdAt: string, leaseUntil: number) => ({
      id, workspace_id: h.ws.id, mode: 'test' as const, board_id: boardId, post_id: postId, kind: 'status_changed' as const, data: JSON.stringify({ from: 'open', to: 'planned' }),
      status: 'pending' as const, attempts: 0, next_attempt_at: Date.now() + 3_600_000, lease_until: leaseUntil, error: null, created_at: createdAt, updated_at: createdAt,
    });
    const now = new Date().toISOString();
    await emailDb(h.storage.db).insertInto('email_outbox').values([row('eml_old', old, 0), row('eml_old_leased', old, Date.now() + 60_000), row('eml_new', now, 0)]).execute();
    await pruneEmailOutbox(h.storage, { endedBefore: new Date(Date.now() - 30 * 86_400_000), queuedBefore: new Date(Date.now() - 86_400_000) });
    const left = await emailDb(h.storage.db).selectFrom('email_outbox').select('id').where('id', 'in', ['eml_old', 'eml_old_leased', 'eml_new']).orderBy('id').execute();
    expect(left.map((r) => r.id)).toEqual(['eml_new', 'eml_old_leased']);
  });

  it('refuses email without publicUrl: the unsubscribe links need it', async () => {
    await expect(harness({ email: { smtpUrl: smtp.url } })).rejects.toThrow(/publicUrl/);
  });
});

describe('a post with more recipients than one claim sends to', () => {
  it('tells the others when the mail server refuses one address for good, and keeps its answer', async () => {
    smtp.unknown.add('al@example.com');
    try {
      const { boardId, postId } = await discussedPost('Offline sync');
      const al = await token(boardId, 'user_al', { name: 'Al', email: 'al@example.com' });
      dataOf(await call(h.app, 'POST', `/feedback/api/v1/posts/${postId}`, { key: pub, body: { action: 'vote' }, headers: as(al) }));
      await changePostStatus(h.storage, postId, 'planned');
      const row = await waitFor(async () => {
        const found = await emailDb(h.storage.db).selectFrom('email_outbox').select(['id', 'status', 'error', 'attempts']).where('post_id', '=', postId).executeTakeFirst();
        return found?.status !== 'pending' && found;
      }, 'the row ended');
      // Al is first in order; the others are told all the same, in the same claim.
      expect(row).toMatchObject({ status: 'sent', error: null, attempts: 1 });
      const told = messagesAbout('Offline sync').map((message) => message.to).flat();
      expect(told).toContain('bo@example.com');
      expect(told).not.toContain('al@example.com');
      const sends = await emailDb(h.storage.db).selectFrom('email_sends').select(['email', 'refused']).where('outbox_id', '=', row.id).orderBy('email').execute();
      expect(sends.find((send) => send.email === 'al@example.com')?.refused).toContain('550 No such user here');
      expect(sends.filter((send) => send.email !== 'al@example.com').map((send) => [send.email, send.refused])).toEqual(told.sort().map((email) => [email, null]));
    } finally {
      smtp.unknown.delete('al@example.com');
    }
  });

  it('stops sending a change whose lease another claim took while it sent, and the rest are told once', async () => {
    const receiver = await new SmtpReceiver().listen();
    afterAll(() => receiver.close());
    const many = await harness({ publicUrl: 'https://feedback.example.com', email: { smtpUrl: receiver.url, pollIntervalMs: 50 } });
    const key = many.ws.keys.testSecret;
    const boardId = await createResource(many.app, key, 'feedback', 'boards');
    dataOf(await call(many.app, 'PATCH', `/feedback/api/v1/boards/${boardId}`, { key, body: { name: 'Ideas', config: {} } }));
    dataOf(await call(many.app, 'POST', `/feedback/api/v1/boards/${boardId}`, { key, body: { action: 'publish' } }));
    const newPost = async (title: string, emails: string[]) => {
      const postId = dataOf<{ id: string }>(await call(many.app, 'POST', '/feedback/api/v1/posts', { key: many.ws.keys.testPublishable, body: { boardId, title, author: { id: 'user_op' } } })).id;
      await many.storage.db
        .insertInto('votes')
        .values(emails.map((email, n) => ({ post_id: postId, author_key: `u:${title}_${n}`, created_at: new Date().toISOString(), author_name: null, author_email: email })))
        .execute();
      return postId;
    };
    const voters = Array.from({ length: 12 }, (_, n) => `taken${String(n).padStart(2, '0')}@example.com`);
    const postId = await newPost('Taken', voters);
    const outbox = () => emailDb(many.storage.db).updateTable('email_outbox').where('post_id', '=', postId);
    // While the mail server accepts the fifth message, the lease runs out and another claim takes the row.
    receiver.before = async () => {
      if (receiver.started === 5) await outbox().set({ lease_owner: 'another claim', lease_until: Date.now() + 600_000 }).execute();
    };
    await changePostStatus(many.storage, postId, 'planned');
    await waitFor(() => receiver.accepted.length === 5, 'five messages');
    // The sender moves on to the next change: it sent no more of the one it lost.
    const laterId = await newPost('Later', ['later@example.com']);
    await changePostStatus(many.storage, laterId, 'planned');
    await waitFor(() => receiver.recipients().includes('later@example.com'), 'the next change told');
    expect(receiver.recipients().filter((email) => email.startsWith('taken'))).toEqual(voters.slice(0, 5));
    // The other claim ends without sending: the row is claimed again and the rest are told, each once.
    await outbox().set({ lease_until: 0 }).execute();
    await waitFor(() => receiver.recipients().filter((email) => email.startsWith('taken')).length >= voters.length, 'everyone told');
    const row = await waitFor(async () => {
      const found = await emailDb(many.storage.db).selectFrom('email_outbox').select(['status']).where('post_id', '=', postId).executeTakeFirst();
      return found?.status !== 'pending' && found;
    }, 'the row ended');
    expect(row).toEqual({ status: 'sent' });
    expect(receiver.recipients().filter((email) => email.startsWith('taken'))).toEqual(voters);
  });

  it('goes on with the rest without spending its retries: a refusal after the first 50 is retried, and everyone is told', async () => {
    const receiver = await new SmtpReceiver().listen();
    afterAll(() => receiver.close());
    // One retry only: the continuation after the first 50 recipients must not count as one.
    const many = await harness({ publicUrl: 'https://feedback.example.com', email: { smtpUrl: receiver.url, pollIntervalMs: 50, retrySchedule: [0] } });
    const key = many.ws.keys.testSecret;
    const boardId = await createResource(many.app, key, 'feedback', 'boards');
    dataOf(await call(many.app, 'PATCH', `/feedback/api/v1/boards/${boardId}`, { key, body: { name: 'Ideas', config: {} } }));
    dataOf(await call(many.app, 'POST', `/feedback/api/v1/boards/${boardId}`, { key, body: { action: 'publish' } }));
    const postId = dataOf<{ id: string }>(await call(many.app, 'POST', '/feedback/api/v1/posts', { key: many.ws.keys.testPublishable, body: { boardId, title: 'Crowded', author: { id: 'user_op' } } })).id;
    const voters = Array.from({ length: 55 }, (_, n) => `voter${String(n).padStart(2, '0')}@example.com`);
    await many.storage.db
      .insertInto('votes')
      .values(voters.map((email, n) => ({ post_id: postId, author_key: `u:voter_${n}`, created_at: new Date().toISOString(), author_name: null, author_email: email })))
      .execute();
    // The same address voting again as an anonymous visitor, in capitals: one message.
    await many.storage.db
      .insertInto('votes')
      .values({ post_id: postId, author_key: 'a:voter_0', created_at: new Date().toISOString(), author_name: 'Zed', author_email: 'VOTER00@Example.com' })
      .execute();
    // The first message of the second claim is refused once.
    let refused = false;
    receiver.reject = () => receiver.started === 51 && !refused && (refused = true);
    await changePostStatus(many.storage, postId, 'planned');
    const row = await waitFor(async () => {
      const found = await emailDb(many.storage.db).selectFrom('email_outbox').select(['status', 'error']).where('post_id', '=', postId).executeTakeFirst();
      return found?.status !== 'pending' && found;
    }, 'the row ended');
    expect(refused).toBe(true);
    expect(row).toEqual({ status: 'sent', error: null });
    expect(receiver.recipients()).toEqual(voters);
    // Who it was for was listed once, at its first claim, and is dropped once it ended.
    expect(await emailDb(many.storage.db).selectFrom('email_recipients').selectAll().execute()).toEqual([]);
  });
});
