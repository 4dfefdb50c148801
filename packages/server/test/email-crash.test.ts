import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connect.js';
import { emailDb } from '../src/email/tables.js';
import { changePostStatus } from '../src/services/feedback/inbox.js';
import { initWorkspace } from '../src/workspace-setup.js';
import { testDatabase } from './helpers.js';
import { SmtpReceiver } from './smtp-receiver.js';
import { waitFor } from './webhook-receiver.js';

// A server killed with SIGKILL while the mail server is taking one of a change's messages: the
// restarted server sends what was not accepted, and nothing twice (docs/feedback.md, "Email").
const APP = fileURLToPath(new URL('../dist/app.js', import.meta.url));
/** The sender's lease: short, so the restarted server takes the row over within the test. */
const LEASE_MS = 1_500;
const CHILD = `
const { buildApp } = await import(process.env.INLAY_APP);
const app = await buildApp({
  db: process.env.INLAY_DB,
  publicUrl: 'https://feedback.example.com',
  email: { smtpUrl: process.env.INLAY_SMTP, pollIntervalMs: 50, leaseMs: Number(process.env.INLAY_LEASE_MS) },
});
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write('listening ' + url + '\\n');
`;

const smtp = await new SmtpReceiver().listen();
const dbPath = await testDatabase('email-crash.db');
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await smtp.close();
});

async function startServer(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', CHILD], {
    env: { ...process.env, INLAY_APP: APP, INLAY_DB: dbPath, INLAY_SMTP: smtp.url, INLAY_LEASE_MS: String(LEASE_MS) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await waitFor(() => /listening (\S+)/.exec(output)?.[1], 'the server listening');
  return { child, url };
}

describe('email across a crash', () => {
  it('sends each message of a change once when its server is killed mid-send and starts again', { timeout: 60_000 }, async () => {
    const setup = await openDatabase(dbPath);
    const { keys } = await initWorkspace(setup, 'Crash');
    const first = await startServer();
    const api = async <T>(method: string, path: string, key: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> => {
      const response = await fetch(`${first.url}/feedback/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await response.json()) as { data: T };
      if (!response.ok) throw new Error(JSON.stringify(json));
      return json.data;
    };
    const boardId = (await api<{ id: string }>('POST', '/boards', keys.testSecret, { name: 'Ideas' })).id;
    await api('POST', `/boards/${boardId}`, keys.testSecret, { action: 'publish' });
    const postId = (await api<{ id: string }>('POST', '/posts', keys.testPublishable, { boardId, title: 'Offline mode', author: { id: 'user_op' } })).id;
    for (const name of ['ann', 'ben', 'cy']) {
      const { token } = await api<{ token: string }>('POST', '/author-tokens', keys.testSecret, { authorId: `user_${name}`, boardId, email: `${name}@example.com` });
      await api('POST', `/posts/${postId}`, keys.testPublishable, { action: 'vote' }, { 'inlay-author-token': token });
    }

    // The second message's DATA arrives and is never answered; the server is killed meanwhile.
    smtp.hold = () => smtp.started === 2;
    await changePostStatus(setup, postId, 'completed');
    await waitFor(() => smtp.started === 2, 'the second message on its way');
    first.child.kill('SIGKILL');
    await once(first.child, 'exit');
    expect(smtp.recipients()).toHaveLength(1);

    smtp.hold = undefined;
    const second = await startServer();
    await waitFor(() => smtp.recipients().length === 3, 'every voter told', 30_000);
    expect(smtp.recipients()).toEqual(['ann@example.com', 'ben@example.com', 'cy@example.com']);
    // Nothing more goes out once the row has ended.
    await waitFor(async () => (await emailDb(setup.db).selectFrom('email_outbox').select('status').where('post_id', '=', postId).executeTakeFirst())?.status === 'sent', 'the row ended');
    expect(smtp.recipients()).toHaveLength(3);
    second.child.kill('SIGKILL');
    await setup.close();
  });
});
