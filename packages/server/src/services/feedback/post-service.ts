import type { ListPage, Post, PostListQuery } from '@inlay/core';
import { ApiError } from '../../errors.js';
import {
  insertPost,
  isFiltered,
  newestPosts,
  postsByIds,
  rankedAfter,
  rankedIds,
  votedPostIds,
  type BoardScope,
  type PostFilter,
  type PostRow,
  type StoredAuthor,
} from '../../repositories/feedback/posts.js';
import type { BoardAccess } from './board-access.js';
import { decodePostCursor, encodePostCursor, type PostCursor } from './post-cursor.js';
import { listSnapshots } from './list-snapshots.js';
import { searchTerms } from './search-terms.js';
import type { InlayContext } from '../../context.js';
import type { PostSearch, PostSearchQuery } from '../../db/post-search.js';
import { shownAuthor } from './shown-author.js';

/** The post search of the server's storage, within the server's search limits (docs/security.md, Search). */
export function postSearchOf(context: Pick<InlayContext, 'storage' | 'options'>): PostSearch {
  return context.storage.postSearch({ workers: context.options.searchWorkers, timeoutMs: context.options.searchTimeoutMs });
}

/** How many ids a ranked snapshot keeps; past them, pages continue by keyset. */
const SNAPSHOT_SIZE = 500;
/** How long first pages of the same list share one snapshot (so new posts show within 2 s). */
const SNAPSHOT_FRESH_MS = 2_000;

export function toPost(row: PostRow, access: BoardAccess, voted: boolean): Post {
  return {
    id: row.id,
    object: 'post',
    boardId: row.board_id,
    title: row.title,
    body: row.body,
    status: row.status,
    voteCount: access.config.showVoteCounts ? row.vote_count : null,
    voted,
    author: shownAuthor(row),
    categoryId: row.category_id,
    commentCount: row.comment_count,
    createdAt: row.created_at,
  };
}

/** The list's filter, and its key in snapshots and cursors ('' when the list has none). */
function filterOf(query: PostListQuery): { filter: PostFilter; key: string } {
  const statuses = query.status === undefined ? undefined : [...query.status].sort();
  const filter: PostFilter = { statuses, categoryId: query.categoryId };
  return { filter, key: isFiltered(filter) ? `${statuses?.join(',') ?? ''}|${query.categoryId ?? ''}` : '' };
}

/**
 * Stores a new post on an opened board, and has every instance rank the board's lists again so it
 * shows at once. For the post route and the dashboard; `categoryId` is one of the board's
 * (`checkCategory`), checked by the caller before it counts the write against any limit.
 */
export async function createPost(
  context: Pick<InlayContext, 'storage'>,
  access: BoardAccess,
  post: { title: string; body: string; author: StoredAuthor; categoryId: string | null },
): Promise<PostRow> {
  const boardScope = scopeOf(access);
  const row = await insertPost(context.storage, boardScope, { title: post.title, body: post.body, author: post.author, categoryId: post.categoryId });
  context.storage.changes.announce({ topic: 'lists', id: listPrefix(boardScope) });
  return row;
}

/** The key prefix of a board's shared list snapshots, per mode. */
export function listPrefix(scope: BoardScope): string {
  return `${scope.workspaceId}|${scope.mode}|${scope.boardId}|`;
}

function scopeOf(access: BoardAccess): BoardScope {
  return { workspaceId: access.auth.workspaceId, mode: access.auth.mode, boardId: access.boardId };
}

function sortValue(row: PostRow, sort: PostListQuery['sort']): number {
  return sort === 'trending' ? row.trending_score : row.vote_count;
}

/**
 * One page of a board's posts. Newest-first lists page by keyset on the time-ordered id. Ranked
 * lists (top, trending, and searches) fix their order at the first page in a snapshot, so
 * paging shows every post once even while votes reorder the board and posts arrive.
 */
export async function listPosts(
  context: InlayContext,
  access: BoardAccess,
  query: PostListQuery,
  readerKeys: string[],
): Promise<ListPage<Post>> {
  const { storage, options } = context;
  const snapshots = listSnapshots(storage);
  const scope = scopeOf(access);
  const cursor = query.cursor === undefined ? undefined : decodePostCursor(query.cursor);
  const q = query.q === undefined || query.q === '' ? undefined : query.q;
  const { filter, key: filterKey } = filterOf(query);
  if (cursor?.k === 's' && (cursor.sort !== query.sort || cursor.q !== q || (cursor.m ?? 'all') !== query.match || (cursor.f ?? '') !== filterKey)) {
    throw new ApiError('parameter_invalid', 'cursor belongs to a list with another sort, q, status or categoryId; start again without a cursor.', { param: 'cursor' });
  }

  // Terms first: a search too expensive by construction is refused before anything runs.
  const terms = q === undefined ? undefined : searchTerms(q, options.searchMaxTerms);
  const budget = { maxRows: options.searchMaxRows, candidates: Math.max(options.searchCandidates, SNAPSHOT_SIZE) };
  const search = (order: PostSearchQuery['order']) => {
    if (terms === undefined) throw new Error('search without terms');
    return postSearchOf(context).find({ scope, filter, terms, order, match: query.match, budget });
  };

  let rows: PostRow[];
  let next: PostCursor | null = null;
  if (query.sort === 'new') {
    if (cursor !== undefined && cursor.k !== 'n') throw new ApiError('parameter_invalid', 'cursor does not fit sort=new.', { param: 'cursor' });
    const afterId = cursor?.id;
    const page =
      q === undefined
        ? await newestPosts(storage, scope, { afterId, limit: query.limit + 1 }, filter)
        : await postsByIds(storage, scope, await search({ by: 'new', afterId, limit: query.limit + 1 }));
    rows = page.slice(0, query.limit);
    const last = rows[rows.length - 1];
    if (page.length > query.limit && last) next = { k: 'n', id: last.id };
  } else {
    if (cursor !== undefined && cursor.k !== 's') throw new ApiError('parameter_invalid', 'cursor does not fit this sort.', { param: 'cursor' });
    const snapshot = cursor === undefined ? undefined : snapshots.get(cursor.s);
    let ids: string[];
    let snapshotId: string;
    let offset: number;
    let asOf: string;
    if (cursor === undefined) {
      const sort = query.sort;
      const list = `${listPrefix(scope)}${sort}|${query.match}|${filterKey}|${q ?? ''}`;
      const shared = await snapshots.shared(list, SNAPSHOT_FRESH_MS, async () =>
        q === undefined ? (await rankedIds(storage, scope, sort, SNAPSHOT_SIZE, filter)).map((r) => r.id) : search({ by: 'relevance', cap: SNAPSHOT_SIZE }),
      );
      ({ ids, asOf } = shared);
      snapshotId = shared.id;
      offset = 0;
    } else if (snapshot !== undefined && cursor.o < snapshot.length) {
      ids = snapshot;
      snapshotId = cursor.s;
      offset = cursor.o;
      asOf = cursor.t;
    } else {
      // Snapshot gone or used up: continue by keyset after the last post shown.
      ids = [];
      snapshotId = '';
      offset = 0;
      asOf = cursor.t;
    }
    if (ids.length > 0 || cursor === undefined) {
      rows = await postsByIds(storage, scope, ids.slice(offset, offset + query.limit));
      const last = rows[rows.length - 1];
      const end = offset + query.limit;
      if (last && (end < ids.length || (ids.length === SNAPSHOT_SIZE && q === undefined))) {
        next = {
          k: 's',
          s: snapshotId,
          o: end,
          v: sortValue(last, query.sort),
          id: last.id,
          t: asOf,
          sort: query.sort,
          ...(q !== undefined ? { q } : {}),
          ...(query.match === 'any' ? { m: 'any' as const } : {}),
          ...(filterKey !== '' ? { f: filterKey } : {}),
        };
      }
    } else if (q === undefined && cursor !== undefined) {
      const page = await rankedAfter(storage, scope, query.sort, { value: cursor.v, id: cursor.id, asOf }, query.limit + 1, filter);
      rows = page.slice(0, query.limit);
      const last = rows[rows.length - 1];
      if (page.length > query.limit && last) {
        next = { k: 's', s: '', o: 0, v: sortValue(last, query.sort), id: last.id, t: asOf, sort: query.sort, ...(filterKey !== '' ? { f: filterKey } : {}) };
      }
    } else {
      // A search snapshot that expired cannot be resumed exactly; start the search again.
      throw new ApiError('parameter_invalid', 'cursor has expired; run the search again without a cursor.', { param: 'cursor' });
    }
  }
  const voted = await votedPostIds(storage, readerKeys, rows.map((row) => row.id));
  return { items: rows.map((row) => toPost(row, access, voted.has(row.id))), nextCursor: next && encodePostCursor(next) };
}
