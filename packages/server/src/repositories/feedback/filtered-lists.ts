import { PostStatusSchema, type PostStatus } from '@inlay/core';
import { sql, type CompiledQuery, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import type { PostFilter } from './posts.js';

/**
 * Lists filtered by status or category, in rank order from the indexes of migration 0020
 * (docs/decisions.md, "Comments, categories, filters and voters"). An index on (board, mode,
 * [category,] status, rank) hands out one status's posts in rank order; several statuses, or a
 * category alone (every status), are several such ranges. Asked as one `IN`, SQLite's planner
 * walked the whole board in `posts_top` order instead, testing each post (1.5 % of them kept:
 * 33,000 rows for a first page of 500). So each status is read as its own range, each at most
 * `limit` long, and the ranges are merged in the same order.
 */
export interface RowsQuery<O> {
  execute(): Promise<O[]>;
  compile(): CompiledQuery<O>;
}

/** The statuses read one range each: the filter's, every status for a category alone, none (`[undefined]`) otherwise. */
function ranges(filter: PostFilter | undefined): readonly (PostStatus | undefined)[] {
  if (filter?.statuses !== undefined) return filter.statuses;
  if (filter?.categoryId !== undefined) return PostStatusSchema.options;
  return [undefined];
}

/** `query` kept to one status (if any) and the filter's category: one range of an index. */
export function oneRange<O>(query: SelectQueryBuilder<Database, 'posts', O>, filter: PostFilter | undefined, status: PostStatus | undefined): SelectQueryBuilder<Database, 'posts', O> {
  let narrow = query;
  if (filter?.categoryId !== undefined) narrow = narrow.where('category_id', '=', filter.categoryId);
  if (status !== undefined) narrow = narrow.where('status', '=', status);
  return narrow;
}

/**
 * The first `limit` rows of the filtered list, in `order` (every column descending): `one(status)`
 * builds one range's query, already ordered and limited the same way.
 */
export function rangesInOrder<O>(
  db: Db,
  filter: PostFilter | undefined,
  one: (status: PostStatus | undefined) => SelectQueryBuilder<Database, 'posts', O>,
  order: readonly string[],
  limit: number,
): RowsQuery<O> {
  // Each range in a subquery of its own: a member of a compound SELECT may not carry its own ORDER BY and LIMIT.
  const [first, ...rest] = ranges(filter).map((status) => ({ status, part: db.selectFrom(one(status).as('r')).selectAll() }));
  if (first === undefined || rest.length === 0) return one(first?.status);
  const union = rest.reduce((all, { part }) => all.unionAll(part), first.part);
  let merged = db.selectFrom(union.as('u')).selectAll();
  for (const column of order) merged = merged.orderBy(sql.ref(column), 'desc');
  return merged.limit(limit) as unknown as RowsQuery<O>;
}
