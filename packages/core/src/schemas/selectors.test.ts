import { describe, expect, it } from 'vitest';
import { selectorProblem } from './selectors.js';

describe('anchor selectors', () => {
  it.each(['#save', '[data-tour="new-project"]', 'main > nav a.active', 'li:nth-child(2n+1)', 'form:has(input:invalid)', 'a, b', 'button:not([disabled])', 'li:has(> img)'])(
    'accepts %s',
    (selector) => expect(selectorProblem(selector)).toBeUndefined(),
  );

  it.each([
    ['div[', /not a valid CSS selector/],
    ['a >', /not a valid CSS selector/],
    ['a,', /not a valid CSS selector/],
    ['> a', /a combinator without an element/],
    ['a:not(> b)', /a combinator without an element/],
    ['p::after', /pseudo-element/],
    ['a:hovr', /:hovr is not a pseudo-class/],
    ['a:is(b:fist-child)', /:fist-child/],
  ])('refuses %s', (selector, message) => expect(selectorProblem(selector)).toMatch(message));
});
