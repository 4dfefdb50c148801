import type BetterSqlite3 from 'better-sqlite3';
import type { Db } from '../connect.js';

const handles = new WeakMap<object, BetterSqlite3.Database>();

/** Called by the SQLite opener: the better-sqlite3 handle behind a Kysely instance. */
export function attachSqliteHandle(db: Db, sqlite: BetterSqlite3.Database): void {
  handles.set(db, sqlite);
}

export function sqliteOf(db: Db): BetterSqlite3.Database {
  const sqlite = handles.get(db);
  if (sqlite === undefined) throw new Error('This database was not opened by openDatabase(); compiled statements need its SQLite handle.');
  return sqlite;
}
