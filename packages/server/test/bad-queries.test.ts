import { describe, expect, it } from 'vitest';
import { call, errorOf, harness } from './helpers.js';

const h = await harness();
const key = h.ws.keys.testSecret;

describe('query strings that do not decode', () => {
  it('are refused as the same bytes in the path are, whatever the route', async () => {
    for (const query of ['cursor=%ED%A0%80', 'cursor=%FF', 'cursor=%zz', 'cursor=ok&limit=%E0%A4%A']) {
      const response = await call(h.app, 'GET', `/onboarding/api/v1/flows?${query}`, { key });
      expect(response.statusCode, query).toBe(400);
      expect(errorOf(response), query).toMatchObject({ code: 'parameter_invalid', message: expect.stringContaining('query string is malformed') });
    }
    // Before any key is looked at, as the path's own check.
    expect(errorOf(await call(h.app, 'GET', '/healthz?x=%FF')).code).toBe('parameter_invalid');
  });

  it('are read when every escape is UTF-8, spaces as + included', async () => {
    // Decoded and passed on: the cursor is judged by its own rules (not one of ours), not the escape.
    const cursor = errorOf(await call(h.app, 'GET', '/onboarding/api/v1/flows?cursor=caf%C3%A9+%F0%9F%98%80', { key }));
    expect(cursor).toMatchObject({ code: 'parameter_invalid', param: 'cursor' });
    expect(cursor.message).not.toContain('query string is malformed');
    expect((await call(h.app, 'GET', '/onboarding/api/v1/flows?limit=%32', { key })).statusCode).toBe(200);
  });
});

describe('whole-number query parameters', () => {
  it('take decimal digits only: hex, exponents, signs and spaces are refused with the parameter\'s message', async () => {
    for (const value of ['0x10', '1e2', '+5', '%205', '5.0', '-1']) {
      const response = await call(h.app, 'GET', `/onboarding/api/v1/flows?limit=${value}`, { key });
      expect(response.statusCode, value).toBe(400);
      expect(errorOf(response), value).toMatchObject({ code: 'parameter_invalid', param: 'limit' });
    }
    expect(errorOf(await call(h.app, 'GET', '/onboarding/api/v1/usage?days=0x5', { key }))).toMatchObject({ code: 'parameter_invalid', param: 'days' });
    expect(errorOf(await call(h.app, 'GET', '/feedback/api/v1/posts?boardId=board_x&limit=1e1', { key: h.ws.keys.testPublishable }))).toMatchObject({ param: 'limit' });
    expect((await call(h.app, 'GET', '/onboarding/api/v1/flows?limit=007', { key })).statusCode).toBe(200);
    expect((await call(h.app, 'GET', '/onboarding/api/v1/usage?days=7', { key })).statusCode).toBe(200);
  });
});

