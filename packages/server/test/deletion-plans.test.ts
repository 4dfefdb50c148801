import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Param, Statement } from '../src/db/statements.js';
import { harness, onPostgres } from './helpers.js';
import { planOf } from './plans.js';

// Deleting a flow, board or importer cascades, through the foreign keys, to every table that
// names a resource; the database finds each table's rows by the column that names it. Without an
// index leading with that column, each deletion read the whole table, every workspace's rows
// (outcomes and import sessions until migration 0033: 332 ms with 2,000,000 outcomes on SQLite).

const h = await harness();

const CHILDREN = [
  ['revisions', 'resource_id'],
  ['progress', 'flow_id'],
  ['outcomes', 'flow_id'],
  ['posts', 'board_id'],
  ['import_sessions', 'importer_id'],
] as const;

describe("a resource's deletion finds its rows in each table through an index", () => {
  it.each(CHILDREN)('%s by %s', async (table, column) => {
    if (onPostgres) {
      // An index led by the column (PostgreSQL may also scan a whole index led by another one,
      // which a plan with sequential scans off would show as an index scan all the same).
      const leading = await sql<{ name: string }>`
        SELECT c.relname AS name FROM pg_index i
        JOIN pg_class t ON t.oid = i.indrelid JOIN pg_class c ON c.oid = i.indexrelid
        JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = i.indkey[0]
        WHERE t.relname = ${table} AND a.attname = ${column}`.execute(h.storage.db);
      expect(leading.rows.length, `${table}: no index led by ${column}`).toBeGreaterThan(0);
    } else {
      const statement = h.storage.compile((p: Param<'id'>) => h.storage.db.deleteFrom(table).where(column, '=', p('id')));
      const plan = await planOf(h.storage, statement as Statement<string, unknown>, { id: 'flow_1' });
      expect(plan, plan).toMatch(new RegExp(`^SEARCH ${table} USING`));
    }
  });
});
