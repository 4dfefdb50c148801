import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { BundledMigrations, migrateToLatest } from './migrate.js';

/** An in-memory database migrated up to `migration`, holding workspace ws_1 and its board board_1. */
async function boardAt(migration: string) {
  const sqlite = new BetterSqlite3(':memory:');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
  const migrator = new Migrator({ db, provider: new BundledMigrations() });
  expect((await migrator.migrateTo(migration)).error).toBeUndefined();
  sqlite.exec(`
    INSERT INTO workspaces (id, name, plan, created_at) VALUES ('ws_1', 'One', 'free', '2026-01-01');
    INSERT INTO resources (id, workspace_id, kind, name, draft_config, draft_revision_id, revision_seq, created_at, updated_at)
      VALUES ('board_1', 'ws_1', 'board', 'Ideas', '{}', 'rev_1', 1, '2026-01-01', '2026-01-01');
  `);
  return { sqlite, db };
}

describe('0007-votes-without-rowid', () => {
  it('keeps every vote and its key rules when the table is rebuilt', async () => {
    const { sqlite, db } = await boardAt('0006-import-rows');
    const insertPost = sqlite.prepare(`INSERT INTO posts (id, workspace_id, mode, board_id, title, body, vote_count, trending_score, author_key, author_id, author_anonymous, created_at, updated_at)
      VALUES (?, 'ws_1', 'test', 'board_1', 'Title', '', 0, 0, 'u:1', '1', 0, '2026-01-01', '2026-01-01')`);
    insertPost.run('post_1');
    insertPost.run('post_2');
    const vote = sqlite.prepare('INSERT INTO votes (post_id, author_key, created_at) VALUES (?, ?, ?)');
    vote.run('post_1', 'u:a', '2026-01-02');
    vote.run('post_1', 'a:b', '2026-01-03');
    vote.run('post_2', 'u:a', '2026-01-04');

    await migrateToLatest(db);

    expect(sqlite.prepare('SELECT post_id, author_key, created_at FROM votes ORDER BY post_id, author_key').all()).toEqual([
      { post_id: 'post_1', author_key: 'a:b', created_at: '2026-01-03' },
      { post_id: 'post_1', author_key: 'u:a', created_at: '2026-01-02' },
      { post_id: 'post_2', author_key: 'u:a', created_at: '2026-01-04' },
    ]);
    expect(String((sqlite.prepare("SELECT sql FROM sqlite_master WHERE name = 'votes'").get() as { sql: string }).sql)).toMatch(/without rowid/i);
    expect(() => vote.run('post_1', 'u:a', '2026-01-05')).toThrow(/UNIQUE|PRIMARY KEY/);
    expect(() => vote.run('post_9', 'u:a', '2026-01-05')).toThrow(/FOREIGN KEY/);
    sqlite.exec("DELETE FROM posts WHERE id = 'post_1'");
    expect(sqlite.prepare('SELECT count(*) AS n FROM votes').get()).toEqual({ n: 1 });
    await db.destroy();
  });
});

describe('0008-trending-by-window', () => {
  it('drops the index on the trending score, finds posts by creation time, and runs again harmlessly', async () => {
    const sqlite = new BetterSqlite3(':memory:');
    const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
    const migrator = new Migrator({ db, provider: new BundledMigrations() });
    expect((await migrator.migrateTo('0007-votes-without-rowid')).error).toBeUndefined();
    const indexes = () => (sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'posts' AND sql IS NOT NULL ORDER BY name").all() as { name: string }[]).map((row) => row.name);
    expect(indexes()).toEqual(['posts_new', 'posts_top', 'posts_trending']);
    // Up to 0008 only: later migrations add indexes of their own (0020's filtered lists).
    expect((await migrator.migrateTo('0008-trending-by-window')).error).toBeUndefined();
    expect(indexes()).toEqual(['posts_created', 'posts_new', 'posts_top']);
    const { up } = await import('./migrations/0008-trending-by-window.js');
    await up(db);
    expect(indexes()).toEqual(['posts_created', 'posts_new', 'posts_top']);
    await db.destroy();
  });
});

describe('0020-feedback-comments', () => {
  it('gives existing posts no category and no comments, and existing votes no name or email', async () => {
    const { sqlite, db } = await boardAt('0019-optimistic-writes');
    sqlite.exec(`
      INSERT INTO posts (id, workspace_id, mode, board_id, title, body, vote_count, trending_score, author_key, author_id, author_anonymous, created_at, updated_at)
        VALUES ('post_1', 'ws_1', 'test', 'board_1', 'Title', '', 1, 0, 'u:1', '1', 0, '2026-01-01', '2026-01-01');
      INSERT INTO votes (post_id, author_key, created_at) VALUES ('post_1', 'u:a', '2026-01-02');
    `);
    await migrateToLatest(db);
    expect(sqlite.prepare('SELECT category_id, comment_count FROM posts').all()).toEqual([{ category_id: null, comment_count: 0 }]);
    expect(sqlite.prepare('SELECT author_name, author_email FROM votes').all()).toEqual([{ author_name: null, author_email: null }]);
    // A post's comments and the links to it go with it.
    sqlite.exec(`
      INSERT INTO comments (id, workspace_id, mode, board_id, post_id, parent_id, thread_id, body, author_key, author_id, author_anonymous, team, created_at)
        VALUES ('cmt_1', 'ws_1', 'test', 'board_1', 'post_1', NULL, 'cmt_1', 'Hi', 'u:a', 'a', 0, 0, '2026-01-03');
      INSERT INTO post_merges (post_id, into_id, workspace_id, mode, merged_at) VALUES ('post_0', 'post_1', 'ws_1', 'test', '2026-01-04');
      DELETE FROM posts WHERE id = 'post_1';
    `);
    expect(sqlite.prepare('SELECT (SELECT count(*) FROM comments) AS comments, (SELECT count(*) FROM post_merges) AS merges').get()).toEqual({ comments: 0, merges: 0 });
    await db.destroy();
  });
});
