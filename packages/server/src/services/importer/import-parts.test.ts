import { describe, expect, it } from 'vitest';
import { pieces } from './import-sessions.js';

// An uploaded chunk's rows are stored in pieces (one short transaction each) and joined back
// when read: a cut inside a surrogate pair would store two lone halves, which SQLite's UTF-8
// text turns into replacement characters.
describe('pieces of a chunk’s rows', () => {
  it('never cuts a surrogate pair, and joins back to the same text', () => {
    for (const size of [1, 2, 3, 4, 5, 7]) {
      const text = `[{"note":"a${'😀'.repeat(9)}é${'𝄞'.repeat(4)}"}]`;
      const cut = pieces(text, size);
      expect(cut.join('')).toBe(text);
      for (const piece of cut) {
        const last = piece.charCodeAt(piece.length - 1);
        expect(last >= 0xd800 && last <= 0xdbff, `size ${size}: ${JSON.stringify(piece)}`).toBe(false);
        expect(piece.length).toBeGreaterThan(0);
      }
    }
  });

  it('keeps a short text whole', () => {
    expect(pieces('[]', 1024)).toEqual(['[]']);
  });
});
