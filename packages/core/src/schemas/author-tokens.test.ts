import { describe, expect, it } from 'vitest';
import { type z } from 'zod';
import {
  AUTHOR_TOKEN_ISSUER,
  AUTHOR_TOKEN_TYP,
  AuthorTokenClaimsSchema,
  AuthorTokenSchema,
  FeedbackAuthorTokenRequestSchema,
  OnboardingAuthorTokenRequestSchema,
} from './author-tokens.js';

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

const onboarding = { authorId: 'user_42', flowId: 'flow_abc123', workspaceKey: 'acme' };
const feedback = { authorId: 'user_42', boardId: 'board_abc123' };

describe.each([
  ['OnboardingAuthorTokenRequestSchema', OnboardingAuthorTokenRequestSchema as z.ZodType, onboarding],
  ['FeedbackAuthorTokenRequestSchema', FeedbackAuthorTokenRequestSchema as z.ZodType, feedback],
])('%s expiresInSec', (_name, schema, base) => {
  it('defaults to 900 seconds', () => {
    expect(schema.parse(base)).toStrictEqual({ ...base, expiresInSec: 900 });
  });

  it.each([60, 61, 900, 3600, 86_400])('accepts %s', (expiresInSec) => {
    expect(schema.parse({ ...base, expiresInSec })).toStrictEqual({ ...base, expiresInSec });
  });

  it('refuses 59 with a message naming the minimum', () => {
    expect(issuesOf(schema, { ...base, expiresInSec: 59 })).toEqual([
      { path: ['expiresInSec'], message: 'expiresInSec must be at least 60', code: 'too_small' },
    ]);
  });

  it('refuses 86401 with a message naming the maximum', () => {
    expect(issuesOf(schema, { ...base, expiresInSec: 86_401 })).toEqual([
      { path: ['expiresInSec'], message: 'expiresInSec must be at most 86400', code: 'too_big' },
    ]);
  });

  it.each([0, -900])('refuses %s', (expiresInSec) => {
    expect(issuesOf(schema, { ...base, expiresInSec }).map((i) => i.path)).toEqual([['expiresInSec']]);
  });

  it('refuses a fractional number of seconds', () => {
    expect(issuesOf(schema, { ...base, expiresInSec: 900.5 })).toEqual([
      { path: ['expiresInSec'], message: 'expiresInSec must be a whole number of seconds', code: 'invalid_type' },
    ]);
  });

  it.each([['a string', '900'], ['null', null], ['NaN', Number.NaN], ['Infinity', Number.POSITIVE_INFINITY]])(
    'refuses %s',
    (_label, expiresInSec) => {
      const issues = issuesOf(schema, { ...base, expiresInSec });
      expect(issues.map((i) => i.path)).toEqual([['expiresInSec']]);
      expect(issues[0]?.message).toBe('expiresInSec must be a whole number of seconds');
    },
  );

  it('refuses an empty authorId', () => {
    expect(issuesOf(schema, { ...base, authorId: '' })).toEqual([
      { path: ['authorId'], message: 'authorId must not be empty', code: 'too_small' },
    ]);
  });

  it('refuses an authorId over 200 characters', () => {
    expect(issuesOf(schema, { ...base, authorId: 'u'.repeat(201) }).map((i) => [i.path, i.code])).toEqual([[['authorId'], 'too_big']]);
  });

  it('refuses an unknown field', () => {
    expect(issuesOf(schema, { ...base, scope: 'admin' })).toEqual([
      { path: [], message: 'Unrecognized key: "scope"', code: 'unrecognized_keys' },
    ]);
  });
});

describe('OnboardingAuthorTokenRequestSchema', () => {
  it('requires authorId, flowId and workspaceKey', () => {
    expect(issuesOf(OnboardingAuthorTokenRequestSchema, {}).map((i) => i.path)).toEqual([['authorId'], ['flowId'], ['workspaceKey']]);
  });

  it('refuses a flowId that is not an object id', () => {
    expect(issuesOf(OnboardingAuthorTokenRequestSchema, { ...onboarding, flowId: 'Flow 1' })).toEqual([
      { path: ['flowId'], message: 'not a valid id', code: 'invalid_format' },
    ]);
  });

  it('refuses an empty workspaceKey', () => {
    expect(issuesOf(OnboardingAuthorTokenRequestSchema, { ...onboarding, workspaceKey: '' })).toEqual([
      { path: ['workspaceKey'], message: 'workspaceKey must not be empty', code: 'too_small' },
    ]);
  });

  it('refuses the feedback fields', () => {
    expect(issuesOf(OnboardingAuthorTokenRequestSchema, { ...onboarding, email: 'a@example.com' }).map((i) => i.code)).toEqual([
      'unrecognized_keys',
    ]);
  });
});

describe('FeedbackAuthorTokenRequestSchema', () => {
  it('accepts a name, an email and an avatarUrl', () => {
    const body = { ...feedback, name: 'Ada', email: 'ada@example.com', avatarUrl: 'https://cdn.example.com/ada.png', expiresInSec: 120 };
    expect(FeedbackAuthorTokenRequestSchema.parse(body)).toStrictEqual(body);
  });

  it('trims the name', () => {
    expect(FeedbackAuthorTokenRequestSchema.parse({ ...feedback, name: '  Ada  ' }).name).toBe('Ada');
  });

  it('takes role "team" and no other role', () => {
    expect(FeedbackAuthorTokenRequestSchema.parse({ ...feedback, role: 'team' }).role).toBe('team');
    expect(issuesOf(FeedbackAuthorTokenRequestSchema, { ...feedback, role: 'admin' }).map((i) => [i.path, i.message])).toEqual([[['role'], 'role must be "team" or absent']]);
  });

  it('refuses a name that is only whitespace', () => {
    expect(issuesOf(FeedbackAuthorTokenRequestSchema, { ...feedback, name: '   ' }).map((i) => [i.path, i.code])).toEqual([[['name'], 'too_small']]);
  });

  it.each(['ada', 'ada@', '@example.com', 'ada@example', 'ada example@example.com', 'ada@@example.com', ''])(
    'refuses the email %j',
    (email) => {
      expect(issuesOf(FeedbackAuthorTokenRequestSchema, { ...feedback, email })).toEqual([
        { path: ['email'], message: 'email must be an email address', code: 'invalid_format' },
      ]);
    },
  );

  it('refuses an email over 320 characters', () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(63)}.com`;
    expect(email.length).toBeGreaterThan(320);
    expect(issuesOf(FeedbackAuthorTokenRequestSchema, { ...feedback, email }).map((i) => i.path)).toContainEqual(['email']);
  });

  it.each(['javascript:alert(1)', 'data:image/png;base64,AAAA', '/avatar.png', '//cdn.example.com/a.png', 'avatar.png'])(
    'refuses the avatarUrl %j',
    (avatarUrl) => {
      expect(issuesOf(FeedbackAuthorTokenRequestSchema, { ...feedback, avatarUrl })).toEqual([
        { path: ['avatarUrl'], message: 'must be an absolute http or https URL', code: 'custom' },
      ]);
    },
  );

  it('refuses a boardId that is not an object id', () => {
    expect(issuesOf(FeedbackAuthorTokenRequestSchema, { ...feedback, boardId: 'board-1' })).toEqual([
      { path: ['boardId'], message: 'not a valid id', code: 'invalid_format' },
    ]);
  });

  it('refuses the onboarding fields', () => {
    expect(issuesOf(FeedbackAuthorTokenRequestSchema, { ...feedback, workspaceKey: 'acme' }).map((i) => i.code)).toEqual([
      'unrecognized_keys',
    ]);
  });
});

describe('AuthorTokenSchema', () => {
  it('accepts a token with an ISO expiry', () => {
    const token = { token: 'eyJ.x.y', expiresAt: '2030-01-01T00:15:00.000Z' };
    expect(AuthorTokenSchema.parse(token)).toStrictEqual(token);
  });

  it('refuses an expiry that is not an ISO datetime', () => {
    expect(issuesOf(AuthorTokenSchema, { token: 't', expiresAt: 1893456900 }).map((i) => i.path)).toEqual([['expiresAt']]);
    expect(issuesOf(AuthorTokenSchema, { token: 't', expiresAt: 'tomorrow' }).map((i) => i.path)).toEqual([['expiresAt']]);
  });
});

describe('AuthorTokenClaimsSchema', () => {
  const claims = { iss: 'inlay', aud: 'onboarding:flow_abc', sub: 'user_42', mode: 'test', wsk: 'acme', iat: 1, exp: 901 };

  it('uses the documented typ and issuer', () => {
    expect(AUTHOR_TOKEN_TYP).toBe('inlay-author+jwt');
    expect(AUTHOR_TOKEN_ISSUER).toBe('inlay');
  });

  it('accepts the claims of an onboarding token', () => {
    expect(AuthorTokenClaimsSchema.parse(claims)).toStrictEqual(claims);
  });

  it('refuses another issuer, an unknown mode and an empty subject', () => {
    expect(issuesOf(AuthorTokenClaimsSchema, { ...claims, iss: 'someone' }).map((i) => i.path)).toEqual([['iss']]);
    expect(issuesOf(AuthorTokenClaimsSchema, { ...claims, mode: 'prod' }).map((i) => i.path)).toEqual([['mode']]);
    expect(issuesOf(AuthorTokenClaimsSchema, { ...claims, sub: '' }).map((i) => i.path)).toEqual([['sub']]);
  });
});
