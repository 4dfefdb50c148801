import { describe, expect, it } from 'vitest';
import {
  isLocalDevelopmentOrigin,
  normaliseOrigin,
  originAllowed,
  originMatches,
  originPatternProblem,
} from './origins.js';

describe('normaliseOrigin', () => {
  it('keeps an origin that is already normal', () => {
    expect(normaliseOrigin('https://app.example.com')).toBe('https://app.example.com');
    expect(normaliseOrigin('http://localhost:5173')).toBe('http://localhost:5173');
  });

  it('drops the default port of https (443) and http (80)', () => {
    expect(normaliseOrigin('https://a.com:443')).toBe('https://a.com');
    expect(normaliseOrigin('http://a.com:80')).toBe('http://a.com');
  });

  it('keeps a port that is not the default of its scheme', () => {
    expect(normaliseOrigin('https://a.com:80')).toBe('https://a.com:80');
    expect(normaliseOrigin('http://a.com:443')).toBe('http://a.com:443');
    expect(normaliseOrigin('https://a.com:8443')).toBe('https://a.com:8443');
  });

  it('lower-cases the scheme and host', () => {
    expect(normaliseOrigin('HTTPS://App.Example.COM')).toBe('https://app.example.com');
  });

  it('drops a trailing slash or path', () => {
    expect(normaliseOrigin('https://a.com/')).toBe('https://a.com');
    expect(normaliseOrigin('https://a.com/some/path?q=1')).toBe('https://a.com');
  });

  it('keeps an IPv6 host in brackets', () => {
    expect(normaliseOrigin('http://[::1]:3000')).toBe('http://[::1]:3000');
  });

  it.each(['null', '', 'a.com', '//a.com', 'ftp://a.com', 'file:///etc/passwd', 'javascript:alert(1)', 'data:text/html,x', 'https://'])(
    'returns null for %j, which is not an http(s) origin',
    (value) => {
      expect(normaliseOrigin(value)).toBeNull();
    },
  );
});

describe('originPatternProblem', () => {
  it.each([
    'https://app.example.com',
    'http://app.example.com',
    'https://example.com',
    'http://localhost:3000',
    'http://127.0.0.1:8080',
    'http://[::1]:3000',
    'https://a.com:443',
    'https://a.com:1',
    'https://a.com:65535',
    'https://my-app.example.co.uk',
  ])('accepts the exact origin %s', (pattern) => {
    expect(originPatternProblem(pattern)).toBeNull();
  });

  it.each(['https://*.example.com', 'https://*.my-app.co.uk', 'https://*.a.b.example.com'])(
    'accepts the wildcard %s',
    (pattern) => {
      expect(originPatternProblem(pattern)).toBeNull();
    },
  );

  it.each(['https://App.example.com', 'HTTPS://app.example.com', 'https://*.Example.com'])(
    'refuses %s because it is not lower case',
    (pattern) => {
      expect(originPatternProblem(pattern)).toBe('origins are written in lower case');
    },
  );

  it.each([
    'http://*.example.com',
    'https://*example.com',
    'https://app.*.example.com',
    'https://example.*',
    'https://*.com',
    'https://*',
    '*',
    '*.example.com',
    'https://*.example.com:8443',
    'https://*.example.com/',
    'https://**.example.com',
  ])('refuses %s because a wildcard is only allowed as https://*.domain', (pattern) => {
    expect(originPatternProblem(pattern)).toBe('a wildcard is only allowed as https://*.example.com');
  });

  it.each([
    'https://example.com/',
    'https://example.com/app',
    'https://example.com?x=1',
    'https://example.com#x',
    'example.com',
    '//example.com',
    'ftp://example.com',
    'wss://example.com',
    'https://',
    'https://user@example.com',
    'https://exa mple.com',
    'https://a_b.example.com',
    'https://example.com:',
    'https://example.com:abc',
    'https://example.com:123456',
    '',
  ])('refuses %j because it is not scheme://host[:port]', (pattern) => {
    expect(originPatternProblem(pattern)).toBe('expected scheme://host[:port] with no path, e.g. https://app.example.com');
  });

  it.each(['https://example.com:0', 'https://example.com:65536', 'https://example.com:99999'])(
    'refuses %s because the port is out of range',
    (pattern) => {
      expect(originPatternProblem(pattern)).toBe('port must be from 1 to 65535');
    },
  );
});

describe('originMatches', () => {
  it('matches an exact pattern with the same origin', () => {
    expect(originMatches('https://app.example.com', 'https://app.example.com')).toBe(true);
  });

  it('treats https://a.com:443 and https://a.com as the same origin, either way round', () => {
    expect(originMatches('https://a.com', 'https://a.com:443')).toBe(true);
    expect(originMatches('https://a.com:443', 'https://a.com')).toBe(true);
    expect(originMatches('http://a.com:80', 'http://a.com')).toBe(true);
  });

  it('matches an origin sent in upper case', () => {
    expect(originMatches('https://app.example.com', 'HTTPS://APP.EXAMPLE.COM')).toBe(true);
  });

  it('does not match another scheme, host or port', () => {
    expect(originMatches('https://a.com', 'http://a.com')).toBe(false);
    expect(originMatches('https://a.com', 'https://b.com')).toBe(false);
    expect(originMatches('https://a.com', 'https://a.com:8443')).toBe(false);
    expect(originMatches('http://localhost:3000', 'http://localhost:3001')).toBe(false);
    expect(originMatches('https://a.com', 'https://www.a.com')).toBe(false);
  });

  it('does not match an exact pattern against a host that merely ends with it', () => {
    expect(originMatches('https://example.com', 'https://evilexample.com')).toBe(false);
    expect(originMatches('https://example.com', 'https://example.com.evil.com')).toBe(false);
  });

  it('matches a wildcard against a subdomain at any depth', () => {
    expect(originMatches('https://*.example.com', 'https://app.example.com')).toBe(true);
    expect(originMatches('https://*.example.com', 'https://a.b.example.com')).toBe(true);
    expect(originMatches('https://*.example.com', 'https://app.example.com:443')).toBe(true);
  });

  it('does not match a wildcard against the apex domain', () => {
    expect(originMatches('https://*.example.com', 'https://example.com')).toBe(false);
  });

  it('does not match a wildcard against http', () => {
    expect(originMatches('https://*.example.com', 'http://app.example.com')).toBe(false);
  });

  it('does not match a wildcard against a non-default port', () => {
    expect(originMatches('https://*.example.com', 'https://app.example.com:8443')).toBe(false);
  });

  it('does not match a wildcard against a look-alike domain', () => {
    expect(originMatches('https://*.example.com', 'https://evilexample.com')).toBe(false);
    expect(originMatches('https://*.example.com', 'https://app.evilexample.com')).toBe(false);
    expect(originMatches('https://*.example.com', 'https://app.example.com.evil.com')).toBe(false);
  });

  it('matches nothing for an Origin that is not an http(s) origin', () => {
    expect(originMatches('https://a.com', 'null')).toBe(false);
    expect(originMatches('https://*.example.com', 'null')).toBe(false);
    expect(originMatches('https://a.com', '')).toBe(false);
    expect(originMatches('https://a.com', 'file:///a.com')).toBe(false);
  });
});

describe('originAllowed', () => {
  it('allows every origin when the list is empty', () => {
    expect(originAllowed([], 'https://anything.example')).toBe(true);
    expect(originAllowed([], 'http://localhost:1234')).toBe(true);
  });

  it('allows an origin matched by any pattern of the list', () => {
    const patterns = ['https://a.com', 'https://*.b.com', 'http://localhost:3000'];
    expect(originAllowed(patterns, 'https://a.com')).toBe(true);
    expect(originAllowed(patterns, 'https://x.b.com')).toBe(true);
    expect(originAllowed(patterns, 'http://localhost:3000')).toBe(true);
  });

  it('refuses an origin no pattern matches', () => {
    const patterns = ['https://a.com', 'https://*.b.com'];
    expect(originAllowed(patterns, 'https://b.com')).toBe(false);
    expect(originAllowed(patterns, 'http://a.com')).toBe(false);
    expect(originAllowed(patterns, 'https://c.com')).toBe(false);
    expect(originAllowed(patterns, 'null')).toBe(false);
  });
});

describe('isLocalDevelopmentOrigin', () => {
  it.each(['http://localhost', 'http://localhost:3000', 'http://127.0.0.1', 'http://127.0.0.1:5173', 'http://[::1]:8080', 'HTTP://LOCALHOST:3000'])(
    'treats %s as local development',
    (origin) => {
      expect(isLocalDevelopmentOrigin(origin)).toBe(true);
    },
  );

  it.each([
    'https://example.com',
    'http://localhost.evil.com',
    'http://evil-localhost:3000',
    'http://127.0.0.1.evil.com',
    'http://app.localhost.example.com',
    'http://10.0.0.1:3000',
    'http://192.168.1.10',
    'null',
    '',
    'file:///localhost',
  ])('does not treat %j as local development', (origin) => {
    expect(isLocalDevelopmentOrigin(origin)).toBe(false);
  });
});
