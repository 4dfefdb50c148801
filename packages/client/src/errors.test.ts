import { describe, expect, it } from 'vitest';
import {
  errorFromResponse,
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

const details = { requestId: 'req_header', retryAfterSec: undefined, description: 'GET /api/v1/x' };

function body(type: string, code: string, extra: Record<string, unknown> = {}): unknown {
  return { error: { type, code, message: `${code}!`, requestId: 'req_body', ...extra } };
}

describe('errorFromResponse', () => {
  it.each([
    [400, 'invalid_request', InlayInvalidRequestError, 'InlayInvalidRequestError'],
    [401, 'authentication', InlayAuthenticationError, 'InlayAuthenticationError'],
    [402, 'plan', InlayPlanError, 'InlayPlanError'],
    [403, 'permission', InlayPermissionError, 'InlayPermissionError'],
    [404, 'not_found', InlayNotFoundError, 'InlayNotFoundError'],
    [409, 'conflict', InlayConflictError, 'InlayConflictError'],
    [413, 'too_large', InlayInvalidRequestError, 'InlayInvalidRequestError'],
    [429, 'rate_limited', InlayRateLimitError, 'InlayRateLimitError'],
    [500, 'internal', InlayApiError, 'InlayApiError'],
    [503, 'internal', InlayApiError, 'InlayApiError'],
    [418, 'invalid_request', InlayApiError, 'InlayApiError'],
  ] as const)('maps status %i (%s) to its class', (status, type, ErrorClass, name) => {
    const error = errorFromResponse(status, body(type, 'some_code'), details);
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error).toBeInstanceOf(InlayError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe(name);
    // What loggers print as the type (pino reads `constructor.name`).
    expect(error.constructor.name).toBe(name);
    expect(error.status).toBe(status);
    expect(error.type).toBe(type);
    expect(error.code).toBe('some_code');
  });

  it('copies the body: message, param, current and the raw error object', () => {
    const current = { object: 'progress', state: 'dismissed' };
    const error = errorFromResponse(409, body('conflict', 'invalid_transition', { param: 'itemId', current }), details);
    expect(error.message).toBe('invalid_transition!');
    expect(error.param).toBe('itemId');
    expect(error.current).toEqual(current);
    expect(error.raw).toEqual({ type: 'conflict', code: 'invalid_transition', message: 'invalid_transition!', requestId: 'req_body', param: 'itemId', current });
  });

  it('prefers the Request-Id header and falls back to the body', () => {
    expect(errorFromResponse(400, body('invalid_request', 'x'), details).requestId).toBe('req_header');
    expect(errorFromResponse(400, body('invalid_request', 'x'), { ...details, requestId: undefined }).requestId).toBe('req_body');
  });

  it('puts Retry-After on rate-limit errors', () => {
    const error = errorFromResponse(429, body('rate_limited', 'rate_limited'), { ...details, retryAfterSec: 7 });
    expect(error).toBeInstanceOf(InlayRateLimitError);
    expect((error as InlayRateLimitError).retryAfterSec).toBe(7);
  });

  it('describes a response without an Inlay error body (a proxy page) by its status', () => {
    const error = errorFromResponse(502, undefined, details);
    expect(error).toBeInstanceOf(InlayApiError);
    expect(error).toMatchObject({ type: 'internal', code: 'unexpected_response', status: 502, requestId: 'req_header' });
    expect(error.message).toContain('GET /api/v1/x');
    expect(errorFromResponse(404, 'Not Found', details)).toMatchObject({ type: 'not_found', code: 'unexpected_response' });
    expect(errorFromResponse(404, 'Not Found', details)).toBeInstanceOf(InlayNotFoundError);
  });
});

describe('isInlayError', () => {
  it('recognises every SDK error', () => {
    const init = { type: 'connection', code: 'timeout', message: 'm', status: 0 };
    for (const error of [new InlayError(init), new InlayConnectionError(init), new InlayRateLimitError(init), errorFromResponse(500, undefined, details)]) {
      expect(isInlayError(error)).toBe(true);
    }
  });

  it('recognises an error branded by another copy of the SDK, which instanceof cannot', () => {
    const foreign = Object.assign(new Error('from another bundle'), { [Symbol.for('inlay.error')]: true });
    expect(foreign instanceof InlayError).toBe(false);
    expect(isInlayError(foreign)).toBe(true);
  });

  it('rejects look-alikes and non-objects', () => {
    expect(isInlayError(new Error('plain'))).toBe(false);
    expect(isInlayError({ type: 'conflict', code: 'x', status: 409 })).toBe(false);
    expect(isInlayError({ [Symbol('inlay.error')]: true })).toBe(false);
    expect(isInlayError(null)).toBe(false);
    expect(isInlayError(undefined)).toBe(false);
    expect(isInlayError('inlay.error')).toBe(false);
  });

  it('keeps the brand out of enumeration and JSON', () => {
    const error = new InlayError({ type: 'internal', code: 'internal_error', message: 'm', status: 500 });
    expect(Object.getOwnPropertySymbols(error)).toHaveLength(1);
    expect(Object.keys(error)).not.toContain(Symbol.for('inlay.error'));
    expect(JSON.stringify(error)).not.toContain('inlay.error');
  });

  it('keeps the cause of a connection error', () => {
    const cause = new TypeError('fetch failed');
    const error = new InlayConnectionError({ type: 'connection', code: 'connection_failed', message: 'm', status: 0, cause });
    expect(error.cause).toBe(cause);
  });
});
