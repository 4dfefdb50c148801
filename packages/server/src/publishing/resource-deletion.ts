import type { ResourceKind } from '@inlay/core';

import type { Storage, Db } from '../db/connect.js';
import { notFound } from '../errors.js';
import {
  type ContentPart,
  countResourceContents,
  deleteContentPart,
  deleteResourceRow,
  findResourceHead,
  lockResource,
  type ResourceContents,
  type ResourceHead,
} from '../repositories/publishing/resource-contents.js';


/**
 * Deleting a flow, board or importer: an operator action (the CLI and the dashboard),
 * never a key-authenticated route or MCP tool (docs/self-hosting.md). The resource goes with its
 * drafts, revisions and published config, and with everything end users created under it in
 * both modes: progress and outcomes, posts with their votes and search entries, import sessions
 * with their uploaded rows. Usage counts stay: they report what happened, per workspace, and
 * hold nothing end users wrote.
 */

export interface ResourceDeletion {
  resource: ResourceHead;
  /** What was (or, for a preview, would be) deleted with it. */
  contents: ResourceContents;
}

/** What deleting would remove, without deleting: what the CLI prints before asking for `--yes`. */
export async function previewResourceDeletion(db: Db, kind: ResourceKind, id: string): Promise<ResourceDeletion> {
  const resource = await findResourceHead(db, kind, id);
  if (resource === undefined) throw notFound(kind, id);
  return { resource, contents: await countResourceContents(db, id) };
}

/**
 * What grows under each kind of resource, deleted a part at a time before the resource row, each
 * part in its own transaction. On SQLite a transaction holds the one event loop: a board of
 * 100,000 posts deleted in one stopped every request for 12.7 s; in parts of 250 posts no
 * request waits more than about 0.2 s, and the whole takes longer (35 s), as each part rewrites
 * index pages the next one changes again (docs/decisions.md, "Storage and hot writes").
 * `stale` is what caches must drop after each part.
 */
const PARTS: Record<ResourceKind, readonly { part: ContentPart; limit: number; stale?: readonly ('posts' | 'lists')[] }[]> = {
  flow: [
    { part: 'progress', limit: 1_000 },
    { part: 'outcomes', limit: 1_000 },
  ],
  board: [{ part: 'posts', limit: 250, stale: ['posts', 'lists'] }],
  // A session's uploaded rows go with it (up to the session's byte cap each).
  importer: [{ part: 'importSessions', limit: 10 }],
};

export interface DeleteOptions {
  /** Hears each part deleted (awaited before the next): which, and how many of it so far. */
  onPart?: (progress: { part: ContentPart; deleted: number }) => Promise<void> | void;
  /** Rows per part instead of the defaults above (tests). */
  limit?: number;
}

/**
 * Deletes the resource and everything under it. The counts are taken first, under the write
 * lock; then what grows with use goes a part at a time, in transactions of their own with other
 * requests served between them; the resource row goes last, and its cascades take the rest
 * (anything written under it meanwhile). Until then the resource is there, with less in it each
 * part: a deletion stopped half way (a crash) leaves it to delete again.
 */
export async function deleteResource(storage: Storage, kind: ResourceKind, id: string, options: DeleteOptions = {}): Promise<ResourceDeletion> {
  const deletion = await storage.transaction(async ({ db: trx }) => {
    await lockResource(trx, kind, id);
    return previewResourceDeletion(trx, kind, id);
  });
  for (const { part, limit: partLimit, stale = [] } of PARTS[kind]) {
    const limit = options.limit ?? partLimit;
    let deleted = 0;
    for (let removed = limit; removed === limit; ) {
      removed = await storage.transaction(({ db: trx }) => deleteContentPart(trx, part, deletion.resource, limit));
      deleted += removed;
      for (const topic of stale) storage.changes.announce({ topic });
      await options.onPart?.({ part, deleted });
    }
  }
  await storage.transaction(({ db: trx }) => deleteResourceRow(trx, kind, id));
  // Its published config, posts and lists are gone on every instance (db/changes.ts).
  storage.changes.announce({ topic: 'all' });
  return deletion;
}
