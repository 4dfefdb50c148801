import { describe, expect, it } from 'vitest';
import {
  InlayAuthenticationError,
  InlayConnectionError,
  InlayError,
  InlayNotFoundError,
  InlayWebhookVerificationError,
  isInlayError,
} from './errors.js';

describe('isInlayError', () => {
  it('recognises every SDK error class', () => {
    const init = { type: 't', code: 'c', message: 'm', status: 404 };
    for (const error of [
      new InlayError(init),
      new InlayNotFoundError(init),
      new InlayAuthenticationError(init),
      new InlayConnectionError({ ...init, status: 0 }),
      new InlayWebhookVerificationError('webhook_signature_invalid', 'm'),
    ]) {
      expect(isInlayError(error)).toBe(true);
    }
  });

  it('recognises an error branded by another copy of the SDK or by @inlay/client', () => {
    // What another bundle's InlayError carries: only the registered symbol is shared.
    const foreign = Object.defineProperty(new Error('from @inlay/client'), Symbol.for('inlay.error'), { value: true });
    expect(isInlayError(foreign)).toBe(true);
  });

  it('refuses anything else, including look-alikes', () => {
    for (const value of [new Error('x'), { type: 'invalid_request', code: 'x', status: 400 }, null, undefined, 'InlayError', 42]) {
      expect(isInlayError(value)).toBe(false);
    }
    const unregistered = Object.defineProperty(new Error('x'), Symbol('inlay.error'), { value: true });
    expect(isInlayError(unregistered)).toBe(false);
  });
});

describe('InlayError', () => {
  it('keeps the fields, the class name and the cause', () => {
    const cause = new Error('socket hang up');
    const error = new InlayNotFoundError({
      type: 'not_found',
      code: 'not_found',
      message: 'No flow flow_9.',
      status: 404,
      requestId: 'req_1',
      param: 'id',
      headers: { 'request-id': 'req_1' },
      raw: { code: 'not_found' },
      cause,
    });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('InlayNotFoundError');
    expect(error).toMatchObject({ type: 'not_found', code: 'not_found', status: 404, requestId: 'req_1', param: 'id', raw: { code: 'not_found' } });
    expect(error.headers).toEqual({ 'request-id': 'req_1' });
    expect(error.cause).toBe(cause);
    expect(String(error)).toBe('InlayNotFoundError: No flow flow_9.');
  });

  it('has empty headers and no request id when no response arrived', () => {
    const error = new InlayConnectionError({ type: 'connection', code: 'connection_failed', message: 'm', status: 0 });
    expect(error.headers).toEqual({});
    expect(error.requestId).toBeUndefined();
  });
});
