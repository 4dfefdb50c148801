import { sql } from 'kysely';
import type { InlayContext } from '../context.js';
import type { Db } from '../db/connect.js';
import { isPostgres } from '../db/dialect.js';
import { forgetAllPosts } from '../repositories/posts.js';

/**
 * SQLite's `PRAGMA data_version`: the same number on one connection until another connection
 * commits (this server's own writes never move it). Reading it touches no table, only the
 * shared WAL index, so polling it every second costs next to nothing.
 */
export async function dataVersion(db: Db): Promise<number> {
  // PostgreSQL instances hear of each other's changes through db/postgres/changes.ts instead.
  if (isPostgres(db)) return 0;
  const { rows } = await sql<{ data_version: number }>`PRAGMA data_version`.execute(db);
  return Number(rows[0]?.data_version ?? 0);
}

/**
 * Drops what the server keeps in memory about posts, lists, published configs and keys. Called
 * after another process committed (the operator CLI deleted, merged or changed something), and
 * by in-process operator actions (the dashboard) after theirs.
 */
export function forgetCachedState(context: Pick<InlayContext, 'db' | 'published' | 'snapshots' | 'keys'>): void {
  forgetAllPosts(context.db);
  context.snapshots.clearShared();
  context.published.clear();
  context.keys.clear();
}

/**
 * Watches for commits by other processes on the server's database file: the operator CLI writes
 * the same file as a running server, which otherwise keeps answering from its caches (post rows
 * 30 s, list snapshots, published configs, keys). Every `intervalMs` it reads `data_version`;
 * when it moved, the caches go, so a CLI change shows within about one interval
 * (docs/self-hosting.md). Writes by another server on the same file clear them too: that costs
 * some cache hits, never a stale answer.
 */
export function watchExternalChanges(context: Pick<InlayContext, 'db' | 'published' | 'snapshots' | 'keys'>, intervalMs: number): { stop(): void } {
  let last: number | undefined;
  let running = false;
  const check = async () => {
    if (running) return;
    running = true;
    try {
      const version = await dataVersion(context.db);
      if (last !== undefined && version !== last) forgetCachedState(context);
      last = version;
    } catch {
      // A closed or busy database: the next tick tries again.
    } finally {
      running = false;
    }
  };
  void check();
  const timer = setInterval(() => void check(), intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
