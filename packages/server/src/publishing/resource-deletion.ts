import type { ResourceKind } from '@inlay/core';

import type { Storage, Db } from '../db/connect.js';
import { notFound } from '../errors.js';
import {
  countResourceContents,
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

export async function deleteResource(storage: Storage, kind: ResourceKind, id: string): Promise<ResourceDeletion> {
  const deletion = await storage.transaction(({ db: trx }) => deleteResourceIn(trx, kind, id));
  // Its published config, posts and lists are gone on every instance (db/changes.ts).
  storage.changes.announce({ topic: 'all' });
  return deletion;
}

/**
 * Deletes in `trx`: the write lock first (so the counts are what the delete removes), then the
 * resource row, whose foreign keys cascade to everything under it (migrations 0001–0006).
 */
export async function deleteResourceIn(trx: Db, kind: ResourceKind, id: string): Promise<ResourceDeletion> {
  await lockResource(trx, kind, id);
  const deletion = await previewResourceDeletion(trx, kind, id);
  await deleteResourceRow(trx, kind, id);
  return deletion;
}
