import type { Storage, Db } from '../../db/connect.js';
import type { Param, Tx } from '../../db/statements.js';
import { perStorage } from '../../db/storage.js';
import { earliestToReach, trendingScore } from '../../services/feedback/trending.js';
import { isFiltered, narrowed, POST_COLUMNS, type BoardScope, type PostFilter, type PostRow, type RankedCursor } from './posts.js';

/**
 * Trending lists have no index on the score: it would move an entry on every vote (see
 * migration 0008). They read the posts created since a bound instead, found by the
 * `posts_created` index: a post scores at most what the board's most-voted count would give it
 * at its age (`earliestToReach`), so one older than the bound cannot make the page. Each list
 * runs its statements in one synchronous read, so no vote lands between the bound and the page.
 *
 * Each statement's shape is written once (`shapes`): compiled for a whole board (the hot path),
 * built on the read's connection for a list filtered by status or category.
 */
type Names = 'boardId' | 'mode' | 'one' | 'limit' | 'offset' | 'from' | 'asOf' | 'value' | 'id';
type Values = Partial<Record<Names, string | number>>;

const shapes = {
  board: (db: Db, v: Param<Names>, filter: PostFilter | undefined) => narrowed(db.selectFrom('posts').where('board_id', '=', v('boardId')).where('mode', '=', v('mode')), filter),
  mostVotes: (db: Db, v: Param<Names>, filter?: PostFilter) => shapes.board(db, v, filter).select('vote_count').orderBy('vote_count', 'desc').limit(v('one')),
  oldest: (db: Db, v: Param<Names>, filter?: PostFilter) => shapes.board(db, v, filter).select('created_at').orderBy('created_at', 'asc').limit(v('one')),
  newest: (db: Db, v: Param<Names>, filter?: PostFilter) => shapes.board(db, v, filter).select('created_at').orderBy('created_at', 'desc').limit(v('limit')).offset(v('offset')),
  firstIds: (db: Db, v: Param<Names>, filter?: PostFilter) =>
    shapes.board(db, v, filter)
      .select(['id', 'trending_score as value'])
      .where('created_at', '>=', v('from'))
      .orderBy('trending_score', 'desc')
      .orderBy('id', 'desc')
      .limit(v('limit')),
  after: (db: Db, v: Param<Names>, filter?: PostFilter) =>
    shapes.board(db, v, filter)
      .select(POST_COLUMNS)
      .where('created_at', '>=', v('from'))
      .where('created_at', '<=', v('asOf'))
      .where((eb) => eb(eb.refTuple('trending_score', 'id'), '<', eb.tuple(v('value'), v('id'))))
      .orderBy('trending_score', 'desc')
      .orderBy('id', 'desc')
      .limit(v('limit')),
};

const trendingStatements = perStorage((storage) => ({
  mostVotes: storage.compile((p: Param<Names>) => shapes.mostVotes(storage.db, p)),
  oldest: storage.compile((p: Param<Names>) => shapes.oldest(storage.db, p)),
  newest: storage.compile((p: Param<Names>) => shapes.newest(storage.db, p)),
  firstIds: storage.compile((p: Param<Names>) => shapes.firstIds(storage.db, p)),
  after: storage.compile((p: Param<Names>) => shapes.after(storage.db, p)),
}));

/** The reads of a trending list, compiled (whole board) or built with the filter. */
interface TrendingReads {
  mostVotes(values: Values): Promise<{ vote_count: number } | undefined>;
  oldest(values: Values): Promise<{ created_at: string } | undefined>;
  newest(values: Values): Promise<{ created_at: string } | undefined>;
  firstIds(values: Values): Promise<{ id: string; value: number }[]>;
  after(values: Values): Promise<PostRow[]>;
}

function readsOf(storage: Storage, tx: Tx, filter: PostFilter | undefined): TrendingReads {
  if (!isFiltered(filter)) {
    const compiled = trendingStatements(storage);
    return {
      mostVotes: (values) => compiled.mostVotes.get(tx, values as Record<Names, never>),
      oldest: (values) => compiled.oldest.get(tx, values as Record<Names, never>),
      newest: (values) => compiled.newest.get(tx, values as Record<Names, never>),
      firstIds: (values) => compiled.firstIds.all(tx, values as Record<Names, never>),
      after: (values) => compiled.after.all(tx, values as Record<Names, never>),
    };
  }
  const v = (values: Values): Param<Names> => (name) => values[name] as never;
  return {
    mostVotes: (values) => shapes.mostVotes(tx.db, v(values), filter).executeTakeFirst(),
    oldest: (values) => shapes.oldest(tx.db, v(values), filter).executeTakeFirst(),
    newest: (values) => shapes.newest(tx.db, v(values), filter).executeTakeFirst(),
    firstIds: (values) => shapes.firstIds(tx.db, v(values), filter).execute(),
    after: (values) => shapes.after(tx.db, v(values), filter).execute(),
  };
}

/** Before every post: a window from here holds the whole board. */
const ALL_TIME = '0000';

/**
 * The first `cap` by trending score. The `cap` newest posts each score at least what the oldest
 * of them would with no votes, so the page's last scores that much or more, and no post too old
 * to reach it with the board's most votes can be on the page.
 */
export function trendingIds(storage: Storage, scope: BoardScope, cap: number, filter?: PostFilter): Promise<{ id: string; value: number }[]> {
  const board = { boardId: scope.boardId, mode: scope.mode, one: 1 };
  return storage.read(async (tx) => {
      const reads = readsOf(storage, tx, filter);
      const nth = await reads.newest({ ...board, limit: 1, offset: cap - 1 });
      const from = nth === undefined ? ALL_TIME : earliestToReach(trendingScore(0, nth.created_at), (await reads.mostVotes(board))?.vote_count ?? 0);
      return (await reads.firstIds({ ...board, from, limit: cap })).map((row) => ({ id: row.id, value: Number(row.value) }));
    });
}

/**
 * The `limit` posts after `(value, id)` by trending score. Reads a window of recent posts, four
 * times wider each time it holds fewer than a page (until it holds the whole board); once it
 * holds a page, the true page's last scores at least as much as this one's, which bounds how
 * old a post on it can be: if that reaches past the window, one more read with that bound.
 */
export function trendingAfter(storage: Storage, scope: BoardScope, after: RankedCursor, limit: number, filter?: PostFilter): Promise<PostRow[]> {
  const board = { boardId: scope.boardId, mode: scope.mode, one: 1 };
  return storage.read(async (tx) => {
      const reads = readsOf(storage, tx, filter);
      const maxVotes = (await reads.mostVotes(board))?.vote_count ?? 0;
      const oldest = (await reads.oldest(board))?.created_at;
      if (oldest === undefined) return [];
      const page = (from: string) => reads.after({ ...board, from, asOf: after.asOf, value: after.value, id: after.id, limit });
      // 4^12 twelve-and-a-half-hour spans pass any real board's age; a forged value ends there too.
      for (let span = 1; span <= 4 ** 12; span *= 4) {
        const from = earliestToReach(after.value - span, maxVotes);
        const rows = await page(from);
        const last = rows[rows.length - 1];
        if (rows.length === limit && last !== undefined) {
          const needed = earliestToReach(last.trending_score, maxVotes);
          return needed < from ? page(needed) : rows;
        }
        if (from <= oldest) return rows;
      }
      return page(ALL_TIME);
    });
}
