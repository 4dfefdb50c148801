import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact.js';

describe('redactUrl', () => {
  it('hides the password of a database or store URL and keeps the rest', () => {
    expect(redactUrl('postgres://inlay:s3cret@db.internal:5432/inlay?sslmode=require')).toBe('postgres://inlay:…@db.internal:5432/inlay?sslmode=require');
    expect(redactUrl('rediss://:p%40ss@cache:6380/0')).toBe('rediss://:…@cache:6380/0');
    expect(redactUrl('redis://onlysecret@cache')).toBe('redis://…@cache');
  });

  it('leaves a URL without credentials and a file path as they are', () => {
    expect(redactUrl('postgres://db.internal/inlay')).toBe('postgres://db.internal/inlay');
    expect(redactUrl('./.inlay/inlay.db')).toBe('./.inlay/inlay.db');
    expect(redactUrl('/var/lib/inlay/a@b.db')).toBe('/var/lib/inlay/a@b.db');
  });
});
