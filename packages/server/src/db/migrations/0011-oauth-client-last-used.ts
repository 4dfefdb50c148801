import { sql, type Kysely } from 'kysely';

/**
 * When each OAuth client last got an authorization code or tokens, so clients registered and
 * never used, or long unused, can be deleted (docs/security.md#oauth). Existing clients take the
 * time of their newest token; those without one count as never used.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('oauth_clients').addColumn('last_used_at', 'text').execute();
  await sql`UPDATE oauth_clients SET last_used_at = (SELECT max(created_at) FROM oauth_tokens WHERE oauth_tokens.client_id = oauth_clients.id)`.execute(db);
  await db.schema.createIndex('oauth_clients_last_used').on('oauth_clients').columns(['last_used_at', 'created_at']).execute();
}
