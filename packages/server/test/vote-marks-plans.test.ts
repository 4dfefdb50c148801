import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Param, Statement } from '../src/db/statements.js';
import { call, createResource, dataOf, harness, onPostgres } from './helpers.js';
import { planOf } from './plans.js';

// A list page's `voted` flags read the reader's votes through `votes_author` (migration 0025).
// They must do so however the statement is planned, and before the table has statistics: on
// PostgreSQL a prepared statement gets one plan for any values after five runs, and a fresh
// board's votes are not analyzed for a while. As `author_key IN (…) LIMIT n`, that plan was a
// sequential scan of every vote (78 ms at 475,000 votes) on every list page.
describe("a reader's votes are read through votes_author", async () => {
  const h = await harness();
  const key = h.ws.keys.testSecret;
  const boardId = await createResource(h.app, key, 'feedback', 'boards');
  dataOf(await call(h.app, 'PATCH', `/feedback/api/v1/boards/${boardId}`, { key, body: { name: 'Ideas', config: {} } }));
  dataOf(await call(h.app, 'POST', `/feedback/api/v1/boards/${boardId}`, { key, body: { action: 'publish' } }));
  const postId = dataOf<{ id: string }>(await call(h.app, 'POST', '/feedback/api/v1/posts', { key: h.ws.keys.testPublishable, body: { boardId, title: 'Popular', author: { id: 'user_1' } } })).id;
  // Many votes, and no ANALYZE since: the planner knows nothing of them.
  await sql`INSERT INTO votes (post_id, author_key, created_at) SELECT ${postId}, 'u:voter_' || n, '2026-01-01T00:00:00.000Z' FROM ${sql.raw(onPostgres ? 'generate_series(1, 50000) AS g(n)' : '(WITH RECURSIVE g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g WHERE n < 50000) SELECT n FROM g)')}`.execute(h.storage.db);
  const statement = h.storage.compile((p: Param<'authorKeys' | 'limit'>) => h.storage.sql.authorVotes(h.storage.db, p('authorKeys'), p('limit'))) as Statement<string, unknown>;

  it('in the plan the statement gets for any values', async () => {
    const plan = await planOf(h.storage, statement, { authorKeys: JSON.stringify(['u:reader', 'a:reader']), limit: 101 });
    expect(plan).toContain('votes_author');
    expect(plan).not.toContain('Seq Scan on votes');
  });
});
