import { describe, expect, it } from 'vitest';
import { createEndpoint, listEndpoints, sendTestEvent } from '../src/webhooks/endpoints.js';
import { webhookDb } from '../src/webhooks/tables.js';
import { call, createResource, dataOf, harness } from './helpers.js';
import { receiverPool, waitFor, type Receiver } from './webhook-receiver.js';

/**
 * What the sender does when a receiver keeps failing or asks it to wait (docs/webhooks.md):
 * `Retry-After` on 429 and 503 pushes the next attempt past the retry schedule, and an endpoint
 * failing for `disableAfterFailingMs` without a success in between is disabled.
 */
// Long enough that a busy machine (CI runs the widgets' Chromium beside these tests) does not
// stretch the gap between two attempts past it.
const DISABLE_AFTER_MS = 1_000;
const h = await harness({
  // `concurrency` 4 (the default is 16): the disabling test counts the attempts still in flight.
  webhooks: { allowPrivateTargets: true, pollIntervalMs: 20, retrySchedule: [0.02, 0.02, 0.02, 0.02, 0.02, 0.02, 0.02, 0.02, 0.02, 0.02], disableAfterFailingMs: DISABLE_AFTER_MS, timeoutMs: 30_000, concurrency: 4 },
});
await h.app.ready();

const receiver = receiverPool();

const endpointOf = (r: Receiver) => createEndpoint(h.storage, { workspaceId: h.ws.id, mode: 'test', url: r.url, events: '*' }, { allowPrivateTargets: true });

async function deliveryRows(endpointId: string) {
  return webhookDb(h.storage.db).selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', endpointId).execute();
}

async function attemptRows(endpointId: string) {
  return webhookDb(h.storage.db).selectFrom('webhook_attempts').selectAll().where('endpoint_id', '=', endpointId).orderBy('attempted_at').execute();
}

async function endpointState(id: string) {
  const found = (await listEndpoints(h.storage, h.ws.id)).find((endpoint) => endpoint.id === id);
  if (found === undefined) throw new Error(`endpoint ${id} not found`);
  return found;
}

describe('Retry-After', () => {
  for (const [status, header, least] of [
    [429, '120', 120],
    [503, '90', 90],
  ] as const) {
    it(`waits as long as a ${status} asks in seconds, beyond the retry schedule's ${0.02} s`, async () => {
      const r = await receiver();
      r.behave = (response) => response.writeHead(status, { 'retry-after': header }).end('slow down');
      const { id } = await endpointOf(r);
      await sendTestEvent(h.storage, id);
      await waitFor(async () => (await attemptRows(id)).length >= 1, 'the first attempt');
      await waitFor(async () => (await deliveryRows(id))[0]?.retry_index === 1, 'the retry to be scheduled');
      const [delivery] = await deliveryRows(id);
      const [attempt] = await attemptRows(id);
      expect(delivery?.status).toBe('pending');
      // Scheduled at least `least` seconds after the attempt (not 20 ms as the schedule says).
      expect(delivery!.next_attempt_at - Date.parse(attempt!.attempted_at)).toBeGreaterThanOrEqual(least * 1000);
      expect(attempt?.status_code).toBe(status);
    });
  }

  it('reads an HTTP date, and ignores Retry-After on other failures', async () => {
    const dated = await receiver();
    const at = new Date(Date.now() + 300_000);
    dated.behave = (response) => response.writeHead(503, { 'retry-after': at.toUTCString() }).end();
    const datedEndpoint = await endpointOf(dated);
    await sendTestEvent(h.storage, datedEndpoint.id);
    await waitFor(async () => (await deliveryRows(datedEndpoint.id))[0]?.retry_index === 1, 'the dated retry');
    const [delivery] = await deliveryRows(datedEndpoint.id);
    // The date has one-second precision.
    expect(delivery!.next_attempt_at).toBeGreaterThanOrEqual(at.getTime() - 1000);

    // A 500 with Retry-After follows the schedule: retried within the test, many times.
    const failing = await receiver();
    failing.behave = (response) => response.writeHead(500, { 'retry-after': '3600' }).end();
    const failingEndpoint = await endpointOf(failing);
    await sendTestEvent(h.storage, failingEndpoint.id);
    await waitFor(async () => (await attemptRows(failingEndpoint.id)).length >= 3, 'three attempts of a 500');
  });
});

// Real deliveries to a real receiver, waited for: a longer budget than the unit tests', for a
// machine busy with the other suites.
describe('disabling an endpoint that keeps failing', { timeout: 90_000 }, () => {
  it('disables it once it has failed for the whole window, and delivers nothing more to it', async () => {
    const r = await receiver();
    let answered = 0;
    r.behave = (response) => {
      answered += 1;
      response.writeHead(500).end('broken');
    };
    const { id } = await endpointOf(r);
    // A change's event: the workspace's subscriptions are now known to this process.
    const publishFlow = async () => {
      const flowId = await createResource(h.app, h.ws.keys.testSecret, 'onboarding', 'flows');
      dataOf(await call(h.app, 'POST', `/onboarding/api/v1/flows/${flowId}`, { key: h.ws.keys.testSecret, body: { action: 'publish' } }));
    };
    await publishFlow();
    expect((await deliveryRows(id)).map((delivery) => delivery.type)).toEqual(['flow.published']);
    // Events keep coming (a delivery alone uses up its retries within the window here).
    await waitFor(async () => {
      if ((await endpointState(id)).enabled === false) return true;
      await sendTestEvent(h.storage, id);
      return false;
    }, 'the endpoint to be disabled');
    const state = await endpointState(id);
    expect(state.disabledReason).toMatch(/^failing since \d{4}-\d\d-\d\dT/);
    const attempts = await attemptRows(id);
    expect(attempts.every((attempt) => attempt.status_code === 500)).toBe(true);
    // Disabled no sooner than the window after the first failure.
    const row = await webhookDb(h.storage.db).selectFrom('webhook_endpoints').select('updated_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(Date.parse(row.updated_at) - Date.parse(attempts[0]!.attempted_at)).toBeGreaterThanOrEqual(DISABLE_AFTER_MS);

    // Its deliveries stay pending and are not attempted (those in flight, at most the
    // concurrency of 4, may still end); with 20 ms retries they would be tried many times.
    const before = answered;
    // The attempts in flight end (a claimed delivery is leased until its attempt is recorded),
    // and every delivery still pending comes due: a sender that ignored `enabled` would claim
    // them on its next look.
    await waitFor(async () => {
      const now = Date.now();
      return (await deliveryRows(id)).every((delivery) => delivery.status !== 'pending' || (Number(delivery.lease_until) <= now && Number(delivery.next_attempt_at) <= now));
    }, 'the attempts in flight to end and the pending deliveries to come due');
    // Every claim adds one to its deliveries' `attempts`, in the claim's transaction, before any is sent.
    const claims = async () => (await deliveryRows(id)).reduce((sum, delivery) => sum + Number(delivery.attempts), 0);
    const claimed = await claims();
    const answeredThen = answered;
    // A later event to a healthy endpoint: the claim that takes it looks at every enabled
    // endpoint with deliveries due, so once it has arrived, the sender has looked past the
    // disabled endpoint's due deliveries at least once (this one's attempt count would have
    // grown in that same transaction).
    const healthy = await receiver();
    await sendTestEvent(h.storage, (await endpointOf(healthy)).id);
    await waitFor(() => healthy.received.length >= 1, 'the healthy endpoint\'s event');
    expect(await claims()).toBe(claimed);
    expect(answered).toBe(answeredThen);
    expect(answered - before).toBeLessThanOrEqual(4);
    expect((await deliveryRows(id)).some((delivery) => delivery.status === 'pending')).toBe(true);

    // Nor are events written for it any more (they would all be sent at once when re-enabled).
    const written = (await deliveryRows(id)).length;
    await publishFlow();
    expect((await deliveryRows(id)).length).toBe(written);
  });

  it('keeps an endpoint whose failures are interrupted by a success', async () => {
    const r = await receiver();
    let calls = 0;
    // Fails, except every other answer: never failing for the whole window in one stretch.
    r.behave = (response) => {
      calls += 1;
      if (calls % 2 === 0) response.writeHead(204).end();
      else response.writeHead(500).end();
    };
    const { id } = await endpointOf(r);
    const started = Date.now();
    // Keep events coming for three windows (the window is wall-clock time: that much has to
    // pass), each new one once the receiver has answered again.
    while (Date.now() - started < DISABLE_AFTER_MS * 3) {
      const answered = calls;
      await sendTestEvent(h.storage, id);
      await waitFor(() => calls > answered, 'another attempt');
    }
    expect((await endpointState(id)).enabled).toBe(true);
    // A delivery may use up its retries (each attempt fails every other time); none is left pending.
    await waitFor(async () => (await deliveryRows(id)).every((delivery) => delivery.status !== 'pending'), 'every delivery to finish', 60_000);
    expect((await deliveryRows(id)).some((delivery) => delivery.status === 'succeeded')).toBe(true);
    // Its failures did go on for longer than the window: only the successes kept it enabled.
    const failures = (await attemptRows(id)).map((attempt) => Date.parse(attempt.attempted_at));
    expect(Math.max(...failures) - Math.min(...failures)).toBeGreaterThan(DISABLE_AFTER_MS);
    expect((await endpointState(id)).enabled).toBe(true);
  });
});
