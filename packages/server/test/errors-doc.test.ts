import { readFileSync } from 'node:fs';
import { ERROR_CODES, ERROR_TYPES } from '@inlay/core';
import { describe, expect, it } from 'vitest';

const doc = readFileSync(new URL('../../../docs/errors.md', import.meta.url), 'utf8');

describe('docs/errors.md', () => {
  it.each(Object.keys(ERROR_CODES))('documents the code %s', (code) => {
    expect(doc).toContain(`| \`${code}\` |`);
  });

  it.each(Object.entries(ERROR_TYPES))('documents the type %s with status %i', (type, status) => {
    expect(doc).toContain(`## ${status} \`${type}\``);
  });

  it('documents no code the server does not have', () => {
    const documented = [...doc.matchAll(/^\| `([a-z_]+)` \|/gm)].map((match) => match[1]);
    expect(documented.sort()).toEqual(Object.keys(ERROR_CODES).sort());
  });
});
