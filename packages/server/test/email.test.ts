import type { ParsedMail } from 'mailparser';
import { afterAll, describe, expect, it } from 'vitest';
import { changePostStatus } from '../src/services/feedback/inbox.js';
import { emailDb } from '../src/email/tables.js';
import { call, createResource, dataOf, harness } from './helpers.js';
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

async function publishBoard(): Promise<string> {
  const id = await createResource(h.app, secret, 'feedback', 'boards');
  dataOf(await call(h.app, 'PATCH', `/feedback/api/v1/boards/${id}`, { key: secret, body: { name: 'Ideas', config: { allowAnonymous: true } } }));
  dataOf(await call(h.app, 'POST', `/feedback/api/v1/boards/${id}`, { key: secret, body: { action: 'publish' } }));
  return id;
}
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
    // The token sent twice (a query parsed to an array) is a link that is not ours, not a 500.
    for (const method of ['GET', 'POST'] as const) {
      const form = method === 'POST' ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' } : {};
      const twice = await h.app.inject({ method, url: `${path}&token=x`, ...form });
      expect(twice.statusCode, twice.body).toBe(400);
      expect(twice.body).toContain('This unsubscribe link is not valid');
    }
    // RFC 8058's one-click POST.
    const done = await h.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('will get no more of these emails');
    await changePostStatus(h.storage, postId, 'in_progress');
    await waitFor(() => messagesAbout('In progress').some((message) => message.mail.subject?.includes('Keyboard shortcuts')), 'Bo told');
    const later = messagesAbout('Keyboard shortcuts').filter((message) => message.mail.subject?.endsWith('In progress'));
    expect(later.map((message) => message.to).flat()).toEqual(['bo@example.com']);
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

  it('refuses email without publicUrl: the unsubscribe links need it', async () => {
    await expect(harness({ email: { smtpUrl: smtp.url } })).rejects.toThrow(/publicUrl/);
  });
});
