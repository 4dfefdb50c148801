import { afterAll, describe, expect, it } from 'vitest';
import { AttemptClient } from '../src/webhooks/attempt.js';
import { Receiver } from './webhook-receiver.js';

// One attempt against a real receiver: what is kept of the response, and when it gives up.
const settings = { allowPrivateTargets: true, timeoutMs: 400, concurrency: 2, totalConcurrency: 8, responseExcerptBytes: 16 };
const receiver = await new Receiver().listen();
const client = new AttemptClient(settings);
afterAll(async () => {
  client.close();
  await receiver.close();
});
const attempt = (id: string, url = receiver.url, by = client) => by.attempt({ id, endpointId: 'whe_a', url, body: '{"n":1}', secrets: ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'] });

describe('a delivery attempt', () => {
  it('never follows a redirect', async () => {
    let requests = 0;
    // The first request is redirected; a followed redirect would be a second request.
    receiver.behave = (response) => {
      requests += 1;
      if (requests === 1) response.writeHead(302, { location: '/moved' }).end();
      else response.writeHead(204).end();
    };
    const result = await attempt('msg_r');
    expect(result).toMatchObject({ statusCode: 302, error: 'redirect (302) not followed' });
    expect(requests).toBe(1);
  });

  it('keeps the first bytes of a long answer as its excerpt, with Retry-After from a 429', async () => {
    receiver.behave = (response) => response.writeHead(429, { 'retry-after': '7' }).end('x'.repeat(1_000_000));
    const result = await attempt('msg_l');
    expect(result).toMatchObject({ statusCode: 429, excerpt: 'x'.repeat(16), error: null, retryAfterSeconds: 7 });
  });

  it('keeps the connection for the next attempt after a whole answer, and drops one cut at the excerpt', async () => {
    // One connection at most, so a second one is only ever opened when the first was closed.
    const single = new AttemptClient({ ...settings, concurrency: 1 });
    const ports: (number | undefined)[] = [];
    const answer = (body: string) => {
      receiver.behave = (response) => {
        ports.push(response.socket?.remotePort);
        response.writeHead(200).end(body);
      };
    };
    answer('ok');
    await attempt('msg_k1', receiver.url, single);
    await attempt('msg_k2', receiver.url, single);
    answer('y'.repeat(100_000));
    expect(await attempt('msg_k3', receiver.url, single)).toMatchObject({ statusCode: 200, excerpt: 'y'.repeat(16), error: null });
    answer('ok');
    await attempt('msg_k4', receiver.url, single);
    expect(ports).toHaveLength(4);
    expect(ports[1]).toBe(ports[0]);
    expect(ports[2]).toBe(ports[1]);
    // The answer left unread closed its connection; the next attempt opened another.
    expect(ports[3]).not.toBe(ports[2]);
    single.close();
  });

  it('times out without a status, and keeps a status received before the deadline', async () => {
    receiver.behave = () => undefined;
    expect(await attempt('msg_t')).toMatchObject({ statusCode: null, error: 'no response within 400 ms' });
    receiver.behave = (response) => {
      response.writeHead(200);
      response.write('partial');
    };
    expect(await attempt('msg_d')).toMatchObject({ statusCode: 200, excerpt: 'partial', error: null });
  });

  it('answers a refused connection as a failed attempt', async () => {
    const result = await attempt('msg_c', 'http://127.0.0.1:9/hook');
    expect(result.statusCode).toBeNull();
    expect(result.error).toMatch(/ECONNREFUSED|connect/);
  });
});
