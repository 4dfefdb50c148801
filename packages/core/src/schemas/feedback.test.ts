import { describe, expect, it } from 'vitest';
import { type z } from 'zod';
import { BoardBrandingSchema, BoardConfigSchema } from './feedback.js';

interface Issue {
  path: PropertyKey[];
  message: string;
  code: string;
}

/** The issues a schema reports for an input, or [] when it parses. */
function issuesOf(schema: z.ZodType, input: unknown): Issue[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({ path: issue.path, message: issue.message, code: issue.code }));
}

describe('BoardConfigSchema defaults', () => {
  it('parses {} to a complete config with every default and no branding', () => {
    expect(BoardConfigSchema.parse({})).toStrictEqual({
      submissionsEnabled: true,
      votingEnabled: true,
      showVoteCounts: true,
      allowAnonymous: false,
      requireAuthorToken: false,
      emptyState: '',
    });
  });

  it('keeps the values it is given and defaults the rest', () => {
    expect(BoardConfigSchema.parse({ votingEnabled: false, allowAnonymous: true, emptyState: 'No ideas yet' })).toStrictEqual({
      submissionsEnabled: true,
      votingEnabled: false,
      showVoteCounts: true,
      allowAnonymous: true,
      requireAuthorToken: false,
      emptyState: 'No ideas yet',
    });
  });

  it.each(['submissionsEnabled', 'votingEnabled', 'showVoteCounts', 'allowAnonymous', 'requireAuthorToken'])(
    'refuses a %s that is not a boolean',
    (key) => {
      expect(issuesOf(BoardConfigSchema, { [key]: 'true' }).map((i) => [i.path, i.code])).toEqual([[[key], 'invalid_type']]);
    },
  );

  it('refuses an emptyState over 500 characters', () => {
    expect(issuesOf(BoardConfigSchema, { emptyState: 'x'.repeat(501) })).toEqual([
      { path: ['emptyState'], message: 'emptyState must be at most 500 characters', code: 'too_big' },
    ]);
  });
});

describe('BoardConfigSchema branding', () => {
  it('accepts a branding with a hex accentColor, an https logoUrl and a title', () => {
    const branding = { accentColor: '#4f46E5', logoUrl: 'https://cdn.example.com/logo.svg', title: 'Ideas' };
    expect(BoardConfigSchema.parse({ branding }).branding).toStrictEqual(branding);
  });

  it('accepts an empty branding object', () => {
    expect(BoardConfigSchema.parse({ branding: {} }).branding).toStrictEqual({});
  });

  it('accepts an http logoUrl', () => {
    expect(BoardBrandingSchema.parse({ logoUrl: 'http://localhost:3000/logo.png' })).toStrictEqual({
      logoUrl: 'http://localhost:3000/logo.png',
    });
  });

  it('trims the branding title', () => {
    expect(BoardBrandingSchema.parse({ title: '  Roadmap  ' })).toStrictEqual({ title: 'Roadmap' });
  });

  it.each(['#fff', '4f46e5', '#4f46e5ff', '#4g46e5', 'red', 'rgb(0,0,0)', '#4f46e5 ', ''])(
    'refuses the accentColor %j',
    (accentColor) => {
      expect(issuesOf(BoardConfigSchema, { branding: { accentColor } })).toEqual([
        { path: ['branding', 'accentColor'], message: 'accentColor must be a hex colour like #4f46e5', code: 'invalid_format' },
      ]);
    },
  );

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'ftp://example.com/logo.png',
    '/logo.png',
    '//cdn.example.com/logo.png',
    'logo.png',
    '',
  ])('refuses the logoUrl %j', (logoUrl) => {
    expect(issuesOf(BoardConfigSchema, { branding: { logoUrl } })).toEqual([
      { path: ['branding', 'logoUrl'], message: 'must be an absolute http or https URL', code: 'custom' },
    ]);
  });

  it('refuses a logoUrl longer than 2048 characters', () => {
    const logoUrl = `https://example.com/${'a'.repeat(2048)}`;
    expect(issuesOf(BoardConfigSchema, { branding: { logoUrl } }).map((i) => [i.path, i.code])).toEqual([
      [['branding', 'logoUrl'], 'too_big'],
    ]);
  });

  it('refuses an empty title', () => {
    expect(issuesOf(BoardConfigSchema, { branding: { title: '   ' } }).map((i) => [i.path, i.code])).toEqual([
      [['branding', 'title'], 'too_small'],
    ]);
  });
});

describe('BoardConfigSchema refuses unknown keys', () => {
  it('at the top level', () => {
    expect(issuesOf(BoardConfigSchema, { moderation: true })).toEqual([
      { path: [], message: 'Unrecognized key: "moderation"', code: 'unrecognized_keys' },
    ]);
  });

  it('in branding', () => {
    expect(issuesOf(BoardConfigSchema, { branding: { accentColor: '#000000', font: 'Comic Sans' } })).toEqual([
      { path: ['branding'], message: 'Unrecognized key: "font"', code: 'unrecognized_keys' },
    ]);
  });

  it('instead of stripping them', () => {
    const result = BoardConfigSchema.safeParse({ votingEnabled: true, extra: 1 });
    expect(result.success).toBe(false);
  });
});
