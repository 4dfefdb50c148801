import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Statement } from '../src/db/statements.js';
import { progressStatements } from '../src/repositories/onboarding/progress-store.js';
import { createResource, harness, type Harness, onPostgres } from './helpers.js';
import { planOf } from './plans.js';

// A progress read or write names its row by all five columns of whose progress it is, and must
// seek it by all of them however it is planned. On PostgreSQL a prepared statement keeps one plan
// for any values after five runs, made from the statistics of the moment: on a fresh table an
// index on fewer of the columns looked as cheap, and the plan walked every user of the flow
// (migration 0027: workspace, mode and flow) or of the workspace (migration 0031: workspace
// alone) on each write, until autovacuum's ANALYZE, up to a minute later, replanned it.

/** The columns that name one user's progress. */
const IDENTITY = ['workspace_id', 'flow_id', 'mode', 'workspace_key', 'user_id'];

/** The index condition of the plan's scan of `progress`: PostgreSQL's `Index Cond`, SQLite's `USING … INDEX name (…)`. */
function indexCondition(plan: string): string {
  const condition = onPostgres ? /Index Cond: (.*)/.exec(plan)?.[1] : /USING (?:COVERING )?INDEX \S+ \((.*)\)/.exec(plan)?.[1];
  expect(condition, plan).toBeDefined();
  return condition ?? '';
}

/** The plan seeks the row by every identity column it indexes, the four of `progress_identity` at least. */
function expectSeek(plan: string): void {
  const condition = indexCondition(plan);
  const sought = IDENTITY.filter((column) => condition.includes(onPostgres ? `${column} = ` : `${column}=?`));
  expect(sought, plan).toEqual(expect.arrayContaining(['flow_id', 'mode', 'workspace_key', 'user_id']));
}

async function plans(h: Harness, flowId: string): Promise<{ read: string; write: string }> {
  const statements = progressStatements(h.storage);
  const key = { workspaceId: h.ws.id, mode: 'test', flowId, workspaceKey: '', userId: 'user_7' };
  const stored = { revisionId: 'rev_1', items: '[]', startedAt: null, completedAt: null, dismissedAt: null, snoozedUntil: null, updatedAt: null };
  return {
    read: await planOf(h.storage, statements.find as Statement<string, unknown>, key),
    write: await planOf(h.storage, statements.update as Statement<string, unknown>, { ...key, ...stored, version: 0, nextVersion: 1 }),
  };
}

describe("one user's progress is sought by whose progress it is", () => {
  describe('on a table with no rows yet, as a new server plans its first writes', async () => {
    const h = await harness();
    const flowId = await createResource(h.app, h.ws.keys.testSecret, 'onboarding', 'flows');
    const planned = await plans(h, flowId);

    it('when it reads the row', () => {
      expectSeek(planned.read);
    });

    it('when it writes the row', () => {
      expectSeek(planned.write);
    });
  });

  describe('with 20,000 users of one flow and no statistics', async () => {
    const h = await harness();
    const flowId = await createResource(h.app, h.ws.keys.testSecret, 'onboarding', 'flows');
    const users = onPostgres ? 'generate_series(1, 20000) AS g(n)' : '(WITH RECURSIVE g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g WHERE n < 20000) SELECT n FROM g)';
    await sql`INSERT INTO progress (id, workspace_id, mode, flow_id, workspace_key, user_id, revision_id, items, created_at, version)
      SELECT 'prg_' || n, ${h.ws.id}, 'test', ${flowId}, '', 'user_' || n, 'rev_1', '[]', '2026-01-01T00:00:00.000Z', 0 FROM ${sql.raw(users)}`.execute(h.storage.db);
    const planned = await plans(h, flowId);

    it('when it reads the row', () => {
      expectSeek(planned.read);
    });

    it('when it writes the row', () => {
      expectSeek(planned.write);
    });
  });
});
