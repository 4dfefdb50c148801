import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Statement } from '../src/db/statements.js';
import { progressStatements } from '../src/repositories/onboarding/progress-store.js';
import { createResource, harness, onPostgres } from './helpers.js';
import { planOf } from './plans.js';

// A progress read or write names its row by all five columns of whose progress it is. It must
// find the row through the `progress_identity` unique index however it is planned: on
// PostgreSQL a prepared statement keeps one plan for any values after five runs, and before the
// table had statistics that plan took `progress_workspace` (then workspace, mode and flow) and
// walked every user of the flow on each write (migration 0027).
describe("one user's progress is found through progress_identity", async () => {
  const h = await harness();
  const flowId = await createResource(h.app, h.ws.keys.testSecret, 'onboarding', 'flows');
  // Many users of one flow, and no ANALYZE since: the planner knows nothing of them.
  const users = onPostgres ? 'generate_series(1, 20000) AS g(n)' : '(WITH RECURSIVE g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g WHERE n < 20000) SELECT n FROM g)';
  await sql`INSERT INTO progress (id, workspace_id, mode, flow_id, workspace_key, user_id, revision_id, items, created_at, version)
    SELECT 'prg_' || n, ${h.ws.id}, 'test', ${flowId}, '', 'user_' || n, 'rev_1', '[]', '2026-01-01T00:00:00.000Z', 0 FROM ${sql.raw(users)}`.execute(h.storage.db);
  const statements = progressStatements(h.storage);
  const key = { workspaceId: h.ws.id, mode: 'test', flowId, workspaceKey: '', userId: 'user_7' };
  const stored = { revisionId: 'rev_1', items: '[]', startedAt: null, completedAt: null, dismissedAt: null, snoozedUntil: null, updatedAt: null };

  /** The index a plan reads `progress` through: PostgreSQL names it; SQLite names the unique constraint's automatic index by the columns it matches. */
  function expectIdentity(plan: string): void {
    expect(plan).not.toContain('progress_workspace');
    if (onPostgres) expect(plan).toContain('progress_identity');
    else expect(plan).toContain('flow_id=? AND mode=? AND workspace_key=? AND user_id=?');
  }

  it('when it reads the row', async () => {
    expectIdentity(await planOf(h.storage, statements.find as Statement<string, unknown>, key));
  });

  it('when it writes the row', async () => {
    expectIdentity(await planOf(h.storage, statements.update as Statement<string, unknown>, { ...key, ...stored, version: 0, nextVersion: 1 }));
  });
});
