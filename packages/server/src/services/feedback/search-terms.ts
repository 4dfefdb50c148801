import { ApiError } from '../../errors.js';

/**
 * Stop words: function words so frequent that they match most posts and tell a search nothing.
 * They are dropped from a search when it has other terms (docs/feedback.md, Search). English,
 * German, French and Spanish, the languages most boards are written in; every entry is folded
 * (lower case, no accents) as terms are before comparing.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  [
    // English
    'a an and are as at be but by can do for from has have i if in is it its of on or our so that the their this to was we were will with would you your',
    // German
    'aber als am auch auf aus bei das dass dem den der des die ein eine einen einer es fur hat ich im ist mit nicht oder sie sind und von wie wir zu zum zur',
    // French
    'au aux avec ce ces dans de des du elle en est et il je la le les leur mais ne nous ou par pas pour qu que qui sa se ses son sur un une vous',
    // Spanish
    'al con como del el ella es esta este las lo los mas mi no para pero por se sin su sus una uno y ya',
  ]
    .join(' ')
    .split(' '),
);

/** Terms shorter than this go to the word index (prefix match); longer ones to the trigram index. */
export const TRIGRAM_LENGTH = 3;

export interface SearchTerms {
  /** Terms of three characters or more, for the trigram index (substring match). */
  indexed: string[];
  /** Terms of one or two characters, for the word index (word-prefix match). */
  short: string[];
}

/**
 * Lower case without accents: how both indexes compare text. Only the combining accents of the
 * Latin, Greek and Cyrillic letters (U+0300–U+036F) go, as the indexes drop them (FTS5's
 * `remove_diacritics`, PostgreSQL's `unaccent`); other marks stay, recomposed: Japanese voiced
 * kana keep their mark ("モード" is not "モート") and Hangul stays in syllables.
 */
export function foldTerm(term: string): string {
  return term.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').normalize('NFC').toLowerCase();
}

/**
 * The terms a search runs with: split at white space, folded, each distinct term once, stop
 * words dropped unless nothing else remains, short terms without a letter or digit dropped
 * (the word index has nothing for them). More than `maxTerms` distinct terms is refused before
 * anything runs: the cost of a search grows with its terms (docs/security.md, Search).
 */
export function searchTerms(q: string, maxTerms: number): SearchTerms {
  const distinct = [...new Set(q.split(/\s+/).filter(Boolean).map(foldTerm))].filter(
    (term) => [...term].length >= TRIGRAM_LENGTH || /[\p{L}\p{N}]/u.test(term),
  );
  const specific = distinct.filter((term) => !STOP_WORDS.has(term));
  const terms = specific.length > 0 ? specific : distinct;
  if (terms.length > maxTerms) {
    throw new ApiError(
      'search_too_expensive',
      `q has ${terms.length} distinct terms besides stop words; a search takes at most ${maxTerms}. Search with fewer, more specific terms.`,
      { param: 'q' },
    );
  }
  return {
    indexed: terms.filter((term) => [...term].length >= TRIGRAM_LENGTH),
    short: terms.filter((term) => [...term].length < TRIGRAM_LENGTH),
  };
}
