import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { BundledMigrations, migrateToLatest } from './migrate.js';

describe('0011-oauth-client-last-used', () => {
  it('dates existing clients by their newest token, and leaves clients without one never used', async () => {
    const sqlite = new BetterSqlite3(':memory:');
    sqlite.pragma('foreign_keys = ON');
    const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
    const migrator = new Migrator({ db, provider: new BundledMigrations() });
    expect((await migrator.migrateTo('0008-trending-by-window')).error).toBeUndefined();
    sqlite.exec(`
      INSERT INTO workspaces (id, name, plan, created_at) VALUES ('ws_1', 'One', 'free', '2026-01-01');
      INSERT INTO accounts (id, email, password_hash, workspace_id, created_at) VALUES ('acct_1', 'a@b.test', 'x', 'ws_1', '2026-01-01');
      INSERT INTO oauth_clients (id, name, redirect_uris, created_at) VALUES ('client_used', 'Used', '[]', '2026-01-01'), ('client_unused', 'Unused', '[]', '2026-01-01');
    `);
    const token = sqlite.prepare(`INSERT INTO oauth_tokens (token_hash, kind, client_id, account_id, workspace_id, resource, scope, family, created_at, expires_at)
      VALUES (?, 'refresh', 'client_used', 'acct_1', 'ws_1', 'r', 'mcp', 'fam_1', ?, '2026-03-01')`);
    token.run('h1', '2026-01-02T00:00:00.000Z');
    token.run('h2', '2026-01-05T00:00:00.000Z');

    await migrateToLatest(db);

    expect(sqlite.prepare('SELECT id, last_used_at FROM oauth_clients ORDER BY id').all()).toEqual([
      { id: 'client_unused', last_used_at: null },
      { id: 'client_used', last_used_at: '2026-01-05T00:00:00.000Z' },
    ]);
    await db.destroy();
  });
});
