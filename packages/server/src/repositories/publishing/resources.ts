import type { ListPage, PublishResult, ResourceKind, ResourceRecord, ResourceSummary, RevisionSummary } from '@inlay/core';
import { REVISIONS_LISTED } from '@inlay/core';
import type { Selectable } from 'kysely';
import type { Storage, Db } from '../../db/connect.js';
import { newId, nowIso } from '../../db/ids.js';
import type { ResourcesTable, RevisionsTable } from '../../db/schema.js';


/**
 * Storage of the draft/publish/revision engine shared by flows, boards and importers. Every
 * query is scoped by workspace and kind; callers never see another workspace's rows.
 */

export interface ResourceScope {
  workspaceId: string;
  kind: ResourceKind;
}

export interface PublishedRow {
  name: string;
  config: unknown;
  revisionId: string;
  publishedAt: string;
}

type ResourceRow = Selectable<ResourcesTable>;

function toSummary(row: ResourceRow): ResourceSummary {
  return {
    id: row.id,
    object: row.kind,
    name: row.name,
    draftRevisionId: row.draft_revision_id,
    publishedRevisionId: row.published_revision_id,
    publishedAt: row.published_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toRevisionSummary(row: Pick<Selectable<RevisionsTable>, 'id' | 'number' | 'name' | 'created_at'>): RevisionSummary {
  return { id: row.id, number: row.number, name: row.name, createdAt: row.created_at };
}

/** Creates a resource with revision 1 holding `config`. */
export async function createResource(
  storage: Storage,
  scope: ResourceScope,
  idPrefix: string,
  name: string,
  config: unknown,
): Promise<ResourceRecord> {
  const id = newId(idPrefix);
  const revisionId = newId('rev');
  const now = nowIso();
  const configText = JSON.stringify(config);
  await storage.transaction(async ({ db: trx }) => {
      await trx
        .insertInto('resources')
        .values({
          id,
          workspace_id: scope.workspaceId,
          kind: scope.kind,
          name,
          draft_config: configText,
          draft_revision_id: revisionId,
          revision_seq: 1,
          published_name: null,
          published_config: null,
          published_revision_id: null,
          published_at: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await trx
        .insertInto('revisions')
        .values({ id: revisionId, resource_id: id, workspace_id: scope.workspaceId, number: 1, name, config: configText, created_at: now })
        .execute();
    });
  const record = await getResource(storage, scope, id);
  if (!record) throw new Error(`resource ${id} vanished after create`);
  return record;
}

/** One page, newest first. `cursor` is the id of the last item of the previous page. */
export async function listResources(
  storage: Storage,
  scope: ResourceScope,
  page: { limit: number; after?: string | undefined },
): Promise<ListPage<ResourceSummary>> {
  let query = storage.db.selectFrom('resources')
    .selectAll()
    .where('workspace_id', '=', scope.workspaceId)
    .where('kind', '=', scope.kind)
    .orderBy('id', 'desc')
    .limit(page.limit + 1);
  if (page.after !== undefined) query = query.where('id', '<', page.after);
  const rows = await query.execute();
  const items = rows.slice(0, page.limit).map(toSummary);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > page.limit && last ? last.id : null };
}

export async function getResource(storage: Storage, scope: ResourceScope, id: string): Promise<ResourceRecord | undefined> {
  const row = await storage.db.selectFrom('resources')
    .selectAll()
    .where('id', '=', id)
    .where('workspace_id', '=', scope.workspaceId)
    .where('kind', '=', scope.kind)
    .executeTakeFirst();
  if (!row) return undefined;
  const revisions = await storage.db.selectFrom('revisions')
    .select(['id', 'number', 'name', 'created_at'])
    .where('resource_id', '=', id)
    .orderBy('number', 'desc')
    .limit(REVISIONS_LISTED)
    .execute();
  const published =
    row.published_revision_id !== null && row.published_config !== null && row.published_at !== null
      ? {
          name: row.published_name ?? row.name,
          config: JSON.parse(row.published_config) as unknown,
          revisionId: row.published_revision_id,
          publishedAt: row.published_at,
        }
      : null;
  return {
    id: row.id,
    object: row.kind,
    name: row.name,
    draft: { name: row.name, config: JSON.parse(row.draft_config) as unknown, revisionId: row.draft_revision_id },
    published,
    revisions: revisions.map(toRevisionSummary),
    revisionCount: row.revision_seq,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * Stores `name` and `config` as the draft and records them as a new revision, atomically.
 * The first statement bumps `revision_seq` on the resource row, which takes the row's write
 * lock (SQLite: the database's; PostgreSQL: the row's), so concurrent saves are numbered one
 * after another and none is lost. Returns undefined when the resource is not in scope.
 */
export async function saveDraft(
  storage: Storage,
  scope: ResourceScope,
  id: string,
  name: string,
  config: unknown,
): Promise<{ revisionId: string } | undefined> {
  const revisionId = newId('rev');
  const now = nowIso();
  const configText = JSON.stringify(config);
  return storage.transaction(async ({ db: trx }) => {
      const bumped = await trx
        .updateTable('resources')
        .set((eb) => ({
          revision_seq: eb('revision_seq', '+', 1),
          name,
          draft_config: configText,
          draft_revision_id: revisionId,
          updated_at: now,
        }))
        .where('id', '=', id)
        .where('workspace_id', '=', scope.workspaceId)
        .where('kind', '=', scope.kind)
        .returning('revision_seq')
        .executeTakeFirst();
      if (!bumped) return undefined;
      await trx
        .insertInto('revisions')
        .values({
          id: revisionId,
          resource_id: id,
          workspace_id: scope.workspaceId,
          number: bumped.revision_seq,
          name,
          config: configText,
          created_at: now,
        })
        .execute();
      return { revisionId };
    });
}

/**
 * Copies the draft into the published config in one statement and records which revision is
 * live. Publishing a draft that is already live changes nothing and answers the same.
 */
export async function publishDraft(
  db: Db,
  scope: ResourceScope,
  id: string,
  onPublished?: (published: PublishResult & { name: string }) => Promise<unknown>,
): Promise<PublishResult | undefined> {
  const row = await db.selectFrom('resources')
    .select(['draft_revision_id', 'published_revision_id', 'published_at'])
    .where('id', '=', id)
    .where('workspace_id', '=', scope.workspaceId)
    .where('kind', '=', scope.kind)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.published_revision_id === row.draft_revision_id && row.published_at !== null) {
    return { id, revisionId: row.published_revision_id, publishedAt: row.published_at };
  }
  const now = nowIso();
  const updated = await db.updateTable('resources')
    .set((eb) => ({
      published_name: eb.ref('name'),
      published_config: eb.ref('draft_config'),
      published_revision_id: eb.ref('draft_revision_id'),
      published_at: now,
      updated_at: now,
    }))
    .where('id', '=', id)
    .where('workspace_id', '=', scope.workspaceId)
    .where('kind', '=', scope.kind)
    .returning(['published_revision_id', 'published_at', 'published_name'])
    .executeTakeFirst();
  if (!updated?.published_revision_id || !updated.published_at) return undefined;
  const result = { id, revisionId: updated.published_revision_id, publishedAt: updated.published_at };
  // Only a publish that changed something is reported (in the caller's transaction: webhooks).
  await onPublished?.({ ...result, name: updated.published_name ?? '' });
  return result;
}

/** The published config of a resource of `kind`, whatever its workspace (callers check it). */
export async function findPublished(
  storage: Storage,
  kind: ResourceKind,
  id: string,
): Promise<{ workspaceId: string; published: PublishedRow | null } | undefined> {
  const row = await storage.db.selectFrom('resources')
    .select(['workspace_id', 'name', 'published_name', 'published_config', 'published_revision_id', 'published_at'])
    .where('id', '=', id)
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.published_config === null || row.published_revision_id === null || row.published_at === null) {
    return { workspaceId: row.workspace_id, published: null };
  }
  return {
    workspaceId: row.workspace_id,
    published: {
      name: row.published_name ?? row.name,
      config: JSON.parse(row.published_config) as unknown,
      revisionId: row.published_revision_id,
      publishedAt: row.published_at,
    },
  };
}

/** How many resources of a kind a workspace has, and how many of them are published. */
export async function countResources(storage: Storage, scope: ResourceScope): Promise<{ total: number; published: number }> {
  const row = await storage.db.selectFrom('resources')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('total'),
      eb.fn.count<number | string>('published_revision_id').as('published'),
    ])
    .where('workspace_id', '=', scope.workspaceId)
    .where('kind', '=', scope.kind)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), published: Number(row.published) };
}

/** Whether a resource of the scope's kind and workspace has this id. */
export async function resourceExists(storage: Storage, scope: ResourceScope, id: string): Promise<boolean> {
  const row = await storage.db.selectFrom('resources')
    .select('id')
    .where('id', '=', id)
    .where('workspace_id', '=', scope.workspaceId)
    .where('kind', '=', scope.kind)
    .executeTakeFirst();
  return row !== undefined;
}

/** The config recorded by one revision of a workspace's resource. */
export async function findRevisionConfig(storage: Storage, workspaceId: string, revisionId: string): Promise<unknown> {
  const row = await storage.db.selectFrom('revisions')
    .select('config')
    .where('id', '=', revisionId)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return row === undefined ? undefined : (JSON.parse(row.config) as unknown);
}

export interface RevisionRow {
  id: string;
  number: number;
  name: string;
  config: unknown;
  createdAt: string;
}

/** A resource's revisions with their configs, newest first, after revision number `before`. */
export async function listRevisions(
  storage: Storage,
  scope: ResourceScope,
  id: string,
  page: { limit: number; before?: number | undefined },
): Promise<ListPage<RevisionRow> | undefined> {
  if (!(await resourceExists(storage, scope, id))) return undefined;
  let query = storage.db.selectFrom('revisions')
    .select(['id', 'number', 'name', 'config', 'created_at'])
    .where('resource_id', '=', id)
    .orderBy('number', 'desc')
    .limit(page.limit + 1);
  if (page.before !== undefined) query = query.where('number', '<', page.before);
  const rows = await query.execute();
  const items = rows.slice(0, page.limit).map((row) => ({
    id: row.id,
    number: row.number,
    name: row.name,
    config: JSON.parse(row.config) as unknown,
    createdAt: row.created_at,
  }));
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > page.limit && last ? String(last.number) : null };
}

/** One revision of a resource in scope. */
export async function findRevision(storage: Storage, scope: ResourceScope, id: string, revisionId: string): Promise<RevisionRow | undefined> {
  const row = await storage.db.selectFrom('revisions')
    .innerJoin('resources', 'resources.id', 'revisions.resource_id')
    .select(['revisions.id', 'revisions.number', 'revisions.name', 'revisions.config', 'revisions.created_at'])
    .where('revisions.id', '=', revisionId)
    .where('revisions.resource_id', '=', id)
    .where('resources.workspace_id', '=', scope.workspaceId)
    .where('resources.kind', '=', scope.kind)
    .executeTakeFirst();
  return row && { id: row.id, number: row.number, name: row.name, config: JSON.parse(row.config) as unknown, createdAt: row.created_at };
}
