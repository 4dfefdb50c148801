import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { BundledMigrations, migrateToLatest } from './migrate.js';

describe('0015-dashboard-sessions', () => {
  it("makes every existing account a member of its workspace, and keeps existing sessions and keys readable", async () => {
    const sqlite = new BetterSqlite3(':memory:');
    sqlite.pragma('foreign_keys = ON');
    const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
    const migrator = new Migrator({ db, provider: new BundledMigrations() });
    expect((await migrator.migrateTo('0014-import-rows-acknowledged')).error).toBeUndefined();
    sqlite.exec(`
      INSERT INTO workspaces (id, name, plan, created_at) VALUES ('ws_1', 'One', 'free', '2026-01-01'), ('ws_2', 'Two', 'free', '2026-01-01');
      INSERT INTO accounts (id, email, password_hash, workspace_id, created_at) VALUES ('acct_1', 'a@b.test', 'x', 'ws_1', '2026-01-02'), ('acct_2', 'c@d.test', 'x', 'ws_2', '2026-01-03');
      INSERT INTO dashboard_sessions (token_hash, account_id, csrf_token, created_at, expires_at) VALUES ('h', 'acct_1', 'c', '2026-01-02', '2026-01-03');
      INSERT INTO api_keys (id, workspace_id, mode, kind, key_hash, last4, created_at, revoked_at) VALUES ('key_1', 'ws_1', 'test', 'pub', 'kh', 'abcd', '2026-01-01', NULL);
    `);

    await migrateToLatest(db);

    expect(sqlite.prepare('SELECT account_id, workspace_id, created_at FROM account_workspaces ORDER BY account_id').all()).toEqual([
      { account_id: 'acct_1', workspace_id: 'ws_1', created_at: '2026-01-02' },
      { account_id: 'acct_2', workspace_id: 'ws_2', created_at: '2026-01-03' },
    ]);
    expect(sqlite.prepare('SELECT current_workspace_id FROM dashboard_sessions').get()).toEqual({ current_workspace_id: null });
    expect(sqlite.prepare('SELECT last_used_at FROM api_keys').get()).toEqual({ last_used_at: null });
    await db.destroy();
  });
});
