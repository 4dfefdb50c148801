import { describe, expect, it } from 'vitest';
import { rankCandidates } from './search-rank.js';

// Ranking folds the candidates as terms are folded (foldTerm, services/feedback/search-terms.ts); text of
// printable ASCII takes a shorter way (lower case alone), which must rank as the full fold does.
describe('rankCandidates', () => {
  it('ranks ASCII text as the full fold does', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const ascii = ['Export', 'EXPORTS', 'export', 'strasse', 'ui', 'UI', 'Go', 'go-live', 'dark', 'Dark-mode', 'file', 'a\tb', '[x]', '(ui)'];
    const other = ['Éxport', 'e\u0301xport', 'Straße', 'モード', 'ﬁle', 'gö', 'İstanbul', 'Ωmega'];
    const text = (n: number, words: string[]) => Array.from({ length: n }, () => words[Math.floor(random() * words.length)]).join(random() < 0.5 ? ' ' : '\n');
    const rows = Array.from({ length: 300 }, (_, i) => {
      const words = i % 3 === 0 ? [...ascii, ...other] : ascii;
      return { id: `post_${String(i).padStart(5, '0')}`, title: text(1 + Math.floor(random() * 4), words), body: text(Math.floor(random() * 30), words), vote_count: Math.floor(random() * 3) };
    });
    // A combining acute accent at the end of each text is dropped by the full fold and changes
    // nothing else, but makes every text take the full fold: the reference.
    const full = rows.map((row) => ({ ...row, title: `${row.title}\u0301`, body: `${row.body}\u0301` }));
    const terms = [
      [{ text: 'export', prefix: false }],
      [{ text: 'strasse', prefix: false }, { text: 'ui', prefix: true }],
      [{ text: 'モード', prefix: false }],
      [{ text: 'go', prefix: true }, { text: 'file', prefix: false }],
      [{ text: 'dark', prefix: false }, { text: 'mode', prefix: false }],
    ];
    for (const list of terms) {
      const ranked = rankCandidates(rows, list, 100);
      expect(ranked.length, JSON.stringify(list)).toBeGreaterThan(20);
      expect(ranked, JSON.stringify(list)).toEqual(rankCandidates(full, list, 100));
    }
  });
});
