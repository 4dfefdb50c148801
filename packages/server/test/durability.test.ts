import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/connect.js';
import { initWorkspace } from '../src/workspace-setup.js';
import { call, createResource, dataOf, harness, SAMPLE_CONFIGS, tempDir } from './helpers.js';

describe('concurrent draft saves', () => {
  it('lose no revision: 40 parallel PATCHes make 40 numbered revisions', async () => {
    const h = await harness();
    const key = h.ws.keys.testSecret;
    const id = await createResource(h.app, key, 'onboarding', 'flows');
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(h.app, 'PATCH', `/onboarding/api/v1/flows/${id}`, {
          key,
          body: { name: `v${i}`, config: { items: [{ id: `item${i}`, title: `Step ${i}` }] } },
        }),
      ),
    );
    const revisionIds = responses.map((response) => dataOf<{ revisionId: string }>(response).revisionId);
    expect(new Set(revisionIds).size).toBe(40);
    const record = dataOf<{ revisionCount: number; revisions: { id: string; number: number; name: string }[]; draft: { name: string; revisionId: string } }>(
      await call(h.app, 'GET', `/onboarding/api/v1/flows/${id}`, { key }),
    );
    expect(record.revisionCount).toBe(41);
    expect(record.revisions.map((r) => r.number)).toEqual(Array.from({ length: 41 }, (_, i) => 41 - i));
    for (const revisionId of revisionIds) expect(record.revisions.some((r) => r.id === revisionId)).toBe(true);
    // The draft is the revision numbered last.
    expect(record.draft.revisionId).toBe(record.revisions[0]?.id);
    expect(record.draft.name).toBe(record.revisions[0]?.name);
  });
});

describe('restart on the same file', () => {
  it('keeps workspaces, keys, drafts, revisions, published configs and usage', async () => {
    const dbPath = join(tempDir(), 'restart.db');
    const storage = await openDatabase(dbPath);
    const { keys } = await initWorkspace(storage, 'Durable');
    await storage.close();

    const first = await buildApp({ db: dbPath, logger: false });
    const id = await createResource(first, keys.testSecret, 'importer', 'importers', 'Contacts');
    dataOf(await call(first, 'PATCH', `/importer/api/v1/importers/${id}`, { key: keys.testSecret, body: { name: 'Contacts v2', config: SAMPLE_CONFIGS.importer } }));
    dataOf(await call(first, 'POST', `/importer/api/v1/importers/${id}`, { key: keys.testSecret, body: { action: 'publish' } }));
    dataOf(await call(first, 'GET', `/importer/api/v1/config/${id}`, { key: keys.testPublishable }));
    const before = dataOf(await call(first, 'GET', `/importer/api/v1/importers/${id}`, { key: keys.testSecret }));
    await first.close();

    const second = await buildApp({ db: dbPath, logger: false });
    try {
      expect(dataOf(await call(second, 'GET', `/importer/api/v1/importers/${id}`, { key: keys.testSecret }))).toEqual(before);
      const config = dataOf<{ name: string; config: unknown }>(await call(second, 'GET', `/importer/api/v1/config/${id}`, { key: keys.testPublishable }));
      expect(config).toMatchObject({ name: 'Contacts v2', config: SAMPLE_CONFIGS.importer });
      const usage = dataOf<{ totals: Record<string, number> }>(await call(second, 'GET', '/importer/api/v1/usage', { key: keys.testSecret }));
      expect(usage.totals.configFetches).toBe(2);
    } finally {
      await second.close();
    }
  });
});
