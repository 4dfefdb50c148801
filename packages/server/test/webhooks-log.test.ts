import { describe, expect, it } from 'vitest';
import { createEndpoint, listDeliveries, replayDelivery, sendTestEvent, type AttemptSummary } from '../src/webhooks/endpoints.js';
import { webhookDb } from '../src/webhooks/tables.js';
import { harness } from './helpers.js';
import { receiverPool, waitFor, type Receiver } from './webhook-receiver.js';

/**
 * The delivery log (docs/webhooks.md, "The delivery log"): every attempt with its time, status,
 * latency, response excerpt and error. A success is kept on the delivery's own row and failed
 * attempts are rows of `webhook_attempts` (docs/decisions.md, "Webhook delivery cost
 * (measured)"); the log reads the same either way.
 */
const h = await harness({ webhooks: { allowPrivateTargets: true, pollIntervalMs: 20, retrySchedule: [0.02, 0.02, 0.02], timeoutMs: 30_000 } });
await h.app.ready();

const receiver = receiverPool();

const endpointOf = (r: Receiver) => createEndpoint(h.storage, { workspaceId: h.ws.id, mode: 'test', url: r.url, events: '*' }, { allowPrivateTargets: true });

async function attemptRows(endpointId: string) {
  return webhookDb(h.storage.db).selectFrom('webhook_attempts').selectAll().where('endpoint_id', '=', endpointId).execute();
}

async function settled(endpointId: string, deliveryId: string, attempts: number) {
  return waitFor(async () => {
    const delivery = (await listDeliveries(h.storage, endpointId)).find((d) => d.id === deliveryId);
    return delivery?.status === 'succeeded' && delivery.log.length === attempts && delivery;
  }, `the delivery to succeed after ${attempts} attempt(s)`);
}

function expectAttempt(attempt: AttemptSummary | undefined, statusCode: number, excerpt: string): void {
  expect(attempt).toEqual({ attemptedAt: expect.any(String), statusCode, latencyMs: expect.any(Number), responseExcerpt: excerpt, error: null });
  expect(new Date(attempt!.attemptedAt).toISOString()).toBe(attempt!.attemptedAt);
  expect(attempt!.latencyMs).toBeGreaterThanOrEqual(0);
}

describe('the delivery log', () => {
  it('shows a first-attempt success with every field, and writes no attempt row for it', async () => {
    const r = await receiver();
    r.behave = (response) => response.writeHead(200, { 'content-type': 'text/plain' }).end('ok-1');
    const { id } = await endpointOf(r);
    const deliveryId = await sendTestEvent(h.storage, id);
    const delivery = await settled(id, deliveryId, 1);
    expect(delivery).toMatchObject({ id: deliveryId, type: 'webhook.test', status: 'succeeded', attempts: 1, nextAttemptAt: null });
    expectAttempt(delivery.log[0], 200, 'ok-1');
    expect(await attemptRows(id)).toEqual([]);
  });

  it('keeps a response with U+0000 (which PostgreSQL text cannot hold) with the character replaced', async () => {
    const r = await receiver();
    let calls = 0;
    r.behave = (response) => {
      calls += 1;
      if (calls === 1) response.writeHead(500, { 'content-type': 'text/plain' }).end('bad\u0000body');
      else response.writeHead(200, { 'content-type': 'text/plain' }).end('ok\u0000');
    };
    const { id } = await endpointOf(r);
    const deliveryId = await sendTestEvent(h.storage, id);
    const delivery = await settled(id, deliveryId, 2);
    expectAttempt(delivery.log[0], 500, 'bad\uFFFDbody');
    expectAttempt(delivery.log[1], 200, 'ok\uFFFD');
  });

  it('shows a failed attempt then the retry that succeeded, in order, with the same fields', async () => {
    const r = await receiver();
    let calls = 0;
    r.behave = (response) => {
      calls += 1;
      if (calls === 1) response.writeHead(500, { 'content-type': 'text/plain' }).end('boom');
      else response.writeHead(200, { 'content-type': 'text/plain' }).end('fine');
    };
    const { id } = await endpointOf(r);
    const deliveryId = await sendTestEvent(h.storage, id);
    const delivery = await settled(id, deliveryId, 2);
    expect(delivery.attempts).toBe(2);
    expectAttempt(delivery.log[0], 500, 'boom');
    expectAttempt(delivery.log[1], 200, 'fine');
    expect(delivery.log[0]!.attemptedAt <= delivery.log[1]!.attemptedAt).toBe(true);
    // The failure is a row of its own; the success is on the delivery's row.
    expect((await attemptRows(id)).map((row) => row.status_code)).toEqual([500]);
  });

  it('keeps each success of a batch on its own delivery (status, excerpt)', async () => {
    const r = await receiver();
    // Each answer names the delivery it answers, and its status varies, so a row given another
    // row's values shows.
    let calls = 0;
    r.behave = (response, received) => {
      calls += 1;
      response.writeHead(calls % 2 === 0 ? 200 : 202, { 'content-type': 'text/plain' }).end(String(received.headers['webhook-id']));
    };
    const { id } = await endpointOf(r);
    const ids: string[] = [];
    for (let i = 0; i < 13; i += 1) ids.push(await sendTestEvent(h.storage, id));
    const deliveries = await waitFor(async () => {
      const found = await listDeliveries(h.storage, id);
      return found.length === 13 && found.every((d) => d.status === 'succeeded') && found;
    }, 'the 13 deliveries to succeed');
    expect(new Set(deliveries.map((d) => d.id))).toEqual(new Set(ids));
    for (const delivery of deliveries) {
      expect(delivery.log).toHaveLength(1);
      expect(delivery.log[0]?.responseExcerpt).toBe(delivery.id);
      expect([200, 202]).toContain(delivery.log[0]?.statusCode);
    }
    expect(await attemptRows(id)).toEqual([]);
  });

  it('keeps a success in the log when the delivery is replayed and succeeds again', async () => {
    const r = await receiver();
    r.behave = (response) => response.writeHead(200, { 'content-type': 'text/plain' }).end('first');
    const { id } = await endpointOf(r);
    const deliveryId = await sendTestEvent(h.storage, id);
    await settled(id, deliveryId, 1);
    r.behave = (response) => response.writeHead(200, { 'content-type': 'text/plain' }).end('again');
    expect(await replayDelivery(h.storage, deliveryId)).toBe(1);
    const delivery = await settled(id, deliveryId, 2);
    expectAttempt(delivery.log[0], 200, 'first');
    expectAttempt(delivery.log[1], 200, 'again');
    expect(r.received).toHaveLength(2);
  });

  it('keeps a success in the log when its replay fails', async () => {
    const r = await receiver();
    r.behave = (response) => response.writeHead(200, { 'content-type': 'text/plain' }).end('first');
    const { id } = await endpointOf(r);
    const deliveryId = await sendTestEvent(h.storage, id);
    await settled(id, deliveryId, 1);
    r.behave = (response) => response.writeHead(410, { 'content-type': 'text/plain' }).end('gone');
    await replayDelivery(h.storage, deliveryId);
    // Four failures (the first attempt and three retries), then the delivery has failed.
    const delivery = await waitFor(async () => {
      const found = (await listDeliveries(h.storage, id)).find((d) => d.id === deliveryId);
      return found?.status === 'failed' && found;
    }, 'the replay to fail');
    expect(delivery.log).toHaveLength(5);
    expectAttempt(delivery.log[0], 200, 'first');
    for (const attempt of delivery.log.slice(1)) expectAttempt(attempt, 410, 'gone');
  });
});
