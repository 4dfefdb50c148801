import { describe, expect, it } from 'vitest';
import {
  InlayApiError,
  InlayAuthenticationError,
  InlayConflictError,
  InlayConnectionError,
  InlayError,
  InlayInvalidRequestError,
  InlayNotFoundError,
  InlayPermissionError,
  InlayPlanError,
  InlayRateLimitError,
  isInlayError,
} from './errors.js';
import { apiError, hangingAnswer, jsonResponse, networkError, ok } from './testing/fetch-stub.js';
import { setup } from './testing/setup.js';

const internal = () => apiError(500, { type: 'internal', code: 'internal_error' });
const RECORD = { id: 'flow_1', object: 'flow', name: 'Welcome' };

describe('retries', () => {
  it('retries connection errors and 5xx with growing, jittered waits, then succeeds', async () => {
    const { inlay, requests, sleeps } = setup([networkError(), internal(), ok(RECORD)]);
    expect(await inlay.onboarding.flows.retrieve('flow_1')).toEqual(RECORD);
    expect(requests).toHaveLength(3);
    // random() = 0.5: 3/4 of 500 ms, then 3/4 of 1 000 ms.
    expect(sleeps).toEqual([375, 750]);
  });

  it('gives up after maxNetworkRetries and throws the last error', async () => {
    const { inlay, requests, sleeps } = setup([internal(), internal(), internal()]);
    const error = await inlay.feedback.boards.retrieve('board_1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InlayApiError);
    expect(requests).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
  });

  it('takes maxNetworkRetries from the client and from each call', async () => {
    const client = setup([internal(), internal()], { maxNetworkRetries: 1 });
    await expect(client.inlay.onboarding.flows.retrieve('flow_1')).rejects.toBeInstanceOf(InlayApiError);
    expect(client.requests).toHaveLength(2);
    const call = setup([internal()]);
    await expect(call.inlay.onboarding.flows.retrieve('flow_1', { maxNetworkRetries: 0 })).rejects.toBeInstanceOf(InlayApiError);
    expect(call.requests).toHaveLength(1);
  });

  it('retries 429 and waits at least Retry-After', async () => {
    const { inlay, sleeps } = setup([
      apiError(429, { type: 'rate_limited', code: 'rate_limited' }, { 'Retry-After': '3' }),
      ok(RECORD),
    ]);
    await inlay.onboarding.flows.retrieve('flow_1');
    expect(sleeps).toEqual([3000]);
  });

  it('does not wait out a Retry-After over a minute: it throws with retryAfterSec', async () => {
    const { inlay, requests } = setup([apiError(429, { type: 'rate_limited', code: 'rate_limited' }, { 'Retry-After': '120' })]);
    const error = await inlay.onboarding.flows.retrieve('flow_1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InlayRateLimitError);
    expect((error as InlayRateLimitError).retryAfterSec).toBe(120);
    expect(requests).toHaveLength(1);
  });

  it('retries 409 idempotency_key_in_use (the first attempt still running) with the same key', async () => {
    const { inlay, requests } = setup([
      apiError(409, { type: 'conflict', code: 'idempotency_key_in_use' }),
      ok(RECORD, { 'Idempotent-Replayed': 'true' }),
    ]);
    await inlay.onboarding.flows.create({ name: 'Welcome' });
    expect(requests.map((r) => r.headers['idempotency-key'])).toEqual(['key_1', 'key_1']);
  });

  it('gives up on a key that stays in use after maxNetworkRetries, never retrying it forever', async () => {
    const inUse = () => apiError(409, { type: 'conflict', code: 'idempotency_key_in_use', param: 'Idempotency-Key' });
    const { inlay, requests } = setup([inUse(), inUse(), inUse(), inUse(), inUse()], { maxNetworkRetries: 2 });
    const error = await inlay.onboarding.flows.create({ name: 'Stuck' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InlayConflictError);
    expect(requests).toHaveLength(3);
  });

  it('never retries 409 idempotency_key_reused', async () => {
    const { inlay, requests } = setup([apiError(409, { type: 'conflict', code: 'idempotency_key_reused', param: 'Idempotency-Key' })]);
    const error = await inlay.onboarding.flows.create({ name: 'Other' }, { idempotencyKey: 'mine' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InlayConflictError);
    expect((error as InlayConflictError).code).toBe('idempotency_key_reused');
    expect(requests).toHaveLength(1);
  });

  it.each([
    [400, 'invalid_request', 'parameter_invalid'],
    [401, 'authentication', 'api_key_invalid'],
    [402, 'plan', 'plan_required'],
    [403, 'permission', 'wrong_key_kind'],
    [404, 'not_found', 'not_found'],
    [413, 'too_large', 'body_too_large'],
  ])('never retries %i', async (status, type, code) => {
    const { inlay, requests, sleeps } = setup([apiError(status, { type, code })]);
    await expect(inlay.onboarding.flows.retrieve('flow_1')).rejects.toMatchObject({ status, code });
    expect(requests).toHaveLength(1);
    expect(sleeps).toHaveLength(0);
  });

  it('times out a hanging request, and retries it', async () => {
    const { inlay, requests } = setup([hangingAnswer, ok(RECORD)], { timeout: 20 });
    expect(await inlay.onboarding.flows.retrieve('flow_1')).toEqual(RECORD);
    expect(requests[0]!.signal?.aborted).toBe(true);
    expect(requests).toHaveLength(2);
  });

  it('reports a timeout as a connection error with code timeout', async () => {
    const { inlay } = setup([hangingAnswer], { maxNetworkRetries: 0 });
    const error = await inlay.onboarding.flows.retrieve('flow_1', { timeout: 10 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InlayConnectionError);
    expect(error).toMatchObject({ type: 'connection', code: 'timeout', status: 0, requestId: undefined });
    expect((error as Error).message).toContain('timed out after 10 ms');
  });

  it('reports a refused connection as connection_failed, keeping the cause', async () => {
    const cause = networkError();
    const { inlay } = setup([cause], { maxNetworkRetries: 0 });
    const error = await inlay.onboarding.flows.list().catch((e: unknown) => e);
    expect(error).toMatchObject({ type: 'connection', code: 'connection_failed', status: 0 });
    expect((error as Error).cause).toBe(cause);
    expect((error as Error).message).toContain('http://127.0.0.1:4000');
  });
});

describe('idempotency keys', () => {
  it('sends a fresh random UUID on every POST by default', async () => {
    const { inlay, requests } = setup([ok(RECORD), ok(RECORD)], { generateIdempotencyKey: undefined });
    await inlay.onboarding.flows.create({ name: 'A' });
    await inlay.onboarding.flows.publish('flow_1');
    const [first, second] = requests.map((r) => r.headers['idempotency-key']);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second).toMatch(/^[0-9a-f-]{36}$/);
    expect(first).not.toBe(second);
  });

  it('reuses one key across the retries of a call', async () => {
    const { inlay, requests } = setup([networkError(), internal(), ok({ token: 't', expiresAt: '2030-01-01T00:00:00.000Z' })]);
    await inlay.feedback.authorTokens.create({ authorId: 'u1', boardId: 'board_1' });
    expect(requests.map((r) => r.headers['idempotency-key'])).toEqual(['key_1', 'key_1', 'key_1']);
  });

  it('sends the caller\'s key when given', async () => {
    const { inlay, requests } = setup([ok(RECORD)]);
    await inlay.onboarding.flows.create({ name: 'Welcome' }, { idempotencyKey: 'welcome-acct_7' });
    expect(requests[0]!.headers['idempotency-key']).toBe('welcome-acct_7');
  });

  it('sends no key on GET, and one on PATCH so a retried save records one revision', async () => {
    const { inlay, requests } = setup([ok(RECORD), ok({ revisionId: 'rev_2' })]);
    await inlay.onboarding.flows.retrieve('flow_1');
    await inlay.onboarding.flows.updateDraft('flow_1', { name: 'Welcome', config: {} });
    expect(requests[0]!.headers['idempotency-key']).toBeUndefined();
    expect(requests[1]!.headers['idempotency-key']).toBe('key_1');
    expect(requests[0]!.headers['content-type']).toBeUndefined();
  });
});

describe('errors', () => {
  it.each([
    [400, InlayInvalidRequestError, 'invalid_request'],
    [401, InlayAuthenticationError, 'authentication'],
    [402, InlayPlanError, 'plan'],
    [403, InlayPermissionError, 'permission'],
    [404, InlayNotFoundError, 'not_found'],
    [409, InlayConflictError, 'conflict'],
    [413, InlayInvalidRequestError, 'too_large'],
    [429, InlayRateLimitError, 'rate_limited'],
    [500, InlayApiError, 'internal'],
    [503, InlayApiError, 'internal'],
  ])('maps %i to %o', async (status, ErrorClass, type) => {
    const { inlay } = setup([apiError(status, { type, code: 'some_code', param: 'config.items.0.id' }, { 'X-Extra': 'yes' })], {
      maxNetworkRetries: 0,
    });
    const error = await inlay.onboarding.flows.retrieve('flow_1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error).toBeInstanceOf(InlayError);
    expect(isInlayError(error)).toBe(true);
    expect(error).toMatchObject({
      type,
      code: 'some_code',
      status,
      message: 'some_code happened',
      // The header wins over the body's copy.
      requestId: 'req_test',
      param: 'config.items.0.id',
      raw: { type, code: 'some_code', message: 'some_code happened', param: 'config.items.0.id', requestId: 'req_body' },
    });
    expect((error as InlayError).headers).toMatchObject({ 'request-id': 'req_test', 'x-extra': 'yes' });
  });

  it('maps a bare proxy error by its status', async () => {
    const { inlay } = setup([new Response('<html>Bad gateway</html>', { status: 502 })], { maxNetworkRetries: 0 });
    const error = await inlay.onboarding.flows.retrieve('flow_1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InlayApiError);
    expect(error).toMatchObject({ status: 502, type: 'internal', code: 'unexpected_response', requestId: undefined });
  });

  it('refuses a success body without the data envelope', async () => {
    const { inlay } = setup([jsonResponse(200, { id: 'flow_1' })]);
    const error = await inlay.onboarding.flows.retrieve('flow_1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InlayApiError);
    expect(error).toMatchObject({ code: 'invalid_response', status: 200, raw: { id: 'flow_1' } });
  });

  it('treats an exception thrown by the injected fetch as a connection failure, keeping it as the cause', async () => {
    const bug = new RangeError('bug in an injected fetch');
    const { inlay } = setup([
      () => {
        throw bug;
      },
    ]);
    const error = await inlay.onboarding.flows.retrieve('flow_1', { maxNetworkRetries: 0 }).catch((e: unknown) => e);
    expect((error as Error).cause).toBe(bug);
  });
});
