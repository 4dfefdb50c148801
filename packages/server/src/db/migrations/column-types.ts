import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';

/**
 * Column types for the migrations, which both backends run from one source (docs/self-hosting.md).
 * SQLite's INTEGER holds 64 bits and REAL is a double; on PostgreSQL `integer` is 32 bits
 * (epoch milliseconds overflow it) and `real` is a float4 (a keyset comparison on a rounded
 * score breaks), so they become `bigint` and `double precision` there.
 */
export function columnTypes(db: Kysely<unknown>) {
  // A migration is given Kysely alone: its adapter tells the backend.
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return {
    postgres,
    int: postgres ? ('bigint' as const) : ('integer' as const),
    real: postgres ? ('double precision' as const) : ('real' as const),
    blob: postgres ? ('bytea' as const) : ('blob' as const),
    /** SQLite's `WITHOUT ROWID`, for tables keyed by their primary key alone; nothing on PostgreSQL. */
    withoutRowid: (postgres ? sql`` : sql`WITHOUT ROWID`) as RawBuilder<unknown>,
  };
}
