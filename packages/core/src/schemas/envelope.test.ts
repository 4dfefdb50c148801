import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dataEnvelope, listPage, ListQuerySchema } from './envelope.js';

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

describe('ListQuerySchema', () => {
  it('defaults limit to 20 when it is absent', () => {
    expect(ListQuerySchema.parse({})).toStrictEqual({ limit: 20 });
  });

  it.each([
    ['1', 1],
    ['20', 20],
    ['50', 50],
    ['100', 100],
  ])('coerces the query string limit %j to %s', (limit, expected) => {
    expect(ListQuerySchema.parse({ limit })).toStrictEqual({ limit: expected });
  });

  it('accepts a limit that is already a number', () => {
    expect(ListQuerySchema.parse({ limit: 7 })).toStrictEqual({ limit: 7 });
  });

  it('keeps a cursor', () => {
    expect(ListQuerySchema.parse({ limit: '10', cursor: 'eyJpZCI6MX0' })).toStrictEqual({ limit: 10, cursor: 'eyJpZCI6MX0' });
  });

  it.each(['0', 0, -1])('refuses the limit %j as below 1', (limit) => {
    expect(issuesOf(ListQuerySchema, { limit })).toEqual([
      { path: ['limit'], message: 'limit must be at least 1', code: 'too_small' },
    ]);
  });

  it.each(['101', 101, '1000'])('refuses the limit %j as above 100', (limit) => {
    expect(issuesOf(ListQuerySchema, { limit })).toEqual([
      { path: ['limit'], message: 'limit must be at most 100', code: 'too_big' },
    ]);
  });

  // Decimal digits only: `Number()` would read the hex, exponent, signed and padded ones.
  it.each(['abc', '10abc', 'NaN', '-1', '0x10', '1e2', '+5', ' 5', ''])('refuses the limit %j, which is not written as a whole number', (limit) => {
    expect(issuesOf(ListQuerySchema, { limit })).toEqual([
      { path: ['limit'], message: 'limit must be a whole number from 1 to 100', code: 'invalid_type' },
    ]);
  });

  it('refuses a fractional limit', () => {
    expect(issuesOf(ListQuerySchema, { limit: '2.5' })).toEqual([
      { path: ['limit'], message: 'limit must be a whole number from 1 to 100', code: 'invalid_type' },
    ]);
  });

  it('refuses an empty cursor', () => {
    expect(issuesOf(ListQuerySchema, { cursor: '' }).map((i) => [i.path, i.code])).toEqual([[['cursor'], 'too_small']]);
  });

  it('refuses a cursor over 200 characters', () => {
    expect(issuesOf(ListQuerySchema, { cursor: 'c'.repeat(201) }).map((i) => [i.path, i.code])).toEqual([[['cursor'], 'too_big']]);
  });

  it('refuses an unknown query parameter', () => {
    expect(issuesOf(ListQuerySchema, { limit: '10', page: '2' })).toEqual([
      { path: [], message: 'Unrecognized key: "page"', code: 'unrecognized_keys' },
    ]);
  });
});

describe('dataEnvelope', () => {
  const schema = dataEnvelope(z.strictObject({ id: z.string() }));

  it('accepts { data } holding the payload', () => {
    expect(schema.parse({ data: { id: 'flow_1' } })).toStrictEqual({ data: { id: 'flow_1' } });
  });

  it('refuses anything else at the top level', () => {
    expect(issuesOf(schema, { data: { id: 'flow_1' }, meta: {} }).map((i) => i.code)).toEqual(['unrecognized_keys']);
  });

  it('refuses a body without data', () => {
    expect(issuesOf(schema, { id: 'flow_1' }).map((i) => i.path)).toContainEqual(['data']);
  });
});

describe('listPage', () => {
  const schema = listPage(z.number());

  it('accepts items with a next cursor or null at the end', () => {
    expect(schema.parse({ items: [1, 2], nextCursor: 'abc' })).toStrictEqual({ items: [1, 2], nextCursor: 'abc' });
    expect(schema.parse({ items: [], nextCursor: null })).toStrictEqual({ items: [], nextCursor: null });
  });

  it('requires nextCursor to be present, even when null', () => {
    expect(issuesOf(schema, { items: [] }).map((i) => i.path)).toEqual([['nextCursor']]);
  });

  it('checks every item against the item schema', () => {
    expect(issuesOf(schema, { items: [1, 'two'], nextCursor: null }).map((i) => i.path)).toEqual([['items', 1]]);
  });
});
