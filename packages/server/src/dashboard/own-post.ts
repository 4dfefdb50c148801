import type { Storage } from '../db/connect.js';
import { notFound } from '../errors.js';
import { findPostById } from '../repositories/feedback/post-inbox.js';
import type { PostRow } from '../repositories/feedback/posts.js';

/** A post of the session's workspace (the inbox services take ids of any workspace); 404 on `param` otherwise. */
export async function ownPost(storage: Storage, workspaceId: string, postId: string, param = 'postId'): Promise<PostRow> {
  const row = await findPostById(storage.db, postId);
  if (!row || row.workspace_id !== workspaceId) throw notFound('post', postId, param);
  return row;
}
