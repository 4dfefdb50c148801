import type BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Db } from '../connect.js';
import type { Database } from '../schema.js';

interface Handles {
  sqlite: BetterSqlite3.Database;
  /** What Kysely's SQLite dialect is given: the handle with a statement cache (open.ts). */
  database: ConstructorParameters<typeof SqliteDialect>[0]['database'];
  inside?: Db;
}

const handles = new WeakMap<object, Handles>();

/** Called by the SQLite opener: the better-sqlite3 handle behind a Kysely instance. */
export function attachSqliteHandle(db: Db, sqlite: BetterSqlite3.Database, database: Handles['database']): void {
  handles.set(db, { sqlite, database });
}

function handlesOf(db: Db): Handles {
  const found = handles.get(db);
  if (found === undefined) throw new Error('This database was not opened by openDatabase(); compiled statements need its SQLite handle.');
  return found;
}

export function sqliteOf(db: Db): BetterSqlite3.Database {
  return handlesOf(db).sqlite;
}

/**
 * Kysely on the same connection, for work that already holds it (`transaction` and `read` in
 * db/statements.ts): a second Kysely instance with a driver of its own, so its queries do not
 * wait for the connection the work holds through the first one. Never destroyed: closing the
 * database closes the handle.
 */
export function sqliteInsideOf(db: Db): Db {
  const found = handlesOf(db);
  found.inside ??= new Kysely<Database>({ dialect: new SqliteDialect({ database: found.database }) });
  return found.inside;
}
