import { describe, expect, it } from 'vitest';
import { ApiKeySchema, keyKindName, parseApiKey } from './keys.js';

/** 32 base62 characters that use digits, lower case and upper case. */
const BODY = '0123456789abcdefghijKLMNOPQRSTUV';

describe('parseApiKey', () => {
  it('has a 32-character body fixture', () => {
    expect(BODY).toHaveLength(32);
  });

  it.each([
    ['svc_test_pub_', { mode: 'test', kind: 'pub' }],
    ['svc_test_sec_', { mode: 'test', kind: 'sec' }],
    ['svc_live_pub_', { mode: 'live', kind: 'pub' }],
    ['svc_live_sec_', { mode: 'live', kind: 'sec' }],
  ] as const)('reads mode and kind from the prefix %s', (prefix, expected) => {
    expect(parseApiKey(`${prefix}${BODY}`)).toEqual(expected);
  });

  it('accepts a body of only digits or only letters', () => {
    expect(parseApiKey(`svc_live_sec_${'7'.repeat(32)}`)).toEqual({ mode: 'live', kind: 'sec' });
    expect(parseApiKey(`svc_test_pub_${'Z'.repeat(32)}`)).toEqual({ mode: 'test', kind: 'pub' });
  });

  it('refuses a body of 31 characters', () => {
    expect(parseApiKey(`svc_test_pub_${BODY.slice(1)}`)).toBeNull();
  });

  it('refuses a body of 33 characters', () => {
    expect(parseApiKey(`svc_test_pub_${BODY}x`)).toBeNull();
  });

  it('refuses an empty string and a bare prefix', () => {
    expect(parseApiKey('')).toBeNull();
    expect(parseApiKey('svc_test_pub_')).toBeNull();
  });

  it.each([
    'svc_prod_pub_',
    'svc_test_pk_',
    'svc_test_secret_',
    'sk_test_pub_',
    'SVC_TEST_PUB_',
    'svc_TEST_pub_',
    'svc_test_PUB_',
    'svc_test_pub',
    'svc-test-pub-',
    'svc__test_pub_',
    'xsvc_test_pub_',
  ])('refuses the prefix %s', (prefix) => {
    expect(parseApiKey(`${prefix}${BODY}`)).toBeNull();
  });

  it.each(['_', '-', '+', '/', '=', '.', 'é', '０'])('refuses a body containing the non-base62 character %j', (char) => {
    const key = `svc_test_pub_${BODY.slice(0, 31)}${char}`;
    expect(parseApiKey(key)).toBeNull();
  });

  it.each([
    ['a leading space', ` svc_test_pub_${BODY}`],
    ['a trailing space', `svc_test_pub_${BODY} `],
    ['a trailing newline', `svc_test_pub_${BODY}\n`],
    ['a leading newline', `\nsvc_test_pub_${BODY}`],
    ['a tab inside the body', `svc_test_pub_${BODY.slice(0, 16)}\t${BODY.slice(17)}`],
    ['a space inside the body', `svc_test_pub_${BODY.slice(0, 16)} ${BODY.slice(17)}`],
  ])('refuses a key with %s', (_name, key) => {
    expect(parseApiKey(key)).toBeNull();
  });

  it('refuses a Bearer header value instead of the bare key', () => {
    expect(parseApiKey(`Bearer svc_test_pub_${BODY}`)).toBeNull();
  });
});

describe('ApiKeySchema', () => {
  it('accepts a well-formed key and returns it unchanged', () => {
    expect(ApiKeySchema.parse(`svc_live_pub_${BODY}`)).toBe(`svc_live_pub_${BODY}`);
  });

  it('refuses a malformed key with a message describing the format', () => {
    const result = ApiKeySchema.safeParse(`svc_live_pub_${BODY.slice(1)}`);
    expect(result.success).toBe(false);
    expect(result.error?.issues).toHaveLength(1);
    expect(result.error?.issues[0]?.message).toBe(
      'expected an Inlay key: svc_{test|live}_{pub|sec}_ followed by 32 letters and digits',
    );
  });

  it('refuses a value that is not a string', () => {
    expect(ApiKeySchema.safeParse(42).success).toBe(false);
    expect(ApiKeySchema.safeParse(null).success).toBe(false);
  });
});

describe('keyKindName', () => {
  it('names a publishable key and a secret key', () => {
    expect(keyKindName('pub')).toBe('publishable key');
    expect(keyKindName('sec')).toBe('secret key');
  });
});
