import { sql } from 'kysely';
import type { InlayContext } from '../context.js';
import { changesOf, type Change } from '../db/changes.js';
import type { Db } from '../db/connect.js';
import { isPostgres } from '../db/dialect.js';
import type { ResourceKind } from '@inlay/core';

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

type CachingContext = Pick<InlayContext, 'db' | 'published' | 'snapshots' | 'keys' | 'signingSecrets'>;

/**
 * What the server context's caches drop for one change (db/changes.ts). Post rows and the
 * webhook subscription index listen on the bus themselves (services/feedback/posts.ts,
 * webhooks/events.ts).
 */
export function applyChange(context: CachingContext, change: Change): void {
  switch (change.topic) {
    case 'published':
      if (change.kind !== undefined && change.id !== undefined) context.published.invalidate(change.kind as ResourceKind, change.id);
      else context.published.clear();
      return;
    case 'keys':
      context.keys.clear();
      return;
    case 'signing-secrets':
      context.signingSecrets.clear();
      return;
    case 'lists':
      if (change.id !== undefined) context.snapshots.invalidate(change.id);
      else context.snapshots.clearShared();
      return;
    case 'all':
      context.snapshots.clearShared();
      context.published.clear();
      context.keys.clear();
      context.signingSecrets.clear();
      return;
    default:
      return;
  }
}

/**
 * Watches for commits by other processes on the server's database file: the operator CLI writes
 * the same file as a running server, which otherwise keeps answering from its caches (post rows
 * 30 s, list snapshots, published configs, keys). Every `intervalMs` it reads `data_version`;
 * when it moved, every cache hears `all` on the change bus, so a CLI change shows within about
 * one interval (docs/self-hosting.md). Writes by another server on the same file clear them too:
 * that costs some cache hits, never a stale answer.
 */
export function watchExternalChanges(context: Pick<InlayContext, 'db'>, intervalMs: number): { stop(): void } {
  let last: number | undefined;
  let running = false;
  const check = async () => {
    if (running) return;
    running = true;
    try {
      const version = await dataVersion(context.db);
      if (last !== undefined && version !== last) changesOf(context.db).deliver({ topic: 'all' });
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
