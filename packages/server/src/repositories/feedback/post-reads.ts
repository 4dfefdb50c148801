import type { KeyMode } from '@inlay/core';
import type { Storage } from '../../db/connect.js';
import { POST_COLUMNS, type PostRow } from './posts.js';

/**
 * Reads of one post by id for the key's workspace and mode: the post itself, where a merged
 * post went, and its voters (docs/feedback.md).
 */
export interface KeyScope {
  workspaceId: string;
  mode: KeyMode;
}

/** A post of the workspace and mode, by id. */
export function findPost(storage: Storage, scope: KeyScope, id: string): Promise<PostRow | undefined> {
  return storage.db.selectFrom('posts').select(POST_COLUMNS).where('id', '=', id).where('workspace_id', '=', scope.workspaceId).where('mode', '=', scope.mode).executeTakeFirst();
}

/** The post a merged post of the workspace and mode went into, if it is one. */
export async function mergedInto(storage: Storage, scope: KeyScope, id: string): Promise<string | undefined> {
  const row = await storage.db.selectFrom('post_merges').select('into_id').where('post_id', '=', id).where('workspace_id', '=', scope.workspaceId).where('mode', '=', scope.mode).executeTakeFirst();
  return row?.into_id;
}

export interface VoterRow {
  author_key: string;
  author_name: string | null;
  author_email: string | null;
  created_at: string;
}

/** A page of a post's voters in the order of their author key (the votes' primary key), after `afterKey`. */
export function votersPage(storage: Storage, postId: string, page: { afterKey?: string | undefined; limit: number }): Promise<VoterRow[]> {
  let query = storage.db.selectFrom('votes').select(['author_key', 'author_name', 'author_email', 'created_at']).where('post_id', '=', postId);
  if (page.afterKey !== undefined) query = query.where('author_key', '>', page.afterKey);
  return query.orderBy('author_key').limit(page.limit).execute();
}
