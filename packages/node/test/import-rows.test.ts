/**
 * `inlay.importer.sessions` against a real server (the built `inlay` CLI): rows a browser
 * uploaded with the publishable key, read back across pages and acknowledged with the secret key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Inlay, InlayConflictError, InlayNotFoundError, isExtraObject, type RowExtra, type SessionRow } from '../src/index.js';
import { startInlayServer, type InlayServer } from './server.js';

let server: InlayServer;
let inlay: Inlay;

beforeAll(async () => {
  server = await startInlayServer();
  inlay = new Inlay({ secretKey: server.keys.testSecret, baseUrl: server.origin });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

/** A publishable-key call, as the widget makes it. */
async function browser(path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${server.origin}/importer${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.keys.testPublishable}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { data: Record<string, unknown> };
  if (!response.ok) throw new Error(JSON.stringify(json));
  return json.data;
}

const rowsOf = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ email: `u${from + i}@example.com`, n: from + i }));

/** A completed session whose rows came in `chunks` chunks of `size`, sent last chunk first. */
async function uploadedSession(chunks: number, size: number): Promise<string> {
  const created = await inlay.importer.importers.create({ name: 'Contacts' });
  const config = { fields: [{ key: 'email', label: 'Email', type: 'email' as const, required: true }, { key: 'n', label: 'N', type: 'number' as const }], delivery: 'server' as const };
  await inlay.importer.importers.updateDraft(created.importerId, { name: 'Contacts', config });
  await inlay.importer.importers.publish(created.importerId);
  const session = await browser('/api/v1/sessions', { importerId: created.importerId });
  const id = session['id'] as string;
  for (let chunk = chunks - 1; chunk >= 0; chunk--) await browser(`/api/v1/sessions/${id}/rows`, { chunk, rows: rowsOf(chunk * size, size) });
  await browser(`/api/v1/sessions/${id}/complete`, { mapping: { email: 'Email', n: 'N' }, rowCount: chunks * size, errorCount: 0 });
  return id;
}

describe('inlay.importer.sessions', () => {
  it('reads the unmapped cells of an importer that keeps them as each row’s extra, typed header to text', async () => {
    const created = await inlay.importer.importers.create({ name: 'Contacts kept' });
    const fields = [{ key: 'email', label: 'Email', type: 'email' as const, required: true }];
    await inlay.importer.importers.updateDraft(created.importerId, { name: 'Contacts kept', config: { fields, delivery: 'server', unmappedColumns: 'keep' } });
    await inlay.importer.importers.publish(created.importerId);
    const id = (await browser('/api/v1/sessions', { importerId: created.importerId }))['id'] as string;
    await browser(`/api/v1/sessions/${id}/rows`, { chunk: 0, rows: [{ email: 'ann@example.com', extra: { 'address.city': 'Cork', Notes: '' } }] });
    await browser(`/api/v1/sessions/${id}/complete`, { mapping: { email: 'Email' }, rowCount: 1, errorCount: 0 });
    const rows: SessionRow[] = [];
    for await (const row of inlay.importer.sessions.rows(id)) rows.push(row);
    const extra: RowExtra | undefined = isExtraObject(rows[0]?.extra) ? rows[0]?.extra : undefined;
    expect(extra).toEqual({ 'address.city': 'Cork', Notes: '' });
    expect(rows).toEqual([{ email: 'ann@example.com', extra: { 'address.city': 'Cork', Notes: '' } }]);
  });

  it('iterates every row across pages in file order, whatever the page size', async () => {
    const id = await uploadedSession(4, 7);
    for (const limit of [3, 7, 10, undefined]) {
      const rows = [];
      for await (const row of inlay.importer.sessions.rows(id, limit === undefined ? {} : { limit })) rows.push(row);
      expect(rows, `limit ${limit}`).toEqual(rowsOf(0, 28));
    }
    const first = await inlay.importer.sessions.rows(id, { limit: 5 });
    expect(first.items).toEqual(rowsOf(0, 5));
    // Typed as the route's page, `firstRow` included (the typecheck fails without it).
    expect(first.firstRow).toBe(0);
    const rest = await inlay.importer.sessions.rows(id, { limit: 100, cursor: first.nextCursor ?? '' });
    expect(rest).toMatchObject({ items: rowsOf(5, 23), firstRow: 5, nextCursor: null });
  });

  it('acknowledges: the rows are gone, reading again is rows_acknowledged, acknowledging again answers the first', async () => {
    const id = await uploadedSession(2, 3);
    const ack = await inlay.importer.sessions.acknowledge(id);
    expect(ack).toMatchObject({ object: 'import_rows_acknowledgement', sessionId: id });
    const again = await inlay.importer.sessions.rows(id).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(again).toBeInstanceOf(InlayConflictError);
    expect(again).toMatchObject({ code: 'rows_acknowledged' });
    expect(await inlay.importer.sessions.acknowledge(id)).toEqual(ack);
  });

  it('is scoped to the key: the live key and a publishable key get no rows', async () => {
    const id = await uploadedSession(1, 2);
    const live = new Inlay({ secretKey: server.keys.liveSecret, baseUrl: server.origin });
    await expect(live.importer.sessions.rows(id)).rejects.toBeInstanceOf(InlayNotFoundError);
    const response = await fetch(`${server.origin}/importer/api/v1/sessions/${id}/rows`, { headers: { authorization: `Bearer ${server.keys.testPublishable}` } });
    expect(response.status).toBe(403);
  });
});
