import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, describe, expect, it } from 'vitest';
import type { InlayProcess } from '../src/testing/inlay-process.js';
import { tempDir, testDatabase } from './helpers.js';
import { cleanEnv, inlayProcesses } from './inlay-processes.js';
import { Receiver, waitFor, type Received } from './webhook-receiver.js';

// The built `inlay` CLI in its own processes: `inlay webhooks …` beside a running `inlay start`,
// and a server killed with SIGKILL between acknowledging a change and delivering its event.
const dir = tempDir();
const db = await testDatabase();
/** Asynchronous, so the receivers in this process keep answering while the CLI runs. */
const { inlay, start: startProcess } = inlayProcesses({ cwd: dir, env: cleanEnv({ INLAY_DB: db, INLAY_WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' }) });
const receivers: Receiver[] = [];
afterAll(async () => {
  for (const receiver of receivers) await receiver.close();
});

const config = join(dir, 'config.json');
writeFileSync(
  config,
  JSON.stringify({ db, port: 0, logLevel: 'warn', webhooks: { timeoutMs: 1000, pollIntervalMs: 50, retrySchedule: [0.1, 0.1, 0.2, 0.5, 1, 1, 1] } }),
);

function start(): Promise<InlayProcess> {
  return startProcess(['--config', config]);
}

async function publishBoard(url: string, key: string): Promise<string> {
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const created = await fetch(`${url}/feedback/api/v1/boards`, { method: 'POST', headers, body: JSON.stringify({ name: 'Ideas' }) });
  const { data } = (await created.json()) as { data: { id: string } };
  const published = await fetch(`${url}/feedback/api/v1/boards/${data.id}`, { method: 'POST', headers, body: JSON.stringify({ action: 'publish' }) });
  expect(published.status).toBe(200);
  return data.id;
}

describe('webhooks across processes', () => {
  it('prints the secret once, delivers after a kill -9, and applies CLI changes to a running server', async () => {
    const { workspaceId, keys } = JSON.parse(await inlay(['init', '--json'])) as { workspaceId: string; keys: { testSecret: string } };
    const receiver = await new Receiver().listen();
    receivers.push(receiver);
    const hung: unknown[] = [];
    receiver.behave = (response) => void hung.push(response);

    const created = JSON.parse(await inlay(['webhooks', 'create', '--workspace', workspaceId, '--url', receiver.url, '--mode', 'test', '--events', 'board.published', '--json'])) as {
      id: string;
      url: string;
      events: string[];
      mode: string;
      secret: string;
    };
    expect(created).toMatchObject({ url: receiver.url, events: ['board.published'], mode: 'test' });
    expect(created.secret).toMatch(/^whsec_/);
    for (const listing of [await inlay(['webhooks', 'list', '--workspace', workspaceId, '--json']), await inlay(['webhooks', 'list', '--workspace', workspaceId])]) {
      expect(listing).toContain(created.id);
      expect(listing).not.toContain(created.secret.slice(6, 20));
      expect(listing).not.toContain('whsec_');
    }

    // The change is acknowledged; its delivery is in flight (the receiver holds it) when the server dies.
    const first = await start();
    const boardId = await publishBoard(first.origin, keys.testSecret);
    await waitFor(() => hung.length >= 1, 'the first attempt');
    await first.stop('SIGKILL');
    expect(receiver.received).toEqual([]);

    receiver.behave = (response) => response.writeHead(204).end();
    const second = await start();
    await waitFor(() => receiver.received.length >= 1, 'the delivery after the restart');
    const event = new Webhook(created.secret).verify((receiver.received[0] as Received).body, receiver.received[0]?.headers as Record<string, string>) as {
      type: string;
      data: { boardId: string; mode: string };
    };
    expect(event).toMatchObject({ type: 'board.published', data: { boardId, mode: 'test' } });

    // An endpoint the CLI creates while the server runs gets the server's next event.
    const other = await new Receiver().listen();
    receivers.push(other);
    const late = JSON.parse(await inlay(['webhooks', 'create', '--workspace', workspaceId, '--url', other.url, '--mode', 'test', '--events', 'board.published', '--json'])) as { id: string; secret: string };
    const nextBoard = await publishBoard(second.origin, keys.testSecret);
    await waitFor(() => other.received.length >= 1, 'the late endpoint\'s event');
    expect((new Webhook(late.secret).verify(other.received[0]?.body as string, other.received[0]?.headers as Record<string, string>) as { data: { boardId: string } }).data.boardId).toBe(nextBoard);
    await waitFor(() => receiver.received.length >= 2, 'the first endpoint\'s second event');

    // The log, a replay with the same webhook-id, and a test event.
    const deliveries = JSON.parse(await inlay(['webhooks', 'deliveries', created.id, '--json'])) as { id: string; status: string; log: { statusCode: number | null }[] }[];
    const delivered = deliveries.find((delivery) => delivery.status === 'succeeded');
    expect(delivered?.log.at(-1)?.statusCode).toBe(204);
    const before = receiver.received.length;
    await inlay(['webhooks', 'replay', delivered?.id as string]);
    await inlay(['webhooks', 'send-test', created.id]);
    await waitFor(
      () => receiver.received.slice(before).some((received) => received.body.includes('"webhook.test"')) && receiver.received.slice(before).some((received) => received.headers['webhook-id'] === delivered?.id),
      'the replay and the test event',
    );
    const ids = receiver.received.slice(before).map((received) => received.headers['webhook-id']);
    expect(ids).toContain(delivered?.id);
    expect(receiver.received.slice(before).map((received) => (JSON.parse(received.body) as { type: string }).type)).toContain('webhook.test');

    await inlay(['webhooks', 'disable', created.id]);
    expect(JSON.parse(await inlay(['webhooks', 'list', '--workspace', workspaceId, '--json']))).toContainEqual(expect.objectContaining({ id: created.id, enabled: false }));
  }, 120_000);
});
