import { execFile } from 'node:child_process';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it, onTestFinished } from 'vitest';
import { signWebhook, verifyWebhook } from '../src/webhooks.js';
import { startInlayServer } from './server.js';

// Webhooks as the server sends them, checked with this package's verifier; and the verifier
// against the Standard Webhooks reference library, both ways (docs/webhooks.md).
describe('webhooks from a real server', () => {
  it('verifies a delivery of the built server with webhooks.verify', async () => {
    const received: { headers: IncomingHttpHeaders; body: string }[] = [];
    const receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({ headers: request.headers, body });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const env = { INLAY_WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true', INLAY_WEBHOOKS_POLL_INTERVAL_MS: '50' };
    const server = await startInlayServer({ env });
    onTestFinished(async () => {
      await server.stop();
      receiver.closeAllConnections();
      receiver.close();
    });
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [server.cli, 'webhooks', 'create', '--db', server.db, '--workspace', server.workspaceId, '--url', url, '--mode', 'test', '--json'],
      { env: { ...process.env, ...env } },
    );
    const { secret } = JSON.parse(stdout) as { secret: string };
    const headers = { authorization: `Bearer ${server.keys.testSecret}`, 'content-type': 'application/json' };
    const created = (await (await fetch(`${server.origin}/onboarding/api/v1/flows`, { method: 'POST', headers, body: JSON.stringify({ name: 'Welcome' }) })).json()) as {
      data: { id: string };
    };
    await fetch(`${server.origin}/onboarding/api/v1/flows/${created.data.id}`, { method: 'POST', headers, body: JSON.stringify({ action: 'publish' }) });
    const deadline = Date.now() + 30_000;
    while (received.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const delivery = received[0];
    if (!delivery) throw new Error('no webhook arrived');
    expect(verifyWebhook(delivery.body, delivery.headers, secret)).toMatchObject({ type: 'flow.published', data: { flowId: created.data.id, mode: 'test' } });
    expect(() => verifyWebhook(delivery.body.replace('Welcome', 'Welcomf'), delivery.headers, secret)).toThrow();
  }, 60_000);
});

describe('webhooks.verify and the Standard Webhooks library', () => {
  const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
  const body = JSON.stringify({ type: 'post.created', timestamp: new Date().toISOString(), data: { postId: 'post_1' } });

  it('accepts what the library signs, and the library accepts what it signs', () => {
    const now = new Date();
    const signature = new Webhook(secret).sign('msg_1', now, body);
    const headers = { 'webhook-id': 'msg_1', 'webhook-timestamp': String(Math.floor(now.getTime() / 1000)), 'webhook-signature': signature };
    expect(verifyWebhook(body, headers, secret)).toEqual(JSON.parse(body));
    const ours = signWebhook(body, secret, { id: 'msg_2', timestamp: now });
    expect(new Webhook(secret).verify(body, ours)).toEqual(JSON.parse(body));
  });

  it('agrees with the library on a rotation header of two secrets and on a secret without the prefix', () => {
    const now = new Date();
    const newer = 'whsec_' + Buffer.alloc(24, 7).toString('base64');
    const timestamp = String(Math.floor(now.getTime() / 1000));
    const both = `${new Webhook(newer).sign('msg_3', now, body)} ${new Webhook(secret).sign('msg_3', now, body)}`;
    const headers = { 'webhook-id': 'msg_3', 'webhook-timestamp': timestamp, 'webhook-signature': both };
    for (const key of [newer, secret, secret.slice('whsec_'.length)]) {
      expect(verifyWebhook(body, headers, key)).toEqual(new Webhook(key).verify(body, headers));
    }
    const stranger = 'whsec_' + Buffer.alloc(24, 9).toString('base64');
    expect(() => verifyWebhook(body, headers, stranger)).toThrow();
    expect(() => new Webhook(stranger).verify(body, headers)).toThrow();
  });
});
