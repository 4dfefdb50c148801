import { expect, oneEvent } from '@open-wc/testing';
import type { InlayImportCompleteEvent } from '../events.js';
import { $, continueToReview, importerEnv, importSessions, mountImporter, pasteRows, waitFor } from '../testing/importer-helpers.js';
import { chunkRows } from './server-delivery.js';

interface Sent {
  method: string;
  path: string;
  chunk?: number;
}

/**
 * Wraps `window.fetch` to record the importer's requests; `loseAnswer` names a chunk whose first
 * upload reaches the server but whose answer is lost, as when a connection drops.
 */
function recordFetch(loseAnswer?: number): { sent: Sent[]; restore: () => void } {
  const original = window.fetch;
  const sent: Sent[] = [];
  let lost = false;
  window.fetch = async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input), location.href);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { chunk?: number }) : undefined;
    if (url.pathname.includes('/api/v1/sessions')) sent.push({ method: init?.method ?? 'GET', path: url.pathname.replace(/sess_[^/]+/, ':id'), ...(body?.chunk !== undefined ? { chunk: body.chunk } : {}) });
    const response = await original(input, init);
    if (loseAnswer !== undefined && !lost && body?.chunk === loseAnswer) {
      lost = true;
      await response.arrayBuffer();
      throw new TypeError('Failed to fetch');
    }
    return response;
  };
  return { sent, restore: () => (window.fetch = original) };
}

const ROWS = 'Code,Amount\nA1,1\nA2,2\nA3,3\nA4,4\nA5,5\n';
const EXPECTED = [1, 2, 3, 4, 5].map((n) => ({ code: `A${n}`, amount: n }));

async function sessionRows(sessionId: string): Promise<{ items: unknown[]; nextCursor: string | null }> {
  return (await (await fetch(`/__inlay/session-rows?sessionId=${encodeURIComponent(sessionId)}`)).json()) as { items: unknown[]; nextCursor: string | null };
}

describe('<inlay-importer> with delivery "server"', () => {
  it('cuts rows into chunks by rows and by bytes', () => {
    const rows = Array.from({ length: 7 }, (_, i) => ({ code: 'x'.repeat(10), n: i }));
    expect(chunkRows(rows, 3).map((chunk) => chunk.length)).to.deep.equal([3, 3, 1]);
    // Each row is 22 bytes of JSON plus a comma: 60 bytes hold two rows.
    expect(chunkRows(rows, 5000, 60).map((chunk) => chunk.length)).to.deep.equal([2, 2, 2, 1]);
    expect(chunkRows([{ code: 'é😀' }], 5000, 1).length).to.equal(1);
  });

  it('uploads the rows in several chunks, completes the session, and the server serves them in order', async () => {
    const env = await importerEnv();
    const el = await mountImporter({ importerId: env.importers.server, uploadChunkRows: 2 });
    const recorder = recordFetch();
    try {
      await pasteRows(el, ROWS);
      await continueToReview(el);
      const done = oneEvent(el, 'inlay-import-complete') as Promise<InlayImportCompleteEvent>;
      $<HTMLButtonElement>(el, '[part~="import-button"]').click();
      const event = await done;
      expect(event.detail.rowCount).to.equal(5);
      // The rows went to the server, not to the page.
      expect(event.detail.rows).to.deep.equal([]);
      const uploads = recorder.sent.filter((request) => request.path.endsWith('/rows'));
      expect(uploads.map((request) => request.chunk)).to.deep.equal([0, 1, 2]);
      expect(recorder.sent.at(-1)?.path).to.match(/\/complete$/);
      const page = await sessionRows(event.detail.sessionId);
      expect(page).to.deep.equal({ items: EXPECTED, firstRow: 0, nextCursor: null });
      const session = (await importSessions()).find((candidate) => candidate.id === event.detail.sessionId);
      expect(session).to.include({ status: 'completed', rowCount: 5, errorCount: 0 });
      await waitFor(el, '[part~="done"]');
    } finally {
      recorder.restore();
    }
  });

  it('resumes after a lost answer: asks which chunks are stored and never sends a stored chunk again', async () => {
    const env = await importerEnv();
    const el = await mountImporter({ importerId: env.importers.server, uploadChunkRows: 2 });
    // Chunk 1 is stored, but its answer never arrives.
    const recorder = recordFetch(1);
    try {
      await pasteRows(el, ROWS);
      await continueToReview(el);
      const done = oneEvent(el, 'inlay-import-complete') as Promise<InlayImportCompleteEvent>;
      $<HTMLButtonElement>(el, '[part~="import-button"]').click();
      const event = await done;
      const calls = recorder.sent.map((request) => (request.chunk === undefined ? `${request.method} ${request.path.split('/').pop()}` : `chunk ${request.chunk}`));
      expect(calls).to.deep.equal(['POST sessions', 'GET chunks', 'chunk 0', 'chunk 1', 'GET chunks', 'chunk 2', 'POST complete']);
      expect((await sessionRows(event.detail.sessionId)).items).to.deep.equal(EXPECTED);
      const session = (await importSessions()).find((candidate) => candidate.id === event.detail.sessionId);
      expect(session).to.include({ rowCount: 5 });
    } finally {
      recorder.restore();
    }
  });
});
