import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  InlayApiError,
  InlayAuthenticationError,
  InlayConflictError,
  InlayConnectionError,
  InlayRateLimitError,
  isInlayError,
} from './errors.js';
import { apiError, hangingAnswer, jsonResponse, ok, stubFetch, type Answer } from './testing/fetch-stub.js';
import { createTransport, type RequestSpec, type TransportOptions } from './transport.js';

const KEY = 'svc_test_pub_0123456789abcdefghijABCDEFGHIJ01';
const BASE = 'http://127.0.0.1:4000/onboarding';
const GET: RequestSpec = { method: 'GET', path: '/api/v1/config/flow_1', idempotent: true };
const WRITE: RequestSpec = { method: 'POST', path: '/api/v1/progress/flow_1/reset', body: { userId: 'u' }, idempotent: true };
const OUTCOME: RequestSpec = { method: 'POST', path: '/api/v1/outcomes', body: { flowId: 'f', event: 'e' }, idempotent: false };

const internal = () => apiError(500, { type: 'internal', code: 'internal_error' });
const expired = () => apiError(401, { type: 'authentication', code: 'author_token_expired' });

/** A transport over scripted answers that records its sleeps instead of sleeping. */
function setup(answers: Answer[], options: Partial<TransportOptions> = {}) {
  const stub = stubFetch(...answers);
  const sleeps: number[] = [];
  const transport = createTransport({
    publishableKey: KEY,
    baseUrl: BASE,
    fetch: stub.fetch,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    ...options,
  });
  return { transport, requests: stub.requests, sleeps };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('requests', () => {
  it('sends the publishable key, and no body, content type or author token on a GET', async () => {
    const { transport, requests } = setup([ok({ id: 'flow_1' })]);
    expect(await transport.request(GET)).toEqual({ id: 'flow_1' });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ url: `${BASE}/api/v1/config/flow_1`, method: 'GET', body: undefined, keepalive: undefined });
    expect(requests[0]!.headers).toEqual({ authorization: `Bearer ${KEY}` });
  });

  it('sends POST bodies as JSON with keepalive, leaving out undefined and null fields', async () => {
    const { transport, requests } = setup([ok({})]);
    await transport.request({ ...WRITE, body: { userId: 'u', workspaceKey: undefined, other: null, days: 3 } });
    expect(requests[0]!.headers).toEqual({ authorization: `Bearer ${KEY}`, 'content-type': 'application/json' });
    expect(requests[0]!.keepalive).toBe(true);
    expect(requests[0]!.body).toEqual({ userId: 'u', days: 3 });
  });

  it('leaves undefined query parameters out of the URL', async () => {
    const { transport, requests } = setup([ok({}), ok({})]);
    await transport.request({ ...GET, query: { userId: 'a b&c', workspaceKey: undefined } });
    await transport.request({ ...GET, query: { userId: undefined } });
    expect(requests.map((r) => r.url)).toEqual([`${BASE}/api/v1/config/flow_1?userId=a+b%26c`, `${BASE}/api/v1/config/flow_1`]);
  });

  it('tolerates trailing slashes on the base URL', async () => {
    const { transport, requests } = setup([ok({})], { baseUrl: `${BASE}//` });
    await transport.request(GET);
    expect(requests[0]!.url).toBe(`${BASE}/api/v1/config/flow_1`);
  });

  it('uses globalThis.fetch when none is injected, looked up at request time', async () => {
    const stub = stubFetch(ok('from global'));
    const transport = createTransport({ publishableKey: KEY, baseUrl: BASE });
    vi.stubGlobal('fetch', stub.fetch);
    expect(await transport.request(GET)).toBe('from global');
    expect(stub.requests).toHaveLength(1);
  });

  it('calls an injected fetch as a plain function, not as a method of the options', async () => {
    const thisValues: unknown[] = [];
    const options = {
      publishableKey: KEY,
      baseUrl: BASE,
      fetch: function (this: unknown) {
        thisValues.push(this);
        return Promise.resolve(ok(1));
      } as unknown as typeof fetch,
    };
    await createTransport(options).request(GET);
    expect(thisValues).toEqual([undefined]);
  });

  it('refuses a secret key, a missing key or base URL, and bad retry or timeout settings', () => {
    expect(() => createTransport({ publishableKey: ['svc', 'live', 'sec', '0123456789abcdefghijABCDEFGHIJ01'].join('_'), baseUrl: BASE })).toThrow(/secret key/);
    expect(() => createTransport({ publishableKey: '', baseUrl: BASE })).toThrow(/publishableKey/);
    expect(() => createTransport({ publishableKey: KEY, baseUrl: '' })).toThrow(/baseUrl/);
    expect(() => createTransport({ publishableKey: KEY, baseUrl: BASE, maxNetworkRetries: -1 })).toThrow(/maxNetworkRetries/);
    expect(() => createTransport({ publishableKey: KEY, baseUrl: BASE, maxNetworkRetries: 1.5 })).toThrow(/maxNetworkRetries/);
    expect(() => createTransport({ publishableKey: KEY, baseUrl: BASE, timeoutMs: 0 })).toThrow(/timeoutMs/);
  });
});

describe('responses', () => {
  it('maps an error response to its class with the Request-Id header', async () => {
    const current = { state: 'dismissed' };
    const { transport } = setup([apiError(409, { type: 'conflict', code: 'invalid_transition', current }, { 'Request-Id': 'req_9' })]);
    const error = await transport.request(WRITE).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InlayConflictError);
    expect(error).toMatchObject({ status: 409, code: 'invalid_transition', requestId: 'req_9', current });
  });

  it('reads Retry-After into a rate-limit error', async () => {
    const { transport } = setup([apiError(429, { type: 'rate_limited', code: 'rate_limited' }, { 'Retry-After': '4' })], { maxNetworkRetries: 0 });
    const error = await transport.request(GET).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InlayRateLimitError);
    expect((error as InlayRateLimitError).retryAfterSec).toBe(4);
  });

  it('refuses a success that is not a {"data": …} envelope', async () => {
    const { transport } = setup([jsonResponse(200, { id: 'flow_1' }), new Response('<html>', { status: 200 })]);
    for (let i = 0; i < 2; i++) {
      const error = await transport.request(GET).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InlayApiError);
      expect(error).toMatchObject({ type: 'api', code: 'invalid_response', status: 200 });
    }
  });

  it('turns a network failure into a connection error with status 0', async () => {
    const cause = new TypeError('fetch failed');
    const { transport } = setup([cause], { maxNetworkRetries: 0 });
    const error = await transport.request(GET).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InlayConnectionError);
    expect(isInlayError(error)).toBe(true);
    expect(error).toMatchObject({ type: 'connection', code: 'connection_failed', status: 0, requestId: undefined, cause });
  });
});

describe('timeouts', () => {
  it('aborts an attempt after timeoutMs (default 10 s) and reports a timeout', async () => {
    vi.useFakeTimers();
    const { transport, requests } = setup([hangingAnswer], { maxNetworkRetries: 0 });
    let settled: unknown;
    const call = transport.request(GET).then(
      () => (settled = 'resolved'),
      (error: unknown) => (settled = error),
    );
    await vi.advanceTimersByTimeAsync(9_999);
    expect(settled).toBeUndefined();
    expect(requests[0]!.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await call;
    expect(requests[0]!.signal?.aborted).toBe(true);
    expect(settled).toBeInstanceOf(InlayConnectionError);
    expect(settled).toMatchObject({ code: 'timeout', status: 0 });
  });

  it('honours a custom timeoutMs and retries a timed-out idempotent call', async () => {
    vi.useFakeTimers();
    const { transport, requests } = setup([hangingAnswer, ok('second')], { timeoutMs: 50, sleep: undefined });
    const call = transport.request(GET);
    await vi.advanceTimersByTimeAsync(50 + 150);
    expect(await call).toBe('second');
    expect(requests).toHaveLength(2);
  });

  it('clears its timer once the response is read', async () => {
    vi.useFakeTimers();
    const { transport } = setup([ok(1)]);
    await transport.request(GET);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('retries', () => {
  it('retries an idempotent call up to maxNetworkRetries (default 2) with growing jittered waits', async () => {
    const { transport, requests, sleeps } = setup([internal(), internal(), internal()]);
    const error = await transport.request(GET).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InlayApiError);
    expect(requests).toHaveLength(3);
    expect(sleeps).toEqual([150, 300]);
  });

  it('succeeds when a retry does', async () => {
    const { transport, requests } = setup([new TypeError('fetch failed'), apiError(503, { type: 'internal', code: 'internal_error' }), ok('third')]);
    expect(await transport.request(WRITE)).toBe('third');
    expect(requests).toHaveLength(3);
    expect(requests.map((r) => r.body)).toEqual([{ userId: 'u' }, { userId: 'u' }, { userId: 'u' }]);
  });

  it('follows maxNetworkRetries', async () => {
    const none = setup([internal()], { maxNetworkRetries: 0 });
    await expect(none.transport.request(GET)).rejects.toBeInstanceOf(InlayApiError);
    expect(none.requests).toHaveLength(1);
    const five = setup(Array.from({ length: 6 }, internal), { maxNetworkRetries: 5 });
    await expect(five.transport.request(GET)).rejects.toBeInstanceOf(InlayApiError);
    expect(five.requests).toHaveLength(6);
    expect(five.sleeps).toEqual([150, 300, 600, 1200, 2400]);
  });

  it('waits the Retry-After of a 429 when it is longer than the backoff', async () => {
    const limited = apiError(429, { type: 'rate_limited', code: 'rate_limited' }, { 'Retry-After': '3' });
    const { transport, sleeps } = setup([limited, ok('done')]);
    expect(await transport.request(GET)).toBe('done');
    expect(sleeps).toEqual([3000]);
  });

  it('waits the Retry-After of a 503 too, as the Node SDK does (one request core in @inlay/core)', async () => {
    const unavailable = apiError(503, { type: 'unavailable', code: 'unavailable' }, { 'Retry-After': '2' });
    const { transport, sleeps } = setup([unavailable, ok('done')]);
    expect(await transport.request(GET)).toBe('done');
    expect(sleeps).toEqual([2000]);
  });

  it('fails at once when Retry-After is longer than a user should wait', async () => {
    const limited = apiError(429, { type: 'rate_limited', code: 'rate_limited' }, { 'Retry-After': '120' });
    const { transport, requests, sleeps } = setup([limited]);
    const error = await transport.request(GET).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, retryAfterSec: 120 });
    expect(requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('does not retry 4xx answers', async () => {
    const { transport, requests } = setup([apiError(409, { type: 'conflict', code: 'invalid_transition' })]);
    await expect(transport.request(WRITE)).rejects.toBeInstanceOf(InlayConflictError);
    expect(requests).toHaveLength(1);
  });

  it.each([
    ['a 500', internal],
    ['a 429', () => apiError(429, { type: 'rate_limited', code: 'rate_limited' }, { 'Retry-After': '1' })],
    ['a connection error', () => new TypeError('fetch failed')],
  ])('never retries a non-idempotent call after %s', async (_name, answer) => {
    const { transport, requests, sleeps } = setup([answer(), ok('should not be reached')]);
    await expect(transport.request(OUTCOME)).rejects.toSatisfy(isInlayError);
    expect(requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('sleeps for real by default', async () => {
    vi.useFakeTimers();
    const { transport, requests } = setup([internal(), ok('later')], { sleep: undefined });
    const call = transport.request(GET);
    await vi.advanceTimersByTimeAsync(149);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await call).toBe('later');
    expect(requests).toHaveLength(2);
  });
});

describe('author tokens', () => {
  it('sends the host page token as Inlay-Author-Token, asking once for many requests', async () => {
    const getAuthorToken = vi.fn(() => Promise.resolve('jwt-1'));
    const { transport, requests } = setup([ok(1), ok(2)], { getAuthorToken });
    await transport.request(GET);
    await transport.request(WRITE);
    expect(requests.map((r) => r.headers['inlay-author-token'])).toEqual(['jwt-1', 'jwt-1']);
    expect(getAuthorToken).toHaveBeenCalledTimes(1);
    expect(getAuthorToken).toHaveBeenCalledWith({ forceRefresh: false });
  });

  it('sends no author header when the host page has no token', async () => {
    const { transport, requests } = setup([ok(1)], { getAuthorToken: () => null });
    await transport.request(GET);
    expect(requests[0]!.headers).not.toHaveProperty('inlay-author-token');
  });

  it('on author_token_expired, forces a refresh and retries the request once', async () => {
    const getAuthorToken = vi.fn(({ forceRefresh }: { forceRefresh: boolean }) => (forceRefresh ? 'jwt-new' : 'jwt-old'));
    const { transport, requests, sleeps } = setup([expired(), ok('done')], { getAuthorToken });
    expect(await transport.request(WRITE)).toBe('done');
    expect(requests.map((r) => r.headers['inlay-author-token'])).toEqual(['jwt-old', 'jwt-new']);
    expect(requests[1]!.body).toEqual({ userId: 'u' });
    expect(getAuthorToken.mock.calls).toEqual([[{ forceRefresh: false }], [{ forceRefresh: true }]]);
    expect(sleeps).toEqual([]);
  });

  it('retries only once when the refreshed token is refused too', async () => {
    const getAuthorToken = vi.fn(() => 'jwt');
    const { transport, requests } = setup([expired(), expired(), ok('unreached')], { getAuthorToken });
    const error = await transport.request(GET).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InlayAuthenticationError);
    expect(error).toMatchObject({ code: 'author_token_expired' });
    expect(requests).toHaveLength(2);
    expect(getAuthorToken).toHaveBeenCalledTimes(2);
  });

  it('refreshes for a non-idempotent call too, since the server acted on nothing', async () => {
    const { transport, requests } = setup([expired(), ok('recorded')], { getAuthorToken: ({ forceRefresh }) => (forceRefresh ? 'b' : 'a') });
    expect(await transport.request(OUTCOME)).toBe('recorded');
    expect(requests).toHaveLength(2);
  });

  it('does not refresh on other 401s, nor without a getAuthorToken', async () => {
    const getAuthorToken = vi.fn(() => 'jwt');
    const other = setup([apiError(401, { type: 'authentication', code: 'api_key_revoked' })], { getAuthorToken });
    await expect(other.transport.request(GET)).rejects.toMatchObject({ code: 'api_key_revoked' });
    expect(other.requests).toHaveLength(1);
    expect(getAuthorToken).toHaveBeenCalledTimes(1);
    const without = setup([expired()]);
    await expect(without.transport.request(GET)).rejects.toMatchObject({ code: 'author_token_expired' });
    expect(without.requests).toHaveLength(1);
  });

  it('keeps network retries apart from the token retry', async () => {
    const { transport, requests } = setup([expired(), internal(), internal(), ok('fourth')], { getAuthorToken: () => 'jwt' });
    expect(await transport.request(GET)).toBe('fourth');
    expect(requests).toHaveLength(4);
  });

  it('rejects with the host page error when getAuthorToken fails, without sending anything', async () => {
    const { transport, requests } = setup([], { getAuthorToken: () => Promise.reject(new Error('session gone')) });
    await expect(transport.request(GET)).rejects.toThrow('session gone');
    expect(requests).toHaveLength(0);
  });
});
