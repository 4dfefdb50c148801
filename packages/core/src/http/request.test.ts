import { describe, expect, it } from 'vitest';
import { InlayApiError, InlayAuthenticationError, InlayConflictError, InlayConnectionError, InlayRateLimitError, isInlayError } from './errors.js';
import { generateIdempotencyKey } from './idempotency.js';
import { createHttpClient, queryString, type HttpCall, type HttpPlatform, type HttpRequestInit, type HttpResponseLike } from './request.js';
import type { RetryPolicy } from './retry.js';

const POLICY: RetryPolicy = { initialDelayMs: 500, maxDelayMs: 5_000, maxRetryAfterSec: 60, jitter: 'equal', retryConflicts: true };
const CALL: HttpCall = { method: 'POST', url: 'http://127.0.0.1:4000/onboarding/api/v1/flows', description: 'POST /api/v1/flows', body: { name: 'x' }, timeoutMs: 1_000, maxNetworkRetries: 2 };

/** A response as fetch answers it; core compiles without DOM types, so this is the structural part. */
function response(status: number, body: unknown, headers: Record<string, string> = {}): HttpResponseLike {
  const all: Record<string, string> = { 'Request-Id': 'req_1', ...headers };
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: { forEach: (callback) => Object.entries(all).forEach(([name, value]) => callback(value, name)) },
    text: async () => (typeof body === 'string' ? body : JSON.stringify(body)),
  };
}
const ok = (data: unknown) => response(200, { data });
const failure = (status: number, code: string, headers: Record<string, string> = {}) =>
  response(status, { error: { type: 't', code, message: `failed: ${code}` } }, headers);

type Answer = HttpResponseLike | Error | ((init: HttpRequestInit) => Promise<HttpResponseLike>);

/** A client over scripted answers that records requests and sleeps instead of sending and sleeping. */
function setup(answers: Answer[], platform: Partial<HttpPlatform> = {}) {
  const requests: { url: string; init: HttpRequestInit }[] = [];
  const sleeps: number[] = [];
  const client = createHttpClient({
    fetch: async (url, init) => {
      requests.push({ url, init });
      const answer = answers.shift();
      if (answer === undefined) throw new Error('unexpected request');
      if (answer instanceof Error) throw answer;
      return typeof answer === 'function' ? answer(init) : answer;
    },
    retryPolicy: POLICY,
    headers: { Authorization: 'Bearer key' },
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0,
    ...platform,
  });
  return { client, requests, sleeps };
}

describe('createHttpClient', () => {
  it('sends the platform’s and the call’s headers and a JSON body, and answers the envelope’s data', async () => {
    const { client, requests } = setup([ok({ id: 'flow_1' })]);
    expect(await client.request({ ...CALL, headers: { 'X-Call': '1' }, keepalive: true })).toEqual({ id: 'flow_1' });
    expect(requests[0]!.init).toMatchObject({
      method: 'POST',
      headers: { Authorization: 'Bearer key', 'X-Call': '1', 'Content-Type': 'application/json' },
      body: '{"name":"x"}',
      keepalive: true,
    });
  });

  it('sends a call’s headers (the Node SDK’s idempotency key) on every attempt of it', async () => {
    const { client, requests, sleeps } = setup([new Error('socket hang up'), failure(503, 'unavailable'), ok(1), ok(2)]);
    await client.request({ ...CALL, headers: { 'Idempotency-Key': 'key_1' } });
    await client.request({ ...CALL, method: 'GET', body: undefined });
    expect(requests.map((r) => r.init.headers['Idempotency-Key'])).toEqual(['key_1', 'key_1', 'key_1', undefined]);
    expect(requests[3]!.init.headers).toEqual({ Authorization: 'Bearer key' });
    expect(sleeps).toEqual([250, 500]);
  });

  it('waits out Retry-After on a 503 and a 409 in progress, and gives up on one past the policy’s limit', async () => {
    const { client, sleeps } = setup([failure(503, 'unavailable', { 'Retry-After': '3' }), failure(409, 'idempotency_key_in_use', { 'Retry-After': '1' }), ok('done')]);
    expect(await client.request(CALL)).toBe('done');
    expect(sleeps).toEqual([3000, 1000]);

    const long = setup([failure(429, 'rate_limited', { 'Retry-After': '61' })]);
    const error = await long.client.request(CALL).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InlayRateLimitError);
    expect((error as InlayRateLimitError).retryAfterSec).toBe(61);
    expect(long.requests).toHaveLength(1);
  });

  it('stops after maxNetworkRetries, throwing the last error, and never repeats what is not transient', async () => {
    const { client, requests } = setup([failure(500, 'a'), failure(500, 'b'), failure(500, 'c')]);
    await expect(client.request(CALL)).rejects.toMatchObject({ code: 'c' });
    expect(requests).toHaveLength(3);
    const once = setup([failure(500, 'a')]);
    await expect(once.client.request({ ...CALL, maxNetworkRetries: 0 })).rejects.toBeInstanceOf(InlayApiError);
    const reused = setup([failure(409, 'idempotency_key_reused')]);
    await expect(reused.client.request(CALL)).rejects.toBeInstanceOf(InlayConflictError);
    expect(reused.requests).toHaveLength(1);
  });

  it('lets the SDK repeat an attempt at once with other headers, without spending a retry', async () => {
    const { client, requests, sleeps } = setup([failure(401, 'author_token_expired'), failure(401, 'author_token_expired'), ok('ok')]);
    const seen: string[] = [];
    const answer = await client.request({
      ...CALL,
      maxNetworkRetries: 0,
      headers: { 'Inlay-Author-Token': 'old', 'X-Drop': 'y' },
      recover: async (error) => {
        seen.push(error.code);
        return seen.length === 1 ? { 'Inlay-Author-Token': 'new', 'X-Drop': undefined } : seen.length === 2 ? { 'Inlay-Author-Token': 'newer' } : undefined;
      },
    });
    expect(answer).toBe('ok');
    expect(requests.map((r) => r.init.headers['Inlay-Author-Token'])).toEqual(['old', 'new', 'newer']);
    expect(requests[1]!.init.headers).not.toHaveProperty('X-Drop');
    expect(sleeps).toEqual([]);
    const refused = setup([failure(401, 'author_token_expired')]);
    await expect(refused.client.request({ ...CALL, recover: async () => undefined })).rejects.toBeInstanceOf(InlayAuthenticationError);
  });

  it('decodes errors by status with lower-cased headers and the Request-Id', async () => {
    const { client } = setup([failure(429, 'rate_limited', { 'X-Extra': 'yes' })], { retryPolicy: { ...POLICY } });
    const error = await client.request({ ...CALL, maxNetworkRetries: 0 }).catch((e: unknown) => e);
    expect(isInlayError(error)).toBe(true);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', requestId: 'req_1', headers: { 'request-id': 'req_1', 'x-extra': 'yes' } });
  });

  it('refuses a success that is not {"data": …}, and a proxy’s HTML error page by its status', async () => {
    const { client } = setup([response(200, '<html>'), response(404, '<html>Not Found</html>')]);
    await expect(client.request({ ...CALL, maxNetworkRetries: 0 })).rejects.toMatchObject({ code: 'invalid_response', status: 200, raw: '<html>' });
    await expect(client.request(CALL)).rejects.toMatchObject({ type: 'not_found', code: 'unexpected_response' });
  });

  it('aborts an attempt at its timeout with the platform’s timers, as a retryable connection error', async () => {
    const scheduled: number[] = [];
    const hang = (init: HttpRequestInit) =>
      new Promise<HttpResponseLike>((_, reject) => {
        (init.signal as unknown as { addEventListener(type: string, listener: () => void): void }).addEventListener('abort', () => reject(new Error('aborted')));
      });
    const { client, sleeps } = setup([hang, ok('late but fine')], {
      timers: {
        setTimeout: (callback, ms) => {
          scheduled.push(ms);
          void Promise.resolve().then(callback);
          return scheduled.length;
        },
        clearTimeout: () => undefined,
      },
    });
    expect(await client.request({ ...CALL, timeoutMs: 1234 })).toBe('late but fine');
    expect(scheduled).toEqual([1234, 1234]);
    expect(sleeps).toEqual([250]);
    const once = setup([hang], { timers: { setTimeout: (callback) => void Promise.resolve().then(callback), clearTimeout: () => undefined } });
    const error = await once.client.request({ ...CALL, maxNetworkRetries: 0 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InlayConnectionError);
    expect(error).toMatchObject({ status: 0, code: 'timeout', message: 'POST /api/v1/flows timed out after 1000 ms.' });
  });

  it('names the unreachable origin, not the key or the path, on a network failure', async () => {
    const { client } = setup([new Error('ECONNREFUSED')]);
    const error = await client.request({ ...CALL, maxNetworkRetries: 0 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'connection_failed', message: 'POST /api/v1/flows could not reach http://127.0.0.1:4000: ECONNREFUSED' });
  });
});

describe('queryString', () => {
  it('form-encodes defined values and leaves out undefined and null ones', () => {
    expect(queryString({ userId: 'a b&c', limit: 10, cursor: undefined, other: null })).toBe('?userId=a+b%26c&limit=10');
    expect(queryString({ cursor: undefined })).toBe('');
    expect(queryString(undefined)).toBe('');
  });
});

describe('generateIdempotencyKey', () => {
  const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('uses Web Crypto’s randomUUID where there is one', () => {
    expect(generateIdempotencyKey()).toMatch(UUID_V4);
    expect(generateIdempotencyKey({ randomUUID: () => 'fixed' })).toBe('fixed');
  });

  it('builds a version 4 UUID from getRandomValues on an insecure page, and refuses with no randomness', () => {
    const all = (byte: number) => ({ getRandomValues: (array: Uint8Array) => array.fill(byte) });
    expect(generateIdempotencyKey(all(0xff))).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(generateIdempotencyKey(all(0))).toBe('00000000-0000-4000-8000-000000000000');
    expect(() => generateIdempotencyKey({})).toThrow(TypeError);
  });
});
