import { distance } from 'fastest-levenshtein';

/**
 * Fuzzy matching threshold: two names match when at most 30% of the longer one must be edited
 * (`adress` ~ `address`, `Phone no` ~ `phoneno`), and only when the longer has 4 or more
 * characters — below that, one edit turns `id` into `ip`.
 * @internal
 */
export const FUZZY_MIN_SIMILARITY = 0.7;
/** @internal */
export const FUZZY_MIN_LENGTH = 4;

/**
 * 1 − Levenshtein distance ÷ the longer length, or 0 when the pair is too short to compare or
 * below {@link FUZZY_MIN_SIMILARITY}.
 *
 * @example
 * fuzzySimilarity('adress', 'address')  // 0.857…
 * fuzzySimilarity('id', 'ip')           // 0
 * @internal
 */
export function fuzzySimilarity(a: string, b: string): number {
  const longer = Math.max(a.length, b.length);
  if (longer < FUZZY_MIN_LENGTH) return 0;
  // The length difference is a lower bound of the distance: skip pairs that cannot pass.
  if (Math.abs(a.length - b.length) > longer * (1 - FUZZY_MIN_SIMILARITY)) return 0;
  const similarity = 1 - distance(a, b) / longer;
  return similarity >= FUZZY_MIN_SIMILARITY ? similarity : 0;
}
