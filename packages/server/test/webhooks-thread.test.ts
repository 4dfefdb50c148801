import { afterAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import type * as Runner from '../src/webhooks/attempt-runner.js';
import { Receiver } from './webhook-receiver.js';

/**
 * The delivery thread as the built server runs it (dist/webhooks/attempt-runner.js starts
 * dist/webhooks/attempt-worker.js); the TypeScript sources run attempts on the main thread.
 */
const built = (await import(new URL('../dist/webhooks/attempt-runner.js', import.meta.url).href)) as typeof Runner;
const settings = { allowPrivateTargets: true, timeoutMs: 5_000, concurrency: 4, totalConcurrency: 64, responseExcerptBytes: 1024 };
const log = { warnings: [] as string[], warn(_obj: object, msg: string) { this.warnings.push(msg); } };
const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

const receiver = await new Receiver().listen();
afterAll(() => receiver.close());

describe('the delivery thread', () => {
  it('runs attempts on a worker thread, signed, with their results back in order of asking', async () => {
    const runner = built.openAttemptRunner(settings, 'worker', log);
    try {
      expect(runner.thread).toBe('worker');
      receiver.behave = (response, received) => response.writeHead(received.body.includes('"n":3') ? 503 : 200).end(`seen ${received.body.length}`);
      const bodies = Array.from({ length: 6 }, (_, n) => JSON.stringify({ type: 'webhook.test', timestamp: new Date().toISOString(), data: { n } }));
      const results = await Promise.all(bodies.map((body, n) => runner.attempt({ id: `msg_${n}`, endpointId: 'whe_1', url: receiver.url, body, secrets: [secret] })));
      expect(results.map((result) => result.statusCode)).toEqual([200, 200, 200, 503, 200, 200]);
      expect(results[0]?.excerpt).toBe(`seen ${bodies[0]?.length}`);
      const verified = receiver.received.map((received) => new Webhook(secret).verify(received.body, received.headers as Record<string, string>) as { data: { n: number } });
      expect(verified.map((event) => event.data.n).sort()).toEqual([0, 1, 2, 4, 5]);
    } finally {
      runner.close();
    }
  });

  it('takes every claimed delivery at once and keeps at most `concurrency` in flight per endpoint', async () => {
    const runner = built.openAttemptRunner({ ...settings, concurrency: 3 }, 'worker', log);
    let open = 0;
    let most = 0;
    receiver.behave = (response) => {
      open += 1;
      most = Math.max(most, open);
      setTimeout(() => {
        open -= 1;
        response.writeHead(204).end();
      }, 30);
    };
    try {
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, n) => runner.attempt({ id: `msg_c${n}`, endpointId: 'whe_c', url: receiver.url, body: `{"n":${n}}`, secrets: [secret] })),
      );
      expect(results.every((result) => result.statusCode === 204)).toBe(true);
      expect(most).toBe(3);
    } finally {
      runner.close();
    }
  });

  it('refuses a private target in the worker as on the main thread', async () => {
    const runner = built.openAttemptRunner({ ...settings, allowPrivateTargets: false }, 'worker', log);
    try {
      const result = await runner.attempt({ id: 'msg_p', endpointId: 'whe_2', url: receiver.url, body: '{}', secrets: [secret] });
      expect(result.statusCode).toBeNull();
      expect(result.error).toMatch(/https|private/);
    } finally {
      runner.close();
    }
  });

  it('falls back to the main thread when asked', () => {
    const runner = built.openAttemptRunner(settings, 'main', log);
    expect(runner.thread).toBe('main');
    runner.close();
  });
});
