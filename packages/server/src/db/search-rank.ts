/** A character other than printable ASCII, tab or line break: text without one folds by lower case alone (see `fold`). */
const NON_ASCII = /[^\t\n\r -~]/;

/**
 * Relevance ranking of a search's candidates (docs/feedback.md, Search): BM25 over the
 * candidate set, the title weighted double. A term's frequency counts its occurrences in the
 * folded text (anywhere for trigram terms, at the start of a word for short terms, as the
 * indexes match them); its rarity is measured among the candidates. Ties: more votes, then newer.
 *
 * The same function ranks on a search thread (search-worker.ts), inline on a `:memory:`
 * database and on PostgreSQL's event loop.
 */
export function rankCandidates(
  rows: ReadonlyArray<{ id: string; title: string; body: string; vote_count: number }>,
  terms: ReadonlyArray<{ text: string; prefix: boolean }>,
  cap: number,
): string[] {
  const k1 = 1.2;
  const b = 0.75;
  // As foldTerm (services/feedback/search-terms.ts) folds the terms. ASCII text has nothing to decompose, no mark
  // to drop and nothing to recompose: lower case alone gives the same string, without the two
  // normalisations (most of the ranking's time on PostgreSQL, where it runs on the event loop).
  const fold = (text: string) => (NON_ASCII.test(text) ? text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').normalize('NFC').toLowerCase() : text.toLowerCase());
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const patterns = terms.map((term) => new RegExp(term.prefix ? `(?<![\\p{L}\\p{N}])${escape(term.text)}` : escape(term.text), 'gu'));
  const count = (pattern: RegExp, text: string) => {
    pattern.lastIndex = 0;
    let n = 0;
    while (pattern.exec(text) !== null) n += 1;
    return n;
  };
  const docs = rows.map((row) => {
    const title = fold(row.title);
    const body = fold(row.body);
    return { row, length: 2 * title.length + body.length, tf: patterns.map((pattern) => 2 * count(pattern, title) + count(pattern, body)) };
  });
  const total = docs.length;
  const averageLength = docs.reduce((sum, doc) => sum + doc.length, 0) / Math.max(1, total) || 1;
  const idf = patterns.map((_, i) => {
    const containing = docs.filter((doc) => (doc.tf[i] ?? 0) > 0).length;
    return Math.log(1 + (total - containing + 0.5) / (containing + 0.5));
  });
  const scored = docs.map((doc) => ({
    row: doc.row,
    score: doc.tf.reduce((sum, tf, i) => sum + ((idf[i] ?? 0) * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * doc.length) / averageLength)), 0),
  }));
  scored.sort((x, y) => y.score - x.score || y.row.vote_count - x.row.vote_count || (x.row.id < y.row.id ? 1 : x.row.id > y.row.id ? -1 : 0));
  return scored.slice(0, cap).map((entry) => entry.row.id);
}
