import { describe, expect, it } from 'vitest';
import { onPages, pageMatches, pagePatternProblem } from './pages.js';

describe('page patterns', () => {
  it.each([
    ['/app', '/app', true],
    ['/app', '/app/', false],
    ['/app/*', '/app/', true],
    ['/app/*', '/app/projects/7', true],
    ['/app/*', '/apple', false],
    ['/projects/*/settings', '/projects/7/settings', true],
    ['/projects/*/settings', '/projects/7/members', false],
    ['/projects/*/settings', '/projects/settings', false],
    ['*', '/anything/at/all', true],
    ['/a*a', '/a', false],
    ['/a*a', '/aa', true],
    ['/*/b/*', '/x/b/y', true],
    ['/*/b/*', '/x/c/y', false],
    ['/docs.html', '/docsxhtml', false],
  ])('%s on %s is %s', (pattern, pathname, expected) => {
    expect(pageMatches(pattern, pathname)).toBe(expected);
  });

  it('takes no patterns as every page', () => {
    expect(onPages(undefined, '/x')).toBe(true);
    expect(onPages([], '/x')).toBe(true);
    expect(onPages(['/a', '/b/*'], '/b/c')).toBe(true);
    expect(onPages(['/a', '/b/*'], '/c')).toBe(false);
  });

  it('refuses what is not a path', () => {
    expect(pagePatternProblem('/app/*')).toBeUndefined();
    expect(pagePatternProblem('app')).toMatch(/starts with/);
    expect(pagePatternProblem('/a b')).toMatch(/no spaces/);
    expect(pagePatternProblem('/a#b')).toMatch(/no spaces/);
  });
});
