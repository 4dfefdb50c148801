import type { Kysely } from 'kysely';

/**
 * Every table whose rows a resource's deletion cascades to is indexed by the column naming the
 * resource (docs/decisions.md, "Storage and hot writes"). Outcomes were indexed by workspace
 * first and import sessions not by importer at all, so deleting any flow, board or importer read
 * every outcome and every import session of every workspace to find its own (the foreign keys'
 * check, whatever the resource's kind): 332 ms with 2,000,000 outcomes on SQLite, in the
 * transaction that holds the server, and again for each resource of a deleted workspace.
 * Outcomes keep one index, its columns reordered (flow first), so a write updates no more
 * indexes than before; every outcome query names the flow, workspace and mode. An import
 * session is written once per import, so its new index costs next to nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('outcomes_by_flow').on('outcomes').columns(['flow_id', 'workspace_id', 'mode', 'created_at']).execute();
  await db.schema.dropIndex('outcomes_flow').execute();
  await db.schema.createIndex('import_sessions_importer').on('import_sessions').column('importer_id').execute();
}
