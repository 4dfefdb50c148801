import type { ImporterConfig } from '@inlay/core';
import { describe, expect, it } from 'vitest';
import { pruneUploadedRows, readUploadedChunk, type UploadedRow } from '../src/repositories/importer/upload-chunks.js';
import { validateUploadedRows } from '../src/services/importer/row-validation.js';
import { call, dataOf, errorOf, harness, type Harness, publishResource } from './helpers.js';

const CONTACTS: ImporterConfig = {
  fields: [
    { key: 'email', label: 'Email', type: 'email', required: true, unique: true },
    { key: 'customerId', label: 'Customer id', type: 'string' },
    { key: 'amount', label: 'Amount', type: 'number' },
  ],
  duplicateKey: 'customerId',
} as ImporterConfig;

async function openSession(h: Harness, config: unknown = CONTACTS): Promise<string> {
  const id = await publishResource(h.app, h.ws.keys.testSecret, 'importer', 'importers', { name: 'Contacts', config });
  return dataOf<{ id: string }>(await call(h.app, 'POST', '/importer/api/v1/sessions', { key: h.ws.keys.testPublishable, body: { importerId: id } })).id;
}

const upload = (h: Harness, sessionId: string, chunk: number, rows: UploadedRow[]) =>
  call(h.app, 'POST', `/importer/api/v1/sessions/${sessionId}/rows`, { key: h.ws.keys.testPublishable, body: { chunk, rows } });
const complete = (h: Harness, sessionId: string, mapping: Record<string, string> = { email: 'E-mail' }) =>
  call(h.app, 'POST', `/importer/api/v1/sessions/${sessionId}/complete`, { key: h.ws.keys.testPublishable, body: { mapping, rowCount: 0, errorCount: 0 } });
const counts = async (h: Harness, sessionId: string) => {
  const done = dataOf<{ rowCount: number; errorCount: number }>(await complete(h, sessionId));
  return { rowCount: done.rowCount, errorCount: done.errorCount };
};
const emails = (from: number, count: number): UploadedRow[] => Array.from({ length: count }, (_, i) => ({ email: `u${from + i}@example.com` }));

// A row `{"email":"uN@example.com"}` is about 27 bytes stored: 5 such rows fit in 200 bytes.
const capped = await harness({ importSessionMaxRows: 5, importSessionMaxBytes: 200 });
const daily = await harness({ importDailyMaxRows: 6 });
const plain = await harness();

describe('upload caps per session', () => {
  const h = capped;

  it('refuses a chunk that takes the session past its rows with 413, storing nothing of it', async () => {
    const session = await openSession(h);
    dataOf(await upload(h, session, 0, emails(0, 3)));
    const refused = await upload(h, session, 1, emails(3, 3));
    expect(refused.statusCode).toBe(413);
    const error = errorOf(refused);
    expect(error).toMatchObject({ type: 'too_large', code: 'session_upload_limit', param: 'rows' });
    expect(error.message).toContain('limit of 5');
    expect(error.message).toContain('importSessionMaxRows');
    expect(await readUploadedChunk(h.storage, session, 0)).toBeUndefined();
    expect(await counts(h, session)).toEqual({ rowCount: 3, errorCount: 0 });
  });

  it('refuses a chunk that takes the session past its bytes, naming the option', async () => {
    const session = await openSession(h);
    dataOf(await upload(h, session, 0, [{ email: `${'a'.repeat(60)}@example.com` }, { email: `${'b'.repeat(60)}@example.com` }]));
    const refused = await upload(h, session, 1, [{ email: `${'c'.repeat(60)}@example.com` }]);
    expect(refused.statusCode).toBe(413);
    expect(errorOf(refused)).toMatchObject({ type: 'too_large', code: 'session_upload_limit', param: 'rows' });
    expect(errorOf(refused).message).toContain('importSessionMaxBytes');
    expect(await readUploadedChunk(h.storage, session, 0)).toBeUndefined();
    expect(await counts(h, session)).toEqual({ rowCount: 2, errorCount: 0 });
  });

  it('counts a chunk sent again once: it replaces the first, in the caps and at completion', async () => {
    const session = await openSession(h);
    dataOf(await upload(h, session, 0, emails(0, 3)));
    // Counted twice, 3 + 3 rows would pass the cap of 5.
    dataOf(await upload(h, session, 0, [...emails(0, 2), { email: 'not-an-email' }]));
    dataOf(await upload(h, session, 1, emails(10, 2)));
    expect((await readUploadedChunk(h.storage, session))?.rows).toEqual([...emails(0, 2), { email: 'not-an-email' }]);
    expect(await counts(h, session)).toEqual({ rowCount: 5, errorCount: 1 });
  });
});

describe('upload caps per workspace and day', () => {
  const h = daily;

  it('adds up every session of the workspace, and refuses past the day’s rows', async () => {
    const first = await openSession(h);
    const second = await openSession(h);
    dataOf(await upload(h, first, 0, emails(0, 4)));
    const refused = await upload(h, second, 0, emails(10, 3));
    expect(refused.statusCode).toBe(413);
    expect(errorOf(refused)).toMatchObject({ type: 'too_large', code: 'daily_upload_limit', param: 'rows' });
    expect(errorOf(refused).message).toContain('importDailyMaxRows');
    expect(await readUploadedChunk(h.storage, second)).toBeUndefined();
    dataOf(await upload(h, second, 0, emails(10, 2)));
    expect((await upload(h, second, 1, emails(20, 1))).statusCode).toBe(413);
    // Another workspace has its own day.
    const theirs = await openSession({ ...h, ws: h.other });
    dataOf(await upload({ ...h, ws: h.other }, theirs, 0, emails(0, 6)));
  });

  it('prunes day figures older than yesterday', async () => {
    await pruneUploadedRows(h.storage, new Date(Date.now() + 2 * 24 * 3600_000 + 1000));
    const left = await h.storage.db.selectFrom('import_upload_days').select('day').execute();
    expect(left).toEqual([]);
  });
});

describe('counting uploads chunk by chunk', () => {
  const h = plain;

  it('counts a unique value repeated in a later chunk as invalid, whichever chunk arrives first', async () => {
    const session = await openSession(h);
    dataOf(await upload(h, session, 1, [{ email: 'Ann@example.com' }, { email: 'bob@example.com' }]));
    dataOf(await upload(h, session, 0, [{ email: 'ann@example.com' }]));
    expect(await counts(h, session)).toEqual({ rowCount: 3, errorCount: 1 });
  });

  it('gives the same counts as validating the whole file at once, retries and out-of-order chunks included', async () => {
    const chunks: UploadedRow[][] = [
      [
        { email: 'a@example.com', customerId: 'C1', amount: 10 },
        { email: 'b@example.com', customerId: 'C2', amount: 'ten' },
        { email: 'not-an-email', customerId: 'C3' },
        { customerId: 'C4', amount: 1 },
      ],
      [
        { email: 'A@example.com', customerId: 'C5' }, // repeats row 0's email
        { email: 'c@example.com', customerId: 'C2' }, // repeats row 1's key; row 1 has its own error
        { email: 'b@example.com', customerId: 'C9', amount: 'x' }, // repeat and own error: one invalid row
        { email: 'd@example.com', customerId: 'C3', amount: 2.5 }, // repeats a key of an invalid row
      ],
      [
        { email: 'e@example.com', customerId: 'C10' },
        { email: 'e@example.com', customerId: 'C10' }, // repeats within the chunk
        { email: 'f@example.com', customerId: 'C1', amount: '3' },
        { email: 'g@example.com', customerId: 'C11', amount: true },
      ],
    ];
    const session = await openSession(h);
    dataOf(await upload(h, session, 2, chunks[2]!));
    dataOf(await upload(h, session, 1, [{ email: 'a@example.com' }])); // replaced below
    dataOf(await upload(h, session, 0, chunks[0]!));
    dataOf(await upload(h, session, 1, chunks[1]!));
    const whole = validateUploadedRows(CONTACTS, chunks.flat());
    expect(whole.invalidRowCount).toBeGreaterThan(4); // a fixture that exercises every path
    expect(await counts(h, session)).toEqual({ rowCount: whole.rowCount, errorCount: whole.invalidRowCount });
  });

  it('refuses a required field keyed like a prototype member when it is not mapped', async () => {
    const session = await openSession(h, {
      fields: [
        { key: 'email', label: 'Email', type: 'email' },
        { key: 'constructor', label: 'Constructor', type: 'string', required: true },
      ],
    });
    const refused = errorOf(await complete(h, session, { email: 'E-mail' }));
    expect(refused).toMatchObject({ code: 'parameter_invalid', param: 'mapping' });
    expect(refused.message).toContain('constructor');
  });

  it('deletes the keys of a session when it completes, and of expired sessions when pruned', async () => {
    const keysOf = async (id: string) => (await h.storage.db.selectFrom('import_row_keys').select('row').where('session_id', '=', id).execute()).length;
    const completed = await openSession(h);
    dataOf(await upload(h, completed, 0, emails(0, 3)));
    expect(await keysOf(completed)).toBe(3);
    await counts(h, completed);
    expect(await keysOf(completed)).toBe(0);
    const expired = await openSession(h);
    dataOf(await upload(h, expired, 0, emails(0, 2)));
    await pruneUploadedRows(h.storage, new Date());
    expect(await keysOf(expired)).toBe(2);
    await pruneUploadedRows(h.storage, new Date(Date.now() + 24 * 3600_000 + 1000));
    expect(await keysOf(expired)).toBe(0);
    expect(await readUploadedChunk(h.storage, expired)).toBeUndefined();
  });
});

describe('stored pieces of an upload', () => {
  const h = plain;

  it('keeps only the current upload of a chunk: a replaced upload leaves no parts or keys, and the rows read back whole', async () => {
    const session = await openSession(h);
    // About 540,000 characters: the rows are stored in more than one piece.
    const long = 'é😀'.repeat(3_000);
    const rows = (tag: string) => Array.from({ length: 60 }, (_, i) => ({ email: `${tag}${i}@example.com`, customerId: `${tag}-${long}-${i}` }));
    dataOf(await upload(h, session, 0, rows('first')));
    dataOf(await upload(h, session, 0, rows('second')));
    const uploads = await h.storage.db.selectFrom('import_row_parts').select('upload_id').distinct().where('session_id', '=', session).execute();
    expect(uploads).toHaveLength(1);
    const parts = await h.storage.db.selectFrom('import_row_parts').select('part').where('session_id', '=', session).execute();
    expect(parts.length).toBeGreaterThan(1);
    const keyUploads = await h.storage.db.selectFrom('import_row_keys').select('upload_id').distinct().where('session_id', '=', session).execute();
    expect(keyUploads).toEqual(uploads);
    expect((await readUploadedChunk(h.storage, session, -1))?.rows).toEqual(rows('second'));
    expect(await counts(h, session)).toEqual({ rowCount: 60, errorCount: 0 });
  });
});

