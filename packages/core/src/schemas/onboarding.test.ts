import { describe, expect, it } from 'vitest';
import { type z } from 'zod';
import {
  ChecklistItemSchema,
  EligibilityRuleSchema,
  EligibilitySchema,
  FlowConfigSchema,
  OriginPatternSchema,
} from './onboarding.js';

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

function item(id: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { id, title: `Item ${id}`, ...extra };
}

function items(count: number): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, i) => item(`item-${i}`));
}

describe('FlowConfigSchema defaults', () => {
  it('parses {} to a complete config with every default', () => {
    expect(FlowConfigSchema.parse({})).toEqual({
      requireAuthorToken: false,
      emptyState: '',
      allowedOrigins: [],
      snoozeDays: [1, 3, 7],
      items: [],
      toggles: {
        allowDismiss: true,
        allowSkip: true,
        allowSnooze: true,
        showProgress: true,
        autoOpen: false,
        shareProgressAcrossAccount: false,
      },
    });
  });

  it('leaves eligibility out when it is not given', () => {
    expect(FlowConfigSchema.parse({})).not.toHaveProperty('eligibility');
  });

  it('fills the missing toggles of a partial toggles object', () => {
    expect(FlowConfigSchema.parse({ toggles: { autoOpen: true, allowSkip: false } }).toggles).toEqual({
      allowDismiss: true,
      allowSkip: false,
      allowSnooze: true,
      showProgress: true,
      autoOpen: true,
      shareProgressAcrossAccount: false,
    });
  });

  it('gives an item a manual completion when none is given', () => {
    expect(FlowConfigSchema.parse({ items: [item('a')] }).items).toEqual([
      { id: 'a', title: 'Item a', completion: { kind: 'manual' } },
    ]);
  });

  it('does not share the default snoozeDays and items arrays between parses', () => {
    const first = FlowConfigSchema.parse({});
    first.snoozeDays.push(30);
    first.items.push({ id: 'x', title: 'x', completion: { kind: 'manual' } });
    const second = FlowConfigSchema.parse({});
    expect(second.snoozeDays).toEqual([1, 3, 7]);
    expect(second.items).toEqual([]);
  });

  it('keeps every field of a full config as given', () => {
    const input = {
      requireAuthorToken: true,
      emptyState: 'All done!',
      allowedOrigins: ['https://app.example.com', 'https://*.example.org'],
      snoozeDays: [2, 14],
      items: [
        item('connect', {
          description: 'Connect your bank',
          action: { label: 'Connect', href: '/settings/bank' },
          completion: { kind: 'event', event: 'bank.connected' },
        }),
        item('invite', { dependsOn: ['connect'], optional: true, action: { label: 'Invite', href: 'https://example.com/invite' } }),
      ],
      eligibility: { all: [{ trait: 'plan', op: 'eq', value: 'pro' }] },
      toggles: { allowDismiss: false, allowSkip: false, allowSnooze: false, showProgress: false, autoOpen: true, shareProgressAcrossAccount: true },
    };
    expect(FlowConfigSchema.parse(input)).toEqual({
      ...input,
      items: [
        { ...input.items[0] },
        { ...input.items[1], completion: { kind: 'manual' } },
      ],
    });
  });
});

describe('FlowConfigSchema items', () => {
  it('accepts items whose dependsOn names earlier and later items', () => {
    const config = FlowConfigSchema.parse({
      items: [item('a', { dependsOn: ['c'] }), item('b', { dependsOn: ['a'] }), item('c')],
    });
    expect(config.items.map((i) => i.dependsOn)).toEqual([['c'], ['a'], undefined]);
  });

  it('refuses a repeated item id at the path of the second occurrence', () => {
    expect(issuesOf(FlowConfigSchema, { items: [item('a'), item('b'), item('a')] })).toEqual([
      { path: ['items', 2, 'id'], message: 'item id "a" is used twice', code: 'custom' },
    ]);
  });

  it('refuses a dependsOn that names no item, at the path of that dependsOn entry', () => {
    expect(issuesOf(FlowConfigSchema, { items: [item('a'), item('b', { dependsOn: ['a', 'missing'] })] })).toEqual([
      { path: ['items', 1, 'dependsOn', 1], message: 'no item has id "missing"', code: 'custom' },
    ]);
  });

  it('refuses a dependsOn that lists the same item twice, at the repeated entry', () => {
    expect(issuesOf(FlowConfigSchema, { items: [item('a'), item('b', { dependsOn: ['a', 'a'] })] })).toEqual([
      { path: ['items', 1, 'dependsOn', 1], message: '"a" is listed twice', code: 'custom' },
    ]);
  });

  it('refuses an item that depends on itself, at the path of that dependsOn entry', () => {
    expect(issuesOf(FlowConfigSchema, { items: [item('a'), item('b', { dependsOn: ['b'] })] })).toEqual([
      { path: ['items', 1, 'dependsOn', 0], message: 'an item cannot depend on itself', code: 'custom' },
    ]);
  });

  it('refuses a dependsOn cycle with a path pointing at an item of the cycle', () => {
    // x is outside the cycle; a → b → c → a.
    const input = {
      items: [item('x'), item('a', { dependsOn: ['b'] }), item('b', { dependsOn: ['c'] }), item('c', { dependsOn: ['x', 'a'] })],
    };
    const issues = issuesOf(FlowConfigSchema, input);
    expect(issues).toHaveLength(1);
    const [issue] = issues;
    expect(issue?.message).toBe('dependsOn forms a cycle');
    // `param` in the error body is this path: it must lead to an item of the cycle, not to the list.
    expect(issue?.path[0]).toBe('items');
    expect([1, 2, 3]).toContain(issue?.path[1]);
    expect(issue?.path[2]).toBe('dependsOn');
  });

  it('refuses a two-item cycle', () => {
    const issues = issuesOf(FlowConfigSchema, { items: [item('a', { dependsOn: ['b'] }), item('b', { dependsOn: ['a'] })] });
    expect(issues.map((i) => i.message)).toEqual(['dependsOn forms a cycle']);
  });

  it('accepts a diamond of dependencies, which is not a cycle', () => {
    const input = {
      items: [
        item('top'),
        item('left', { dependsOn: ['top'] }),
        item('right', { dependsOn: ['top'] }),
        item('bottom', { dependsOn: ['left', 'right'] }),
      ],
    };
    expect(issuesOf(FlowConfigSchema, input)).toEqual([]);
  });

  it('checks a ladder of 100 items, each depending on the two before it, visiting each once', () => {
    // Without remembering finished items, the search would walk 2^99 paths here: a config
    // anyone with a secret key can save must not be able to stall the server.
    const items = Array.from({ length: 100 }, (_, i) => item(`s${i}`, i < 2 ? {} : { dependsOn: [`s${i - 1}`, `s${i - 2}`] }));
    expect(issuesOf(FlowConfigSchema, { items })).toEqual([]);
  });

  it('accepts 100 items', () => {
    expect(FlowConfigSchema.parse({ items: items(100) }).items).toHaveLength(100);
  });

  it('refuses 101 items with a message naming the limit', () => {
    expect(issuesOf(FlowConfigSchema, { items: items(101) })).toEqual([
      { path: ['items'], message: 'a checklist has at most 100 items', code: 'too_big' },
    ]);
  });

  it.each(['', 'a b', 'a.b', 'é', 'a/b', 'x'.repeat(65)])('refuses the item id %j', (id) => {
    expect(issuesOf(FlowConfigSchema, { items: [item(id)] })).toEqual([
      { path: ['items', 0, 'id'], message: 'item ids are 1–64 letters, digits, _ or -', code: 'invalid_format' },
    ]);
  });

  it('accepts an item id of 64 letters, digits, _ and -', () => {
    const id = `A_z-9${'x'.repeat(59)}`;
    expect(FlowConfigSchema.parse({ items: [item(id)] }).items[0]?.id).toBe(id);
  });

  it('refuses an item whose title is only whitespace', () => {
    expect(issuesOf(FlowConfigSchema, { items: [{ id: 'a', title: '   ' }] })).toEqual([
      { path: ['items', 0, 'title'], message: 'title must not be empty', code: 'too_small' },
    ]);
  });

  it('trims an item title', () => {
    expect(FlowConfigSchema.parse({ items: [{ id: 'a', title: '  Hello  ' }] }).items[0]?.title).toBe('Hello');
  });

  it('refuses an event completion without an event name', () => {
    const issues = issuesOf(FlowConfigSchema, { items: [item('a', { completion: { kind: 'event', event: '  ' } })] });
    expect(issues.map((i) => i.path)).toEqual([['items', 0, 'completion', 'event']]);
  });

  it('refuses an unknown completion kind', () => {
    const issues = issuesOf(FlowConfigSchema, { items: [item('a', { completion: { kind: 'auto' } })] });
    expect(issues.map((i) => i.path)).toEqual([['items', 0, 'completion', 'kind']]);
  });
});

describe('FlowConfigSchema action hrefs', () => {
  function hrefIssues(href: string): Issue[] {
    return issuesOf(FlowConfigSchema, { items: [item('a', { action: { label: 'Go', href } })] });
  }

  it.each(['/path', '/', '/settings/billing?tab=plan#top', 'https://example.com', 'https://example.com/a?b=c', 'http://example.com/x'])(
    'accepts the href %s',
    (href) => {
      expect(hrefIssues(href)).toEqual([]);
    },
  );

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'mailto:a@example.com',
    'ftp://example.com/file',
    '//evil.com',
    '//evil.com/path',
    'relative/path',
    'example.com',
    '',
  ])('refuses the href %j', (href) => {
    expect(hrefIssues(href)).toEqual([
      { path: ['items', 0, 'action', 'href'], message: 'must be an http(s) URL or a path starting with /', code: 'custom' },
    ]);
  });

  // Browsers read `\` as `/` and drop tabs and newlines in URLs, so these resolve to https://evil.com/
  // when used as an href on the host page: they are not paths on the host site.
  it.each(['/\\evil.com', '/\\/evil.com', '/\t/evil.com', '/\n/evil.com'])(
    'refuses the href %j, which a browser resolves to another host',
    (href) => {
      expect(hrefIssues(href).map((i) => i.path)).toEqual([['items', 0, 'action', 'href']]);
    },
  );

  it('refuses an action without a label', () => {
    const issues = issuesOf(FlowConfigSchema, { items: [item('a', { action: { href: '/x' } })] });
    expect(issues.map((i) => i.path)).toEqual([['items', 0, 'action', 'label']]);
  });
});

describe('FlowConfigSchema snoozeDays', () => {
  it('accepts distinct days from 1 to 365', () => {
    expect(FlowConfigSchema.parse({ snoozeDays: [1, 365, 30] }).snoozeDays).toEqual([1, 365, 30]);
  });

  it('refuses a repeated day', () => {
    expect(issuesOf(FlowConfigSchema, { snoozeDays: [1, 3, 3] })).toEqual([
      { path: ['snoozeDays'], message: 'snoozeDays must not repeat a value', code: 'custom' },
    ]);
  });

  it.each([0, -1, 366, 1.5])('refuses the day %s', (day) => {
    const issues = issuesOf(FlowConfigSchema, { snoozeDays: [7, day] });
    expect(issues.map((i) => i.path)).toEqual([['snoozeDays', 1]]);
  });

  it('refuses a day given as a string', () => {
    expect(issuesOf(FlowConfigSchema, { snoozeDays: ['3'] }).map((i) => [i.path, i.code])).toEqual([
      [['snoozeDays', 0], 'invalid_type'],
    ]);
  });

  it('refuses more than 10 days', () => {
    const days = Array.from({ length: 11 }, (_, i) => i + 1);
    expect(issuesOf(FlowConfigSchema, { snoozeDays: days }).map((i) => [i.path, i.code])).toEqual([[['snoozeDays'], 'too_big']]);
  });
});

describe('FlowConfigSchema allowedOrigins', () => {
  it('accepts exact origins and https wildcards', () => {
    const origins = ['https://app.example.com', 'http://localhost:3000', 'https://*.example.com', 'https://a.com:8443'];
    expect(FlowConfigSchema.parse({ allowedOrigins: origins }).allowedOrigins).toEqual(origins);
  });

  it.each([
    ['https://app.example.com/path', 'expected scheme://host[:port] with no path, e.g. https://app.example.com'],
    ['https://App.example.com', 'origins are written in lower case'],
    ['http://*.example.com', 'a wildcard is only allowed as https://*.example.com'],
    ['https://app.*.com', 'a wildcard is only allowed as https://*.example.com'],
    ['*', 'a wildcard is only allowed as https://*.example.com'],
    ['https://a.com:70000', 'port must be from 1 to 65535'],
    ['https://a.com:0', 'port must be from 1 to 65535'],
  ])('refuses %s at its index with a message that quotes it', (origin, problem) => {
    expect(issuesOf(FlowConfigSchema, { allowedOrigins: ['https://ok.example.com', origin] })).toEqual([
      { path: ['allowedOrigins', 1], message: `${JSON.stringify(origin)}: ${problem}`, code: 'custom' },
    ]);
  });

  it('reports every bad origin of the list', () => {
    const issues = issuesOf(FlowConfigSchema, { allowedOrigins: ['https://a.com/', 'https://ok.com', 'HTTPS://B.COM'] });
    expect(issues.map((i) => i.path)).toEqual([
      ['allowedOrigins', 0],
      ['allowedOrigins', 2],
    ]);
  });

  it('refuses more than 50 origins', () => {
    const origins = Array.from({ length: 51 }, (_, i) => `https://a${i}.example.com`);
    expect(issuesOf(FlowConfigSchema, { allowedOrigins: origins }).map((i) => [i.path, i.code])).toEqual([
      [['allowedOrigins'], 'too_big'],
    ]);
  });

  it('OriginPatternSchema on its own refuses an upper-case origin', () => {
    expect(issuesOf(OriginPatternSchema, 'https://A.com')).toEqual([
      { path: [], message: '"https://A.com": origins are written in lower case', code: 'custom' },
    ]);
  });
});

describe('FlowConfigSchema eligibility', () => {
  it.each([
    { trait: 'plan', op: 'eq', value: 'pro' },
    { trait: 'seats', op: 'eq', value: 3 },
    { trait: 'admin', op: 'eq', value: true },
    { trait: 'plan', op: 'neq', value: 'free' },
    { trait: 'country', op: 'in', value: ['FR', 'DE', 1, false] },
    { trait: 'seats', op: 'gt', value: 5 },
    { trait: 'signedUpAt', op: 'lt', value: '2024-01-01' },
    { trait: 'company.id', op: 'exists', value: false },
  ])('accepts the rule %o in all and any', (rule) => {
    expect(EligibilitySchema.parse({ all: [rule] })).toEqual({ all: [rule] });
    expect(EligibilitySchema.parse({ any: [rule] })).toEqual({ any: [rule] });
  });

  it('defaults the value of exists to true', () => {
    expect(EligibilityRuleSchema.parse({ trait: 'email', op: 'exists' })).toEqual({ trait: 'email', op: 'exists', value: true });
  });

  it('accepts an eligibility inside a flow config', () => {
    const eligibility = { any: [{ trait: 'role', op: 'in', value: ['admin', 'owner'] }] };
    expect(FlowConfigSchema.parse({ eligibility }).eligibility).toEqual(eligibility);
  });

  it.each(['contains', 'gte', 'EQ', '', 'startsWith'])('refuses the op %j', (op) => {
    const issues = issuesOf(EligibilityRuleSchema, { trait: 'plan', op, value: 'pro' });
    expect(issues.map((i) => [i.path, i.code])).toEqual([[['op'], 'invalid_union']]);
  });

  it.each([
    ['in with a single value', { trait: 'plan', op: 'in', value: 'pro' }],
    ['in with an empty list', { trait: 'plan', op: 'in', value: [] }],
    ['gt with a boolean', { trait: 'seats', op: 'gt', value: true }],
    ['lt with a list', { trait: 'seats', op: 'lt', value: [1] }],
    ['eq with an object', { trait: 'plan', op: 'eq', value: { name: 'pro' } }],
    ['eq without a value', { trait: 'plan', op: 'eq' }],
    ['exists with a string', { trait: 'plan', op: 'exists', value: 'yes' }],
  ])('refuses %s', (_name, rule) => {
    const issues = issuesOf(EligibilityRuleSchema, rule);
    expect(issues.length).toBeGreaterThan(0);
    expect(issues.every((i) => i.path[0] === 'value')).toBe(true);
  });

  it.each(['', 'has space', 'a/b', 'x'.repeat(65)])('refuses the trait name %j', (trait) => {
    expect(issuesOf(EligibilityRuleSchema, { trait, op: 'eq', value: 1 })).toEqual([
      { path: ['trait'], message: 'trait names are 1–64 letters, digits, _ . or -', code: 'invalid_format' },
    ]);
  });

  it('refuses an eligibility with both all and any', () => {
    expect(issuesOf(EligibilitySchema, { all: [], any: [] }).map((i) => i.code)).toEqual(['invalid_union']);
  });

  it('refuses an eligibility with neither all nor any', () => {
    expect(issuesOf(EligibilitySchema, {}).map((i) => i.code)).toEqual(['invalid_union']);
  });

  it('refuses a bare list of rules', () => {
    expect(issuesOf(FlowConfigSchema, { eligibility: [{ trait: 'plan', op: 'eq', value: 'pro' }] }).map((i) => i.path)).toEqual([
      ['eligibility'],
    ]);
  });

  it('refuses more than 50 rules', () => {
    const rules = Array.from({ length: 51 }, (_, i) => ({ trait: `t${i}`, op: 'exists' }));
    expect(issuesOf(EligibilitySchema, { all: rules }).length).toBeGreaterThan(0);
    expect(issuesOf(EligibilitySchema, { all: rules.slice(0, 50) })).toEqual([]);
  });
});

describe('FlowConfigSchema refuses unknown fields', () => {
  function unknownKeyIssue(input: unknown): Issue[] {
    return issuesOf(FlowConfigSchema, input).filter((i) => i.code === 'unrecognized_keys');
  }

  it('at the top level', () => {
    expect(unknownKeyIssue({ colour: 'red' })).toEqual([
      { path: [], message: 'Unrecognized key: "colour"', code: 'unrecognized_keys' },
    ]);
  });

  it('in an item', () => {
    expect(unknownKeyIssue({ items: [item('a', { icon: 'star' })] }).map((i) => i.path)).toEqual([['items', 0]]);
  });

  it('in an item action', () => {
    expect(unknownKeyIssue({ items: [item('a', { action: { label: 'Go', href: '/x', target: '_blank' } })] }).map((i) => i.path)).toEqual([
      ['items', 0, 'action'],
    ]);
  });

  it('in an item completion', () => {
    const issues = issuesOf(FlowConfigSchema, { items: [item('a', { completion: { kind: 'manual', event: 'x' } })] });
    expect(issues.map((i) => [i.path, i.code])).toEqual([[['items', 0, 'completion'], 'unrecognized_keys']]);
  });

  it('in the toggles', () => {
    expect(unknownKeyIssue({ toggles: { allowConfetti: true } }).map((i) => i.path)).toEqual([['toggles']]);
  });

  it('in an eligibility rule', () => {
    const issues = issuesOf(EligibilityRuleSchema, { trait: 'plan', op: 'eq', value: 'pro', negate: true });
    expect(issues.map((i) => [i.path, i.code])).toEqual([[[], 'unrecognized_keys']]);
  });

  it('in an eligibility rule inside a flow config', () => {
    const issues = issuesOf(FlowConfigSchema, { eligibility: { all: [{ trait: 'plan', op: 'eq', value: 'pro', negate: true }] } });
    expect(issues).toEqual([
      { path: ['eligibility', 'all', 0], message: 'Unrecognized key: "negate"', code: 'unrecognized_keys' },
    ]);
  });

  it('in the eligibility object', () => {
    expect(issuesOf(EligibilitySchema, { all: [], note: 'x' })).toEqual([
      { path: [], message: 'Unrecognized key: "note"', code: 'unrecognized_keys' },
    ]);
  });

  it('in an item parsed on its own', () => {
    expect(issuesOf(ChecklistItemSchema, { id: 'a', title: 'A', extra: 1 }).map((i) => i.code)).toEqual(['unrecognized_keys']);
  });
});

describe('FlowConfigSchema types', () => {
  it.each([
    ['requireAuthorToken', 'yes'],
    ['emptyState', 3],
    ['allowedOrigins', 'https://a.com'],
    ['items', {}],
    ['toggles', true],
  ])('refuses %s of the wrong type at its path', (key, value) => {
    expect(issuesOf(FlowConfigSchema, { [key]: value }).map((i) => i.path)).toEqual([[key]]);
  });

  it('refuses an emptyState over 500 characters', () => {
    expect(issuesOf(FlowConfigSchema, { emptyState: 'x'.repeat(501) })).toEqual([
      { path: ['emptyState'], message: 'emptyState must be at most 500 characters', code: 'too_big' },
    ]);
  });

  it('refuses a config that is not an object', () => {
    expect(FlowConfigSchema.safeParse(null).success).toBe(false);
    expect(FlowConfigSchema.safeParse([]).success).toBe(false);
  });
});
