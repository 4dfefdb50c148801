import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpUrlSchema, LinkHrefSchema, NameSchema } from './common.js';

describe('NameSchema', () => {
  it.each(['\u200b', '\u200b\u200c\u200d', ' \u2060 ', '\ufeff\u200b', '\u00ad'])('refuses a name of only invisible characters (%j), like one of spaces', (name) => {
    const result = NameSchema.safeParse(name);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('name must have a visible character, not only spaces or zero-width characters');
  });

  it('refuses a name of spaces', () => {
    expect(NameSchema.safeParse('   ').error?.issues[0]?.message).toBe('name must not be empty');
  });

  it.each(['Onboarding', ' Zoë ', '\u200bWelcome', '日本語', '🙂'])('accepts %j', (name) => {
    expect(NameSchema.safeParse(name).success).toBe(true);
  });

  it('states the rule in its JSON Schema as the pattern it checks', () => {
    const json = z.toJSONSchema(NameSchema, { io: 'input' }) as { pattern: string };
    const pattern = new RegExp(json.pattern);
    expect(pattern.test('\u200b\u200c')).toBe(false);
    expect(pattern.test('a')).toBe(true);
  });
});

describe('URL schemas in JSON Schema', () => {
  it('documents absolute http(s) URLs with format uri and the pattern the check includes', () => {
    const json = z.toJSONSchema(HttpUrlSchema, { io: 'input' }) as { format: string; pattern: string };
    expect(json.format).toBe('uri');
    const pattern = new RegExp(json.pattern);
    for (const value of ['https://example.com/logo.png', 'HTTP://example.com']) {
      expect(pattern.test(value), value).toBe(true);
      expect(HttpUrlSchema.safeParse(value).success, value).toBe(true);
    }
    for (const value of ['javascript:alert(1)', '/logo.png', ' https://example.com', 'https://exa mple.com', 'ftp://example.com']) {
      expect(HttpUrlSchema.safeParse(value).success, value).toBe(false);
    }
    // Whatever the pattern refuses, the server refuses.
    for (const value of [' https://example.com', 'https://exa mple.com', 'ftp://example.com']) expect(pattern.test(value), value).toBe(false);
  });

  it('documents hrefs as uri-reference: a URL or a site path', () => {
    const json = z.toJSONSchema(LinkHrefSchema, { io: 'input' }) as { format: string; pattern: string };
    expect(json.format).toBe('uri-reference');
    const pattern = new RegExp(json.pattern);
    for (const value of ['/settings', 'https://example.com/docs']) expect(pattern.test(value) && LinkHrefSchema.safeParse(value).success, value).toBe(true);
    for (const value of ['javascript:alert(1)', ' /settings', 'relative']) {
      expect(pattern.test(value), value).toBe(false);
      expect(LinkHrefSchema.safeParse(value).success, value).toBe(false);
    }
  });
});
