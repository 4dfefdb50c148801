import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InlayWebhookVerificationError, isInlayError } from './errors.js';
import { signWebhook, verifyWebhook, webhooks } from './webhooks.js';

const SECRET = `whsec_${randomBytes(32).toString('base64')}`;
const OTHER_SECRET = `whsec_${randomBytes(32).toString('base64')}`;
const BODY = JSON.stringify({ type: 'flow.published', data: { id: 'flow_1', revisionId: 'rev_2' } });

afterEach(() => {
  vi.useRealTimers();
});

/** The verification error `run` throws; fails the test when it throws nothing. */
function failure(run: () => unknown): InlayWebhookVerificationError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(InlayWebhookVerificationError);
    return error as InlayWebhookVerificationError;
  }
  throw new Error('expected verification to fail');
}

describe('webhooks.verify', () => {
  it('matches the Standard Webhooks reference vector', () => {
    vi.useFakeTimers({ now: 1614265330 * 1000 });
    const headers = {
      'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      'webhook-timestamp': '1614265330',
      'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    };
    expect(verifyWebhook('{"test": 2432232314}', headers, 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')).toEqual({ test: 2432232314 });
    const signed = signWebhook('{"test": 2432232314}', 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', {
      id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      timestamp: new Date(1614265330 * 1000),
    });
    expect(signed).toEqual(headers);
  });

  it('returns the parsed payload of a valid delivery, from a string or a Buffer', () => {
    const headers = signWebhook(BODY, SECRET);
    expect(webhooks.verify(BODY, headers, SECRET)).toEqual(JSON.parse(BODY));
    expect(webhooks.verify(Buffer.from(BODY), headers, SECRET)).toEqual(JSON.parse(BODY));
  });

  it('reads headers in any case, as arrays, or from a fetch Headers object', () => {
    const signed = signWebhook(BODY, SECRET);
    const upper = Object.fromEntries(Object.entries(signed).map(([name, value]) => [name.toUpperCase(), value]));
    expect(verifyWebhook(BODY, upper, SECRET)).toEqual(JSON.parse(BODY));
    expect(verifyWebhook(BODY, new Headers({ ...signed }), SECRET)).toEqual(JSON.parse(BODY));
    const incoming: IncomingHttpHeaders = { ...signed, 'content-type': 'application/json' };
    expect(verifyWebhook(BODY, incoming, SECRET)).toEqual(JSON.parse(BODY));
    const arrays = { ...signed, 'webhook-signature': ['v1,bm90IGl0', signed['webhook-signature']] };
    expect(verifyWebhook(BODY, arrays, SECRET)).toEqual(JSON.parse(BODY));
  });

  it('refuses a tampered body', () => {
    const headers = signWebhook(BODY, SECRET);
    const error = failure(() => verifyWebhook(BODY.replace('rev_2', 'rev_3'), headers, SECRET));
    expect(error).toMatchObject({ code: 'webhook_signature_invalid', type: 'webhook_verification', status: 400 });
    expect(isInlayError(error)).toBe(true);
  });

  it('refuses a tampered id or timestamp', () => {
    const headers = signWebhook(BODY, SECRET);
    expect(failure(() => verifyWebhook(BODY, { ...headers, 'webhook-id': 'msg_other' }, SECRET)).code).toBe('webhook_signature_invalid');
    const earlier = String(Number(headers['webhook-timestamp']) - 1);
    expect(failure(() => verifyWebhook(BODY, { ...headers, 'webhook-timestamp': earlier }, SECRET)).code).toBe('webhook_signature_invalid');
  });

  it('refuses a body re-serialised after parsing', () => {
    const raw = '{"type": "flow.published", "data": {"id": "flow_1"}}';
    const headers = signWebhook(raw, SECRET);
    expect(failure(() => verifyWebhook(JSON.stringify(JSON.parse(raw)), headers, SECRET)).message).toMatch(/re-serialised/);
  });

  it('refuses a signature made with another secret', () => {
    const headers = signWebhook(BODY, OTHER_SECRET);
    expect(failure(() => verifyWebhook(BODY, headers, SECRET)).code).toBe('webhook_signature_invalid');
  });

  it('refuses a timestamp older than the tolerance, and honours a custom tolerance', () => {
    const tenMinutesAgo = new Date(Date.now() - 600_000);
    const headers = signWebhook(BODY, SECRET, { timestamp: tenMinutesAgo });
    const error = failure(() => verifyWebhook(BODY, headers, SECRET));
    expect(error.code).toBe('webhook_timestamp_too_old');
    expect(error.message).toMatch(/300 s tolerance/);
    expect(verifyWebhook(BODY, headers, SECRET, { toleranceSec: 900 })).toEqual(JSON.parse(BODY));
    const fourMinutesAgo = signWebhook(BODY, SECRET, { timestamp: new Date(Date.now() - 240_000) });
    expect(verifyWebhook(BODY, fourMinutesAgo, SECRET)).toEqual(JSON.parse(BODY));
  });

  it('accepts a timestamp exactly the tolerance away, either way, and refuses one second more', () => {
    const now = 1_800_000_000;
    vi.useFakeTimers({ now: now * 1000 });
    const at = (seconds: number) => signWebhook(BODY, SECRET, { timestamp: new Date(seconds * 1000) });
    expect(verifyWebhook(BODY, at(now - 300), SECRET)).toEqual(JSON.parse(BODY));
    expect(verifyWebhook(BODY, at(now + 300), SECRET)).toEqual(JSON.parse(BODY));
    expect(failure(() => verifyWebhook(BODY, at(now - 301), SECRET)).code).toBe('webhook_timestamp_too_old');
    expect(failure(() => verifyWebhook(BODY, at(now + 301), SECRET)).code).toBe('webhook_timestamp_too_new');
  });

  it('refuses a timestamp too far in the future', () => {
    const headers = signWebhook(BODY, SECRET, { timestamp: new Date(Date.now() + 600_000) });
    expect(failure(() => verifyWebhook(BODY, headers, SECRET)).code).toBe('webhook_timestamp_too_new');
  });

  it('refuses a timestamp that is not Unix seconds', () => {
    const headers = signWebhook(BODY, SECRET);
    for (const timestamp of ['2026-11-22T10:00:00Z', '1.5', '-1', 'soon']) {
      expect(failure(() => verifyWebhook(BODY, { ...headers, 'webhook-timestamp': timestamp }, SECRET)).code).toBe(
        'webhook_timestamp_invalid',
      );
    }
  });

  it('accepts any one matching signature of several (secret rotation), ignoring other versions', () => {
    const headers = signWebhook(BODY, SECRET);
    const old = signWebhook(BODY, OTHER_SECRET, { id: headers['webhook-id'], timestamp: new Date(Number(headers['webhook-timestamp']) * 1000) });
    const several = `${old['webhook-signature']} v1a,c29tZXRoaW5nIGVsc2U= ${headers['webhook-signature']}`;
    expect(verifyWebhook(BODY, { ...headers, 'webhook-signature': several }, SECRET)).toEqual(JSON.parse(BODY));
    expect(verifyWebhook(BODY, { ...headers, 'webhook-signature': several }, OTHER_SECRET)).toEqual(JSON.parse(BODY));
  });

  it('refuses a signature header with no v1 entry', () => {
    const headers = signWebhook(BODY, SECRET);
    const unversioned = headers['webhook-signature'].slice(3);
    const error = failure(() => verifyWebhook(BODY, { ...headers, 'webhook-signature': `v2,${unversioned} ${unversioned}` }, SECRET));
    expect(error.code).toBe('webhook_signature_invalid');
    expect(error.message).toMatch(/no v1 signature/);
  });

  it('names every missing header', () => {
    const headers = signWebhook(BODY, SECRET);
    const one = failure(() => verifyWebhook(BODY, { ...headers, 'webhook-signature': undefined }, SECRET));
    expect(one.code).toBe('webhook_header_missing');
    expect(one.message).toBe('The webhook has no webhook-signature header.');
    const all = failure(() => verifyWebhook(BODY, {}, SECRET));
    expect(all.message).toBe('The webhook has no webhook-id, webhook-timestamp, webhook-signature headers.');
    expect(failure(() => verifyWebhook(BODY, { ...headers, 'webhook-id': '  ' }, SECRET)).code).toBe('webhook_header_missing');
  });

  it('refuses a correctly signed body that is not JSON', () => {
    const headers = signWebhook('not json', SECRET);
    expect(failure(() => verifyWebhook('not json', headers, SECRET)).code).toBe('webhook_payload_invalid');
  });

  it('accepts a secret without the whsec_ prefix, and refuses one that is not base64', () => {
    const headers = signWebhook(BODY, SECRET);
    expect(verifyWebhook(BODY, headers, SECRET.slice('whsec_'.length))).toEqual(JSON.parse(BODY));
    expect(() => verifyWebhook(BODY, headers, 'whsec_not base64!')).toThrow(TypeError);
    expect(() => verifyWebhook(BODY, headers, '')).toThrow(/whsec_/);
  });

  it('explains that the raw body is needed when given parsed JSON', () => {
    const headers = signWebhook(BODY, SECRET);
    expect(() => verifyWebhook(JSON.parse(BODY) as string, headers, SECRET)).toThrow(/raw request body/);
  });
});

describe('webhooks.sign', () => {
  it('makes a fresh msg_ id and the current timestamp by default', () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00.500Z') });
    const first = signWebhook(BODY, SECRET);
    const second = signWebhook(BODY, SECRET);
    expect(first['webhook-id']).toMatch(/^msg_[0-9a-f-]{36}$/);
    expect(first['webhook-id']).not.toBe(second['webhook-id']);
    expect(first['webhook-timestamp']).toBe(String(Date.parse('2026-11-22T10:00:00Z') / 1000));
    expect(first['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
  });
});
