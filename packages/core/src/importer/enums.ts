import { compactHeader } from './normalize-header.js';
import { fuzzySimilarity } from './similarity.js';

/*
 * Enum reading (docs/importer.md): only an exact allowed value is valid. A value that equals one
 * after case, accents, spaces and punctuation are ignored (`in progress` → `In_Progress`), or that
 * is a near miss of exactly one (`Enterprize` → `Enterprise`), is refused with that value as the
 * suggestion. When two allowed values normalise alike, neither is suggested.
 */

const SUGGESTION_CACHE_LIMIT = 10_000;

/** An enum field's allowed values, prepared once per table. @internal */
export class EnumValues {
  private readonly exact: ReadonlySet<string>;
  private readonly normalized = new Map<string, string | null>();
  // Refused cells repeat (a whole column may say `Pro` for `pro`): remember each one's answer.
  private readonly suggestions = new Map<string, string | undefined>();

  constructor(readonly values: readonly string[]) {
    this.exact = new Set(values);
    for (const value of values) {
      const key = compactHeader(value);
      this.normalized.set(key, this.normalized.has(key) ? null : value);
    }
  }

  /** Whether a trimmed cell is one of the values exactly. */
  has(text: string): boolean {
    return this.exact.has(text);
  }

  /** The allowed value a refused cell most likely means, or `undefined`. */
  suggest(text: string): string | undefined {
    if (this.suggestions.has(text)) return this.suggestions.get(text);
    const suggestion = this.compute(text);
    if (this.suggestions.size >= SUGGESTION_CACHE_LIMIT) this.suggestions.clear();
    this.suggestions.set(text, suggestion);
    return suggestion;
  }

  private compute(text: string): string | undefined {
    const key = compactHeader(text);
    if (key === '') return undefined;
    const normalized = this.normalized.get(key);
    if (normalized !== undefined) return normalized ?? undefined;
    let best: string | null | undefined;
    let bestSimilarity = 0;
    for (const [candidateKey, value] of this.normalized) {
      const similarity = fuzzySimilarity(key, candidateKey);
      if (similarity > bestSimilarity) {
        bestSimilarity = similarity;
        best = value;
      } else if (similarity > 0 && similarity === bestSimilarity) {
        best = null;
      }
    }
    return best ?? undefined;
  }
}
