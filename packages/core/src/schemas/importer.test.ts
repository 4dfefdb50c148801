import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FieldDefinitionSchema, FieldKeySchema, ImporterConfigSchema } from './importer.js';

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

function field(key: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { key, label: `Label ${key}`, type: 'string', ...extra };
}

const KEY_MESSAGE = 'field keys are 1–64 letters, digits, _ . or -, not starting with . or -';

describe('ImporterConfigSchema field types', () => {
  it('accepts a field of each of the seven types', () => {
    const fields = [
      field('name', { type: 'string', required: true }),
      field('age', { type: 'number' }),
      field('born', { type: 'date' }),
      field('email', { type: 'email', unique: true, aliases: ['E-mail', 'mail'] }),
      field('plan', { type: 'enum', enumValues: ['free', 'pro'] }),
      field('active', { type: 'boolean' }),
      field('site', { type: 'url' }),
    ];
    expect(ImporterConfigSchema.parse({ fields, duplicateKey: 'email' })).toStrictEqual({ fields, duplicateKey: 'email' });
  });

  it.each(['text', 'integer', 'datetime', 'phone', 'String', ''])('refuses the type %j', (type) => {
    expect(issuesOf(ImporterConfigSchema, { fields: [field('a', { type })] })).toEqual([
      { path: ['fields', 0, 'type'], code: 'invalid_union', message: 'type must be one of string, number, date, email, enum, boolean, url' },
    ]);
  });

  it('accepts an empty field list', () => {
    expect(ImporterConfigSchema.parse({ fields: [] })).toStrictEqual({ fields: [] });
  });

  it('refuses a config without fields', () => {
    expect(issuesOf(ImporterConfigSchema, {}).map((i) => [i.path, i.code])).toEqual([[['fields'], 'invalid_type']]);
  });
});

describe('ImporterConfigSchema enumValues', () => {
  it('refuses an enum field without enumValues', () => {
    expect(issuesOf(ImporterConfigSchema, { fields: [field('a'), field('plan', { type: 'enum' })] })).toEqual([
      { path: ['fields', 1, 'enumValues'], message: 'a field of type enum needs enumValues', code: 'invalid_type' },
    ]);
  });

  it('refuses an enum field with an empty enumValues list', () => {
    expect(issuesOf(ImporterConfigSchema, { fields: [field('plan', { type: 'enum', enumValues: [] })] }).map((i) => [i.path, i.code])).toEqual([
      [['fields', 0, 'enumValues'], 'too_small'],
    ]);
  });

  it.each(['string', 'number', 'date', 'email', 'boolean', 'url'])('refuses enumValues on a field of type %s', (type) => {
    expect(issuesOf(ImporterConfigSchema, { fields: [field('a', { type, enumValues: ['x'] })] })).toEqual([
      { path: ['fields', 0, 'enumValues'], message: 'enumValues is only for fields of type enum', code: 'invalid_type' },
    ]);
  });

  it('refuses enumValues that repeat a value', () => {
    expect(issuesOf(FieldDefinitionSchema, field('plan', { type: 'enum', enumValues: ['free', 'pro', 'free'] }))).toEqual([
      { path: ['enumValues'], message: 'enumValues must not repeat a value', code: 'custom' },
    ]);
  });

  it('refuses an empty enum value', () => {
    expect(issuesOf(FieldDefinitionSchema, field('plan', { type: 'enum', enumValues: ['free', ''] })).map((i) => i.path)).toEqual([
      ['enumValues', 1],
    ]);
  });
});

describe('ImporterConfigSchema keys', () => {
  it('refuses a repeated field key at the path of the second occurrence', () => {
    expect(issuesOf(ImporterConfigSchema, { fields: [field('email'), field('name'), field('email')] })).toEqual([
      { path: ['fields', 2, 'key'], message: 'field key "email" is used twice', code: 'custom' },
    ]);
  });

  it('accepts a duplicateKey that names a field', () => {
    expect(ImporterConfigSchema.parse({ fields: [field('id'), field('email')], duplicateKey: 'id' }).duplicateKey).toBe('id');
  });

  it('refuses a duplicateKey that names no field', () => {
    expect(issuesOf(ImporterConfigSchema, { fields: [field('id')], duplicateKey: 'email' })).toEqual([
      { path: ['duplicateKey'], message: 'duplicateKey must name a field key; no field has key "email"', code: 'custom' },
    ]);
  });

  it('refuses a duplicateKey when there are no fields', () => {
    expect(issuesOf(ImporterConfigSchema, { fields: [], duplicateKey: 'id' }).map((i) => i.path)).toEqual([['duplicateKey']]);
  });

  it('refuses a duplicateKey that matches a field label but not its key', () => {
    expect(issuesOf(ImporterConfigSchema, { fields: [{ key: 'email', label: 'Email', type: 'email' }], duplicateKey: 'Email' }).map((i) => i.path)).toEqual([
      ['duplicateKey'],
    ]);
  });

  it.each(['a', 'A', '_x', '0', 'user.email', 'first-name', 'snake_case', 'x'.repeat(64)])('accepts the field key %j', (key) => {
    expect(FieldKeySchema.parse(key)).toBe(key);
  });

  it.each(['', '.a', '-a', 'a b', 'a/b', 'a:b', 'é', 'x'.repeat(65), ' a'])('refuses the field key %j', (key) => {
    expect(issuesOf(ImporterConfigSchema, { fields: [field(key)] })).toEqual([
      { path: ['fields', 0, 'key'], message: KEY_MESSAGE, code: 'invalid_format' },
    ]);
  });

  it('refuses the field key __proto__, which no JSON body of a session could carry', () => {
    expect(issuesOf(ImporterConfigSchema, { fields: [field('__proto__')] })).toEqual([
      { path: ['fields', 0, 'key'], message: expect.stringContaining('"__proto__" is reserved'), code: 'custom' },
    ]);
    expect(ImporterConfigSchema.parse({ fields: [field('__proto')] }).fields[0]?.key).toBe('__proto');
  });

  it('refuses a badly formed duplicateKey with the key message', () => {
    const issues = issuesOf(ImporterConfigSchema, { fields: [field('a')], duplicateKey: '.a' });
    expect(issues[0]).toEqual({ path: ['duplicateKey'], message: KEY_MESSAGE, code: 'invalid_format' });
  });
});

describe('ImporterConfigSchema bounds', () => {
  const fields = (count: number) => Array.from({ length: count }, (_, i) => field(`f${i}`));

  it('accepts 500 fields', () => {
    expect(ImporterConfigSchema.parse({ fields: fields(500) }).fields).toHaveLength(500);
  });

  it('refuses 501 fields with a message naming the limit', () => {
    expect(issuesOf(ImporterConfigSchema, { fields: fields(501) })).toEqual([
      { path: ['fields'], message: 'an importer has at most 500 fields', code: 'too_big' },
    ]);
  });

  it('refuses a field whose label is only whitespace', () => {
    expect(issuesOf(ImporterConfigSchema, { fields: [field('a', { label: '  ' })] })).toEqual([
      { path: ['fields', 0, 'label'], message: 'label must not be empty', code: 'too_small' },
    ]);
  });

  it('trims a field label', () => {
    expect(FieldDefinitionSchema.parse(field('a', { label: '  Email  ' })).label).toBe('Email');
  });

  it('refuses a field without a type, and one without a label', () => {
    // The type picks the variant of the union, so a missing type is the one issue reported.
    expect(issuesOf(ImporterConfigSchema, { fields: [{ key: 'a' }] }).map((i) => i.path)).toEqual([['fields', 0, 'type']]);
    expect(issuesOf(ImporterConfigSchema, { fields: [{ key: 'a', type: 'enum', enumValues: ['x'] }] }).map((i) => i.path)).toEqual([['fields', 0, 'label']]);
  });
});

describe('ImporterConfigSchema unknown keys', () => {
  it('refuses branding with a message that sends the user to the dashboard', () => {
    const issues = issuesOf(ImporterConfigSchema, { fields: [field('a')], branding: { accentColor: '#000000' } });
    expect(issues).toHaveLength(1);
    expect(issues[0]?.path).toEqual([]);
    expect(issues[0]?.code).toBe('unrecognized_keys');
    expect(issues[0]?.message).toBe('branding is not accepted in an importer config; it is set on the dashboard');
    expect(issues[0]?.message).toMatch(/dashboard/);
  });

  it('refuses branding with the dashboard message even next to another unknown key', () => {
    const issues = issuesOf(ImporterConfigSchema, { fields: [], theme: 'dark', branding: {} });
    expect(issues.map((i) => i.message)).toEqual(['branding is not accepted in an importer config; it is set on the dashboard']);
  });

  it('refuses another unknown key with the usual message', () => {
    expect(issuesOf(ImporterConfigSchema, { fields: [], theme: 'dark' })).toEqual([
      { path: [], message: 'Unrecognized key: "theme"', code: 'unrecognized_keys' },
    ]);
  });

  it('refuses an unknown key in a field definition', () => {
    expect(issuesOf(ImporterConfigSchema, { fields: [field('a', { validate: '^x$' })] })).toEqual([
      { path: ['fields', 0], message: 'Unrecognized key: "validate"', code: 'unrecognized_keys' },
    ]);
  });
});

describe('FieldDefinitionSchema in JSON Schema', () => {
  it('is a union on type: enumValues required with type enum, absent with any other type', () => {
    const json = z.toJSONSchema(FieldDefinitionSchema, { io: 'input' }) as unknown as {
      oneOf: { properties: { type: { const?: string; enum?: string[] }; enumValues: Record<string, unknown> }; required: string[] }[];
    };
    const [enumVariant, otherVariant] = json.oneOf;
    expect(enumVariant?.properties.type.const).toBe('enum');
    expect(enumVariant?.required).toContain('enumValues');
    expect(enumVariant?.properties.enumValues).toMatchObject({ type: 'array', minItems: 1, uniqueItems: true });
    expect(otherVariant?.properties.type.enum).toEqual(['string', 'number', 'date', 'email', 'boolean', 'url']);
    expect(otherVariant?.required).not.toContain('enumValues');
    expect(otherVariant?.properties.enumValues).toEqual({ not: {} });
  });
});
