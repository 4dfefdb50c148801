import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Statement } from '../src/db/statements.js';
import { commentPageStatements } from '../src/repositories/feedback/comments.js';
import { call, dataOf, harness, type Harness, onPostgres, publishBoardWith } from './helpers.js';
import { planOf } from './plans.js';

// A page of a post's comments is read in the order of an index (post, thread, comment): the first
// 20 of a post with 10,000 comments are 20 index entries, not 10,000 rows sorted. On PostgreSQL
// a prepared statement keeps one plan for any values, made from the statistics of the moment:
// with none yet, an index on (workspace, post) matched more of the conditions than the ordered
// one and the plan sorted every comment of the post for each page (p95 82 ms at 10,000 comments,
// migration 0032).

async function postIn(h: Harness): Promise<string> {
  const boardId = await publishBoardWith(h.app, h.ws.keys.testSecret);
  const body = { boardId, title: 'Dark mode', author: { id: 'user_1' } };
  return dataOf<{ id: string }>(await call(h.app, 'POST', '/feedback/api/v1/posts', { key: h.ws.keys.testPublishable, body })).id;
}

async function plans(h: Harness, postId: string): Promise<string[]> {
  const { first, after } = commentPageStatements(h.storage);
  const page = { workspaceId: h.ws.id, mode: 'test', postId, limit: 21 };
  return [
    await planOf(h.storage, first as Statement<string, unknown>, page),
    await planOf(h.storage, after as Statement<string, unknown>, { ...page, threadId: 'cmt_5', id: 'cmt_5' }),
  ];
}

/** The plan reads the comments in their order: no sort of its own. */
function expectIndexOrder(plan: string): void {
  if (onPostgres) {
    expect(plan, plan).toMatch(/Index Scan using comments_\w+ on comments/);
    expect(plan, plan).not.toMatch(/\bSort\b/);
  } else {
    expect(plan, plan).toMatch(/USING INDEX comments_\w+/);
    expect(plan, plan).not.toContain('TEMP B-TREE');
  }
}

describe("a page of a post's comments is read in the order of an index", () => {
  describe('on a table with no rows yet', async () => {
    const h = await harness();
    const planned = await plans(h, await postIn(h));

    it('the first page and the next', () => {
      for (const plan of planned) expectIndexOrder(plan);
    });
  });

  describe('with 10,000 comments on one post and no statistics', async () => {
    const h = await harness();
    const postId = await postIn(h);
    const comments = onPostgres ? 'generate_series(1, 10000) AS g(n)' : '(WITH RECURSIVE g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g WHERE n < 10000) SELECT n FROM g)';
    await sql`INSERT INTO comments (id, workspace_id, mode, board_id, post_id, thread_id, body, author_key, author_id, author_anonymous, team, created_at)
      SELECT 'cmt_' || n, ${h.ws.id}, 'test', (SELECT board_id FROM posts WHERE id = ${postId}), ${postId}, 'cmt_' || n, 'Yes please', 'anon:u', 'u', 1, 0, '2026-01-01T00:00:00.000Z'
      FROM ${sql.raw(comments)}`.execute(h.storage.db);
    const planned = await plans(h, postId);

    it('the first page and the next', () => {
      for (const plan of planned) expectIndexOrder(plan);
    });
  });
});
