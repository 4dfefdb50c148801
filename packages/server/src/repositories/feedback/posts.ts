import type { KeyMode, PostStatus } from '@inlay/core';
import { type Selectable, type SelectQueryBuilder } from 'kysely';
import { WriteConflict, type Param } from '../../db/statements.js';
import { perStorage } from '../../db/storage.js';
import { KeyedQueue, OPTIMISTIC_ATTEMPTS, RecentRows } from '../../db/optimistic.js';
import type { Storage, Db } from '../../db/connect.js';
import { newId, nowIso } from '../../db/ids.js';
import type { Database, PostsTable } from '../../db/schema.js';

import { PostRowCache } from '../../services/feedback/post-cache.js';
import { trendingScore } from '../../services/feedback/trending.js';
import { oneRange, rangesInOrder, type RowsQuery } from './filtered-lists.js';
import { ReaderVotes } from './reader-votes.js';
import { trendingAfter, trendingIds } from './trending-lists.js';
import { recordEvent } from '../../webhooks/events.js';

export type PostRow = Selectable<PostsTable>;

/**
 * The columns of a post row, named rather than `*`: on PostgreSQL `posts` also holds the stored
 * search columns of migration 0016, which no caller needs (and the row cache would hold).
 */
export const POST_COLUMNS = [
  'id',
  'workspace_id',
  'mode',
  'board_id',
  'title',
  'body',
  'status',
  'vote_count',
  'trending_score',
  'author_key',
  'author_id',
  'author_name',
  'author_anonymous',
  'category_id',
  'comment_count',
  'created_at',
  'updated_at',
] as const satisfies ReadonlyArray<keyof PostsTable>;

/** A board's posts in one mode: test and live posts never mix. */
export interface BoardScope {
  workspaceId: string;
  mode: KeyMode;
  boardId: string;
}

export interface StoredAuthor {
  key: string;
  id: string;
  name: string | null;
  anonymous: boolean;
  /** The author token's `email` claim, if any (stored with votes, for the voters list). */
  email?: string | null;
  /** Speaks for the team: a dashboard member, or an author token with `role: "team"`. */
  team?: boolean;
  /** Named by an author token (its claims are what the voters list shows). */
  viaToken?: boolean;
}

/** What a list keeps of a board's posts: some statuses, one category (docs/feedback.md). */
export interface PostFilter {
  statuses?: readonly PostStatus[] | undefined;
  categoryId?: string | undefined;
}

/** Whether `filter` narrows the list at all. */
export function isFiltered(filter: PostFilter | undefined): filter is PostFilter {
  return filter !== undefined && (filter.statuses !== undefined || filter.categoryId !== undefined);
}

/** `query` narrowed to the posts `filter` keeps (served by the indexes of migration 0020). */
export function narrowed<O>(query: SelectQueryBuilder<Database, 'posts', O>, filter: PostFilter | undefined): SelectQueryBuilder<Database, 'posts', O> {
  let narrow = query;
  if (filter?.categoryId !== undefined) narrow = narrow.where('category_id', '=', filter.categoryId);
  if (filter?.statuses !== undefined) narrow = narrow.where('status', 'in', [...filter.statuses]);
  return narrow;
}

export type RankedSort = 'top' | 'trending';

export async function insertPost(
  storage: Storage,
  scope: BoardScope,
  post: { title: string; body: string; author: StoredAuthor; categoryId?: string | null | undefined },
): Promise<PostRow> {
  const now = nowIso();
  const row: PostRow = {
    id: newId('post'),
    workspace_id: scope.workspaceId,
    mode: scope.mode,
    board_id: scope.boardId,
    title: post.title,
    body: post.body,
    status: 'open',
    vote_count: 0,
    trending_score: trendingScore(0, now),
    author_key: post.author.key,
    author_id: post.author.id,
    author_name: post.author.name,
    author_anonymous: post.author.anonymous ? 1 : 0,
    category_id: post.categoryId ?? null,
    comment_count: 0,
    created_at: now,
    updated_at: now,
  };
  // The webhook outbox row commits with the post, or neither does (docs/webhooks.md).
  await storage.transaction(async (tx) => {
      await tx.db.insertInto('posts').values(row).execute();
      await recordEvent(storage, tx, {
        type: 'post.created',
        objectKey: `post:${row.id}`,
        data: { workspaceId: row.workspace_id, mode: row.mode, postId: row.id, boardId: row.board_id, title: row.title, status: row.status, createdAt: row.created_at },
      });
    });
  return row;
}

/** A post of the scope's workspace and mode (any board). */
const voteStatements = perStorage((storage) => ({
  boardOf: storage.compile((p: Param<'id' | 'workspaceId' | 'mode'>) =>
        storage.db.selectFrom('posts').select(VOTE_COLUMNS).where('id', '=', p('id')).where('workspace_id', '=', p('workspaceId')).where('mode', '=', p('mode'))),
  addVote: storage.compile((p: Param<'postId' | 'authorKey' | 'createdAt' | 'name' | 'email'>) =>
      storage.db.insertInto('votes')
        .values({ post_id: p('postId'), author_key: p('authorKey'), created_at: p('createdAt'), author_name: p('name'), author_email: p('email') })
        .onConflict((oc) => oc.doNothing())),
  removeVote: storage.compile((p: Param<'postId' | 'authorKey'>) =>
      storage.db.deleteFrom('votes').where('post_id', '=', p('postId')).where('author_key', '=', p('authorKey'))),
  // The lists travel as JSON arrays, so one statement serves any number of keys and ids.
  voted: storage.compile((p: Param<'authorKeys' | 'postIds'>) => storage.sql.votedPosts(storage.db, p('authorKeys'), p('postIds'))),
  authorVotes: storage.compile((p: Param<'authorKeys' | 'limit'>) => storage.sql.authorVotes(storage.db, p('authorKeys'), p('limit'))),
  counts: storage.compile((p: Param<'postId'>) =>
      storage.db.selectFrom('posts').select(['vote_count', 'created_at', 'workspace_id', 'mode', 'board_id']).where('id', '=', p('postId'))),
  // The new count, only over the count it was computed from (an optimistic write, Tx.expect).
  setCounts: storage.compile((p: Param<'postId' | 'previous' | 'voteCount' | 'trendingScore'>) =>
      storage.db.updateTable('posts').set({ vote_count: p('voteCount'), trending_score: p('trendingScore') }).where('id', '=', p('postId')).where('vote_count', '=', p('previous'))),
}));

/** What a vote reads of its post: the board (for the route's checks), and what the new count and its event are computed from. */
const VOTE_COLUMNS = ['id', 'board_id', 'workspace_id', 'mode', 'vote_count', 'created_at'] as const satisfies ReadonlyArray<keyof PostsTable>;
export type VotedPost = Pick<PostRow, (typeof VOTE_COLUMNS)[number]>;

/** A post of the key's workspace and mode, and its board: what a vote needs to find first. */
export function findPostBoard(storage: Storage, scope: { workspaceId: string; mode: KeyMode }, id: string): Promise<VotedPost | undefined> {
  const { boardOf } = voteStatements(storage);
  return storage.read((tx) => boardOf.get(tx, { id, workspaceId: scope.workspaceId, mode: scope.mode }));
}

/** Post rows of `db`, dropped when any process announces a post change on the change bus (db/changes.ts). */
const postRows = perStorage((storage) => {
  const cache = new PostRowCache();
  storage.changes.subscribe((change) => {
    if (change.topic === 'all') cache.clear();
    else if (change.topic === 'posts') {
      if (change.id === undefined) cache.clear();
      else cache.delete(change.id);
    }
  });
  return cache;
});

/** Drops a post's cached row on every instance after a change to it committed (`setVote` does it itself). */
export function forgetPost(storage: Storage, id: string): void {
  storage.changes.announce({ topic: 'posts', id });
}

/** Rows for ids, in the order of `ids`; recently read rows come from memory (PostRowCache). */
export async function postsByIds(storage: Storage, scope: BoardScope, ids: readonly string[]): Promise<PostRow[]> {
  if (ids.length === 0) return [];
  const cache = postRows(storage);
  const now = Date.now();
  const found = new Map<string, PostRow>();
  const missing: string[] = [];
  for (const id of ids) {
    const row = cache.get(id, now);
    if (row !== undefined) {
      if (row.board_id === scope.boardId && row.mode === scope.mode) found.set(id, row);
    } else {
      missing.push(id);
    }
  }
  if (missing.length > 0) {
    const generation = cache.generation;
    const rows = await storage.db.selectFrom('posts')
      .select(POST_COLUMNS)
      .where('id', 'in', missing)
      .where('board_id', '=', scope.boardId)
      .where('mode', '=', scope.mode)
      .execute();
    for (const row of rows) {
      cache.set(row, now, generation);
      found.set(row.id, row);
    }
  }
  return ids.flatMap((id) => found.get(id) ?? []);
}

/** Newest first, by keyset on the time-ordered id: stable under inserts. */
export async function newestPosts(storage: Storage, scope: BoardScope, page: { afterId?: string | undefined; limit: number }, filter?: PostFilter): Promise<PostRow[]> {
  const one = (status: PostStatus | undefined) => {
    let query = oneRange(boardPosts(storage, scope).select(POST_COLUMNS), filter, status).orderBy('id', 'desc').limit(page.limit);
    if (page.afterId !== undefined) query = query.where('id', '<', page.afterId);
    return query;
  };
  return rangesInOrder(storage.db, filter, one, ['id'], page.limit).execute();
}

/** The first `cap` ids in rank order: `top` by an index-only scan, `trending` from a window of recent posts. */
export async function rankedIds(storage: Storage, scope: BoardScope, sort: RankedSort, cap: number, filter?: PostFilter): Promise<{ id: string; value: number }[]> {
  if (sort === 'trending') return trendingIds(storage, scope, cap, filter);
  const one = (status: PostStatus | undefined) =>
    oneRange(boardPosts(storage, scope).select(['id', 'vote_count as value']), filter, status).orderBy('vote_count', 'desc').orderBy('id', 'desc').limit(cap);
  const rows = await rangesInOrder(storage.db, filter, one, ['value', 'id'], cap).execute();
  return rows.map((row) => ({ id: row.id, value: Number(row.value) }));
}

export interface RankedCursor {
  value: number;
  id: string;
  asOf: string;
}

/** Keyset continuation of a ranked list after `(value, id)`, ignoring posts newer than `asOf`. */
export async function rankedAfter(storage: Storage, scope: BoardScope, sort: RankedSort, after: RankedCursor, limit: number, filter?: PostFilter): Promise<PostRow[]> {
  // No post comes after a value that is not a number: SQLite binds NaN as NULL, which no row
  // passes, where PostgreSQL orders NaN above every number and would answer the whole board.
  if (Number.isNaN(after.value)) return [];
  if (sort === 'trending') return trendingAfter(storage, scope, after, limit, filter);
  return topAfterQuery(storage, scope, after, limit, filter).execute();
}

/** The `top` continuation, apart so that its query plan is tested. */
export function topAfterQuery(storage: Storage, scope: BoardScope, after: RankedCursor, limit: number, filter?: PostFilter): RowsQuery<PostRow> {
  const one = (status: PostStatus | undefined) =>
    oneRange(boardPosts(storage, scope).select(POST_COLUMNS), filter, status)
      .where('created_at', '<=', after.asOf)
      // A row value, not an OR of comparisons: SQLite seeks in `posts_top` to (value, id), where
      // the OR had it read every post since `asOf` by `posts_created` and sort them.
      .where((eb) => eb(eb.refTuple('vote_count', 'id'), '<', eb.tuple(after.value, after.id)))
      .orderBy('vote_count', 'desc')
      .orderBy('id', 'desc')
      .limit(limit);
  return rangesInOrder(storage.db, filter, one, ['vote_count', 'id'], limit);
}

/** A board's posts in one mode. */
function boardPosts(storage: Storage, scope: BoardScope) {
  return storage.db.selectFrom('posts').where('board_id', '=', scope.boardId).where('mode', '=', scope.mode);
}

/** Up to this many votes of a reader are read whole and matched against a page's posts. */
const FEW_VOTES = 100;

/**
 * The votes of recent readers, on storage this process alone writes votes to (ReaderVotes);
 * none where several processes share it.
 */
const readerVotes = perStorage((storage) => {
  if (storage.sharedByProcesses) return { cache: undefined };
  const cache = new ReaderVotes();
  storage.changes.subscribe((change) => {
    // A new, merged or deleted post, or another process's change: votes may have moved.
    if (change.topic === 'lists' || change.topic === 'all') cache.clear();
  });
  return { cache };
});

/**
 * Which of `postIds` one of `authorKeys` has voted for (on every list request: compiled once).
 * Most readers have voted for few posts, or none: their votes are read by author (one seek per
 * key), kept for their next pages where this process writes every vote (ReaderVotes), and
 * matched here, whichever posts the page shows. A reader with more votes than `FEW_VOTES` is
 * looked up per post and key instead, so a list costs them no more than that.
 */
export function votedPostIds(storage: Storage, authorKeys: readonly string[], postIds: readonly string[]): Promise<Set<string>> {
  if (authorKeys.length === 0 || postIds.length === 0) return Promise.resolve(new Set());
  const { cache } = readerVotes(storage);
  const keys = JSON.stringify(authorKeys);
  const now = Date.now();
  const known = cache?.get(keys, now);
  if (known !== undefined) return Promise.resolve(new Set(postIds.filter((id) => known.has(id))));
  const generation = cache?.generation ?? 0;
  const { voted, authorVotes } = voteStatements(storage);
  return storage.read(async (tx) => {
    const votes = await authorVotes.all(tx, { authorKeys: keys, limit: FEW_VOTES + 1 });
    if (votes.length <= FEW_VOTES) {
      const all = new Set(votes.map((row) => row.post_id));
      cache?.set(keys, authorKeys, all, now, generation);
      return new Set(postIds.filter((id) => all.has(id)));
    }
    const rows = await voted.all(tx, { authorKeys: keys, postIds: JSON.stringify(postIds) });
    return new Set(rows.map((row) => row.post_id));
  });
}

/** The name and email a voter's author token carried (null without a token or a claim). */
export interface VoterContact {
  name: string | null;
  email: string | null;
}
const NO_CONTACT: VoterContact = { name: null, email: null };

/** After this many conflicts in a row, a vote reads its post under the post's lock. */
const LOCKED_AFTER = 2;

/**
 * What a process keeps per storage for votes: the post rows of its latest votes (with the count
 * they stored), and one queue per post, so that this process's votes on one post follow each
 * other instead of conflicting.
 */
const voting = perStorage(() => ({ posts: new RecentRows<string, VotedPost>(10_000), queue: new KeyedQueue() }));

/**
 * Adds or removes one author's vote and moves the post's stored count by exactly one when, and
 * only when, the vote row changed (the primary key (post, author) makes a repeated or concurrent
 * vote a no-op), in one transaction. Answers the new count; `null` when the post is gone —
 * deleted with its board or workspace after the caller looked it up.
 *
 * Optimistic (docs/decisions.md, "PostgreSQL writes (measured)"): given the post as the caller
 * just read it (`findPostBoard`), the vote is written with the new count computed from that
 * row's, stored only if the count is still that (`setCounts`) and the vote row new (or, for an
 * unvote, there): on PostgreSQL one round trip for the vote, its count and its webhook events.
 * Anything else — a count moved by another vote, a repeated vote, a post gone — conflicts and
 * rolls back, and the vote is made again from the post read under its lock. This process's votes
 * on one post wait for each other, so they do not conflict among themselves.
 */
export function setVote(
  storage: Storage,
  post: Pick<PostRow, 'id'> | VotedPost,
  authorKey: string,
  vote: boolean,
  /** What the voter's author token carried, kept with a new vote for the voters list. */
  voter: VoterContact = NO_CONTACT,
): Promise<{ voteCount: number; changed: boolean } | null> {
  const { addVote, removeVote, counts, setCounts } = voteStatements(storage);
  const postId = post.id;
  const cache = postRows(storage);
  const { posts, queue } = voting(storage);
  const given = 'vote_count' in post ? post : undefined;

  /** The vote and its count from `seen`, the post row it is computed from; a conflict if `seen` is no longer the stored row. */
  const optimistic = async (seen: VotedPost) => {
    const voteCount = Math.max(0, seen.vote_count + (vote ? 1 : -1));
    await storage.transaction(async (tx) => {
      cache.delete(postId);
      // The count first: a post that is gone or has moved on stops the transaction before the vote row is written.
      await setCounts.expect(tx, { postId, previous: seen.vote_count, voteCount, trendingScore: trendingScore(voteCount, seen.created_at) });
      if (vote) await addVote.expect(tx, { postId, authorKey, createdAt: nowIso(), ...voter });
      else await removeVote.expect(tx, { postId, authorKey });
      await recordEvent(storage, tx, {
        type: vote ? 'vote.created' : 'vote.removed',
        objectKey: `post:${postId}`,
        data: { workspaceId: seen.workspace_id, mode: seen.mode, postId, boardId: seen.board_id, voteCount, at: nowIso() },
      });
    });
    posts.set(postId, { ...seen, vote_count: voteCount });
    return { voteCount, changed: true };
  };

  /** The vote made from the post read under its lock: what a repeated vote, a gone post or a busy one comes to. */
  const locked = async () => {
    const answer = await storage.transaction(async (tx) => {
      cache.delete(postId);
      // Votes on one post from several server processes apply one after the other (PostgreSQL).
      await tx.lock(JSON.stringify(['post', postId]));
      const current = await counts.get(tx, { postId });
      if (current === undefined) return null;
      const changed = (vote ? await addVote.run(tx, { postId, authorKey, createdAt: nowIso(), ...voter }) : await removeVote.run(tx, { postId, authorKey })) === 1;
      if (!changed) return { voteCount: current.vote_count, changed, row: { ...current, id: postId } };
      const voteCount = Math.max(0, current.vote_count + (vote ? 1 : -1));
      // Over the count read: an optimistic vote of another process may not take the lock.
      await setCounts.expect(tx, { postId, previous: current.vote_count, voteCount, trendingScore: trendingScore(voteCount, current.created_at) });
      await recordEvent(storage, tx, {
        type: vote ? 'vote.created' : 'vote.removed',
        objectKey: `post:${postId}`,
        data: { workspaceId: current.workspace_id, mode: current.mode, postId, boardId: current.board_id, voteCount, at: nowIso() },
      });
      return { voteCount, changed, row: { ...current, id: postId, vote_count: voteCount } };
    });
    if (answer === null) {
      posts.delete(postId);
      return null;
    }
    posts.set(postId, answer.row);
    return { voteCount: answer.voteCount, changed: answer.changed };
  };

  const result = queue.run(postId, async (waited) => {
    // After this process's own vote on the post, its row is the freshest known; else the caller's.
    let seen = (waited ? posts.get(postId) : undefined) ?? given;
    for (let attempt = 1; ; attempt += 1) {
      try {
        if (seen === undefined || attempt > LOCKED_AFTER) return await locked();
        return await optimistic(seen);
      } catch (error) {
        if (!(error instanceof WriteConflict) || attempt >= OPTIMISTIC_ATTEMPTS) throw error;
        // The next try: this process's latest row if it differs from the one that conflicted, else under the lock.
        const latest = posts.get(postId);
        seen = latest !== undefined && latest.vote_count !== seen?.vote_count ? latest : undefined;
      }
    }
  });
  // After the commit: every instance drops the row with the old count (db/changes.ts), and
  // this one the author's remembered votes, whether the vote was stored or not.
  return result.finally(() => readerVotes(storage).cache?.forget(authorKey)).then((answer) => {
    if (answer?.changed === true) forgetPost(storage, postId);
    return answer;
  });
}

/** Sets a post's status; the caller announces the change once it committed ({@link forgetPost}). */
export async function setPostStatus(db: Db, id: string, status: PostStatus): Promise<void> {
  await db.updateTable('posts').set({ status, updated_at: nowIso() }).where('id', '=', id).execute();
}


/** Sets a post's category (null: none); the caller announces the change once it committed ({@link forgetPost}). */
export async function setPostCategory(db: Db, id: string, categoryId: string | null): Promise<void> {
  await db.updateTable('posts').set({ category_id: categoryId, updated_at: nowIso() }).where('id', '=', id).execute();
}
