import { describe, expect, it } from 'vitest';
import { pruneUploadedRows } from '../src/repositories/importer/upload-chunks.js';
import { createEndpoint } from '../src/webhooks/endpoints.js';
import { webhookDb } from '../src/webhooks/tables.js';
import { call, dataOf, errorOf, harness, publishResource } from './helpers.js';

// Pages of at most 1 KiB of stored rows here, so the byte budget is exercised with small chunks.
const h = await harness({ importRowsPageMaxBytes: 1024 });
const secret = h.ws.keys.testSecret;
const pub = h.ws.keys.testPublishable;

const CONFIG = {
  fields: [
    { key: 'email', label: 'Email', type: 'email', required: true, unique: true },
    { key: 'n', label: 'N', type: 'number' },
  ],
  delivery: 'server',
};

const publishImporter = (config: unknown = CONFIG) => publishResource(h.app, secret, 'importer', 'importers', { name: 'Contacts', config });

const rowsOf = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ email: `u${from + i}@example.com`, n: from + i }));
const open = async (importerId: string) => dataOf<{ id: string }>(await call(h.app, 'POST', '/importer/api/v1/sessions', { key: pub, body: { importerId } })).id;
const upload = (id: string, chunk: number, rows: unknown[]) => call(h.app, 'POST', `/importer/api/v1/sessions/${id}/rows`, { key: pub, body: { chunk, rows } });
const complete = (id: string, rowCount: number) =>
  call(h.app, 'POST', `/importer/api/v1/sessions/${id}/complete`, { key: pub, body: { mapping: { email: 'Email', n: 'N' }, rowCount, errorCount: 0 } });
const page = (id: string, query = '', key = secret) => call(h.app, 'GET', `/importer/api/v1/sessions/${id}/rows${query}`, { key });
const acknowledge = (id: string, key = secret) => call(h.app, 'POST', `/importer/api/v1/sessions/${id}/acknowledge`, { key });

interface Page {
  items: { email: string; n: number }[];
  firstRow: number;
  nextCursor: string | null;
}

/** Every page from the start with `limit`, following nextCursor. */
async function readAll(id: string, limit: number): Promise<Page[]> {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `?limit=${limit}${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`;
    const next = dataOf<Page>(await page(id, query));
    pages.push(next);
    cursor = next.nextCursor;
  } while (cursor !== null && pages.length < 100);
  return pages;
}

/** A completed session of three chunks (4, 3 and 5 rows), uploaded out of order. */
async function completedSession(): Promise<{ id: string; rows: ReturnType<typeof rowsOf> }> {
  const id = await open(await publishImporter());
  dataOf(await upload(id, 2, rowsOf(7, 5)));
  dataOf(await upload(id, 0, rowsOf(0, 4)));
  dataOf(await upload(id, 1, rowsOf(4, 3)));
  dataOf(await complete(id, 12));
  return { id, rows: rowsOf(0, 12) };
}

const count = async (table: 'import_rows' | 'import_row_parts' | 'import_row_keys', sessionId: string) =>
  Number((await h.storage.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('session_id', '=', sessionId).executeTakeFirstOrThrow()).n);

describe('server delivery: reading rows', () => {
  it("serves every row once, in the file's order, whatever the page size, with each page's first row", async () => {
    const { id, rows } = await completedSession();
    for (const limit of [1, 2, 3, 5, 12, 1000]) {
      const pages = await readAll(id, limit);
      expect(pages.flatMap((p) => p.items), `limit ${limit}`).toEqual(rows);
      let first = 0;
      for (const p of pages) {
        expect(p.firstRow).toBe(first);
        expect(p.items.length).toBeLessThanOrEqual(limit);
        expect(p.items.length).toBeGreaterThan(0);
        first += p.items.length;
      }
      expect(pages.at(-1)?.nextCursor).toBeNull();
    }
  });

  it('ends a page at a chunk boundary once the byte budget is spent', async () => {
    const id = await open(await publishImporter());
    // Each chunk of 10 rows is about 400 bytes: a 1 KiB page takes three chunks, not all five.
    for (let chunk = 0; chunk < 5; chunk++) dataOf(await upload(id, chunk, rowsOf(chunk * 10, 10)));
    dataOf(await complete(id, 50));
    const first = dataOf<Page>(await page(id, '?limit=5000'));
    expect(first.items).toEqual(rowsOf(0, 30));
    expect(first.nextCursor).not.toBeNull();
    const second = dataOf<Page>(await page(id, `?limit=5000&cursor=${first.nextCursor}`));
    expect(second).toEqual({ items: rowsOf(30, 20), firstRow: 30, nextCursor: null });
  });

  it('refuses a cursor it did not answer and a limit past 5,000', async () => {
    const { id } = await completedSession();
    expect(errorOf(await page(id, '?cursor=abc'))).toMatchObject({ code: 'parameter_invalid', param: 'cursor' });
    expect(errorOf(await page(id, '?limit=5001'))).toMatchObject({ code: 'parameter_invalid', param: 'limit' });
  });

  it("takes the secret key only: the publishable key is refused, and a browser's key cannot acknowledge", async () => {
    const { id } = await completedSession();
    const read = await page(id, '', pub);
    expect(read.statusCode).toBe(403);
    expect(errorOf(read).code).toBe('wrong_key_kind');
    const ack = await acknowledge(id, pub);
    expect(ack.statusCode).toBe(403);
    expect(await count('import_row_parts', id)).toBeGreaterThan(0);
    // The secret routes send no CORS headers: no browser may read their answers.
    const fromPage = await call(h.app, 'GET', `/importer/api/v1/sessions/${id}/rows`, { key: secret, headers: { origin: 'https://app.example.com' } });
    expect(fromPage.statusCode).toBe(200);
    expect(fromPage.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("answers 404 to another workspace's secret key and to the other mode's", async () => {
    const { id } = await completedSession();
    for (const key of [h.other.keys.testSecret, h.ws.keys.liveSecret]) {
      expect(errorOf(await page(id, '', key)).code).toBe('not_found');
      expect(errorOf(await acknowledge(id, key)).code).toBe('not_found');
    }
    expect(await count('import_row_parts', id)).toBeGreaterThan(0);
  });

  it('serves rows only once the session completes', async () => {
    const id = await open(await publishImporter());
    dataOf(await upload(id, 0, rowsOf(0, 2)));
    const read = await page(id);
    expect(read.statusCode).toBe(409);
    expect(errorOf(read).code).toBe('session_not_completed');
    expect(errorOf(await acknowledge(id)).code).toBe('session_not_completed');
  });
});

describe('server delivery: acknowledgement and expiry', () => {
  it('deletes the rows, parts and keys when acknowledged; reading again is 409 rows_acknowledged; acknowledging again answers the first time', async () => {
    const { id } = await completedSession();
    const first = dataOf<{ acknowledgedAt: string }>(await acknowledge(id));
    expect(first).toMatchObject({ object: 'import_rows_acknowledgement', sessionId: id });
    for (const table of ['import_rows', 'import_row_parts', 'import_row_keys'] as const) expect(await count(table, id), table).toBe(0);
    const read = await page(id);
    expect(read.statusCode).toBe(409);
    expect(read.json()).toMatchObject({ error: { code: 'rows_acknowledged', current: first } });
    expect(dataOf(await acknowledge(id))).toEqual(first);
  });

  it('refuses a body field or a query on the acknowledgement, which takes none, and keeps the rows', async () => {
    const { id, rows } = await completedSession();
    for (const [query, body, param] of [['', { purge: true }, 'purge'], ['?keep=1', undefined, 'keep']] as const) {
      const refused = await call(h.app, 'POST', `/importer/api/v1/sessions/${id}/acknowledge${query}`, { key: secret, body });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(errorOf(refused)).toMatchObject({ code: 'parameter_unknown', param });
    }
    const array = await call(h.app, 'POST', `/importer/api/v1/sessions/${id}/acknowledge`, { key: secret, body: [] });
    expect(errorOf(array).code).toBe('parameter_invalid');
    expect(dataOf<Page>(await page(id)).items).toEqual(rows);
    // No body, or an empty object, is an acknowledgement.
    expect(dataOf(await call(h.app, 'POST', `/importer/api/v1/sessions/${id}/acknowledge`, { key: secret, body: {} }))).toMatchObject({ sessionId: id });
  });

  it('stops serving rows 24 hours after the session opened, and pruning then deletes them', async () => {
    const { id } = await completedSession();
    await pruneUploadedRows(h.storage, new Date());
    expect(await count('import_row_parts', id)).toBeGreaterThan(0);
    const past = new Date(Date.now() - 1000).toISOString();
    await h.storage.db.updateTable('import_sessions').set({ expires_at: past }).where('id', '=', id).execute();
    const read = await page(id);
    expect(read.statusCode).toBe(409);
    expect(errorOf(read).code).toBe('session_expired');
    await pruneUploadedRows(h.storage, new Date());
    for (const table of ['import_rows', 'import_row_parts', 'import_row_keys'] as const) expect(await count(table, id), table).toBe(0);
  });

  it('prunes an expired session that never completed, half-written parts included', async () => {
    const id = await open(await publishImporter());
    dataOf(await upload(id, 0, rowsOf(0, 3)));
    // A part an upload left behind when the server stopped before its chunk row was written.
    await h.storage.db.insertInto('import_row_parts').values({ session_id: id, chunk: 1, upload_id: 'upl_lost', part: 0, rows: '[' }).execute();
    await pruneUploadedRows(h.storage, new Date(Date.now() + 24 * 3600_000 + 1000));
    for (const table of ['import_rows', 'import_row_parts', 'import_row_keys'] as const) expect(await count(table, id), table).toBe(0);
  });
});

describe('server delivery: resuming an upload', () => {
  it('lists the stored chunks to the publishable key, so a client that lost its place continues at the next one', async () => {
    const id = await open(await publishImporter());
    const status = (key = pub) => call(h.app, 'GET', `/importer/api/v1/sessions/${id}/chunks`, { key });
    expect(dataOf(await status())).toEqual({ object: 'import_upload', sessionId: id, status: 'open', chunks: [], rowCount: 0 });
    dataOf(await upload(id, 0, rowsOf(0, 4)));
    dataOf(await upload(id, 1, rowsOf(4, 3)));
    expect(dataOf(await status())).toMatchObject({ chunks: [0, 1], rowCount: 7 });
    expect(errorOf(await status(h.other.keys.testPublishable)).code).toBe('not_found');
    dataOf(await upload(id, 2, rowsOf(7, 5)));
    dataOf(await complete(id, 12));
    expect(dataOf<Page>(await page(id)).items).toEqual(rowsOf(0, 12));
  });

  it('counts a chunk sent twice once, in the session and in the rows served', async () => {
    const id = await open(await publishImporter());
    dataOf(await upload(id, 0, rowsOf(0, 4)));
    dataOf(await upload(id, 1, rowsOf(4, 3)));
    // The answer to chunk 1 was lost: the client sends it again.
    dataOf(await upload(id, 1, rowsOf(4, 3)));
    const completed = dataOf<{ rowCount: number; errorCount: number }>(await complete(id, 7));
    expect(completed).toMatchObject({ rowCount: 7, errorCount: 0 });
    expect(dataOf<Page>(await page(id)).items).toEqual(rowsOf(0, 7));
  });
});

describe('server delivery: the webhook', () => {
  it('says delivery "server" in import_session.completed, and "page" for an importer without it', async () => {
    await createEndpoint(h.storage, { workspaceId: h.ws.id, mode: 'test', url: 'http://127.0.0.1:9/hook', events: ['import_session.completed'] }, { allowPrivateTargets: true });
    const { id } = await completedSession();
    const pageId = await open(await publishImporter({ fields: CONFIG.fields }));
    dataOf(await complete(pageId, 1));
    const bodies = await webhookDb(h.storage.db).selectFrom('webhook_deliveries').select('body').where('type', '=', 'import_session.completed').execute();
    const data = bodies.map((row) => (JSON.parse(row.body) as { data: { sessionId: string; delivery: string } }).data);
    expect(data.find((d) => d.sessionId === id)?.delivery).toBe('server');
    expect(data.find((d) => d.sessionId === pageId)?.delivery).toBe('page');
  });
});
