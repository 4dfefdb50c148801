import { isTraversal, parse, type Selector } from 'css-what';

/**
 * Checks an anchor's CSS selector on save (docs/onboarding.md, "Tours and hotspots"), where no
 * browser is at hand: css-what parses it (docs/decisions.md, "Tours and hotspots"), and what it
 * accepts but `querySelector` would refuse or could never match is refused here too: pseudo-
 * elements, and pseudo-classes browsers do not know.
 */

/** Pseudo-classes `querySelector` takes (Selectors Level 4 as Chromium, Firefox and Safari ship them). */
const PSEUDO_CLASSES = new Set([
  'active', 'any-link', 'autofill', 'checked', 'default', 'defined', 'disabled', 'empty', 'enabled', 'first-child',
  'first-of-type', 'focus', 'focus-visible', 'focus-within', 'has', 'hover', 'in-range', 'indeterminate', 'invalid',
  'is', 'lang', 'last-child', 'last-of-type', 'link', 'not', 'nth-child', 'nth-last-child', 'nth-last-of-type',
  'nth-of-type', 'only-child', 'only-of-type', 'optional', 'out-of-range', 'placeholder-shown', 'read-only',
  'read-write', 'required', 'root', 'scope', 'target', 'user-invalid', 'user-valid', 'valid', 'visited', 'where',
]);

/** Why a selector cannot anchor a step, or undefined when it can. */
export function selectorProblem(selector: string): string | undefined {
  let parsed: Selector[][];
  try {
    parsed = parse(selector);
  } catch (error) {
    return `not a valid CSS selector (${(error as Error).message})`;
  }
  return firstProblem(parsed, false);
}

/** `relative`: inside `:has()`, where a part may start with a combinator (`:has(> img)`). */
function firstProblem(lists: Selector[][], relative: boolean): string | undefined {
  for (const list of lists) {
    const first = list[0];
    const last = list[list.length - 1];
    if (!first || !last) return 'not a valid CSS selector (an empty part)';
    if (isTraversal(last) || (!relative && isTraversal(first))) return 'not a valid CSS selector (a combinator without an element on one side)';
    for (const token of list) {
      if (token.type === 'pseudo-element') return `::${token.name} is a pseudo-element, which no step can point at`;
      if (token.type !== 'pseudo') continue;
      if (!PSEUDO_CLASSES.has(token.name)) return `:${token.name} is not a pseudo-class browsers know`;
      if (Array.isArray(token.data)) {
        const inner = firstProblem(token.data, token.name === 'has');
        if (inner) return inner;
      }
    }
  }
  return undefined;
}
