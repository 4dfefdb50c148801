import type { Db } from '../../db/connect.js';
import { nowIso } from '../../db/ids.js';
import { trendingScore } from './trending.js';
import { POST_COLUMNS, type PostRow } from './posts.js';

/**
 * Post writes only operators make (the CLI, the dashboard): looking a post up by id alone,
 * moving votes, counting them again, deleting. Each takes the transaction it runs in.
 */

/** A post by id, in whichever workspace, mode and board it lives. */
export function findPostById(db: Db, id: string): Promise<PostRow | undefined> {
  return db.selectFrom('posts').select(POST_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/**
 * Copies every vote of `fromId` onto `toId`; an author who voted for both keeps the one vote
 * (the primary key (post, author) makes the copy a no-op). Answers how many votes were added.
 */
export async function copyVotes(db: Db, fromId: string, toId: string): Promise<number> {
  const result = await db.insertInto('votes')
    .columns(['post_id', 'author_key', 'created_at'])
    .expression((eb) => eb.selectFrom('votes').select([eb.val(toId).as('post_id'), 'author_key', 'created_at']).where('post_id', '=', fromId))
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

export async function countVotes(db: Db, postId: string): Promise<number> {
  const row = await db.selectFrom('votes').select((eb) => eb.fn.countAll<number>().as('n')).where('post_id', '=', postId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Sets the stored `vote_count` to the post's votes and `trending_score` to what that count gives
 * (feedback/trending.ts): the ranked lists read both, and trending lists rely on the score
 * matching its definition (docs/decisions.md).
 */
export async function recountVotes(db: Db, post: Pick<PostRow, 'id' | 'created_at'>): Promise<{ voteCount: number; trendingScore: number }> {
  const voteCount = await countVotes(db, post.id);
  const score = trendingScore(voteCount, post.created_at);
  await db.updateTable('posts').set({ vote_count: voteCount, trending_score: score, updated_at: nowIso() }).where('id', '=', post.id).execute();
  return { voteCount, trendingScore: score };
}

/** Deletes a post; its votes go by the foreign key's cascade and its search entry by trigger (migration 0003). */
export async function deletePostRow(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('posts').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
