import { CompiledQuery } from 'kysely';
import pg from 'pg';
import type { Storage } from '../src/db/connect.js';
import type { Statement } from '../src/db/statements.js';
import { onPostgres } from './helpers.js';

/**
 * The plan of `statement` with `params`, as the storage would run it: SQLite's `EXPLAIN QUERY
 * PLAN`, or PostgreSQL's generic plan, the one a prepared statement keeps for any values after
 * five runs (`plan_cache_mode = force_generic_plan`), so a test sees what a busy server runs
 * before the table has statistics. `noSeqScan` switches sequential scans off on PostgreSQL, to
 * show which indexes a statement can use at all.
 */
export async function planOf(storage: Storage, statement: Statement<string, unknown>, params: Record<string, unknown>, options: { noSeqScan?: boolean } = {}): Promise<string> {
  const bound = statement.values(params);
  if (!onPostgres) {
    const rows = await storage.db.executeQuery(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${statement.sql}`, bound));
    return (rows.rows as Array<{ detail: string }>).map((row) => row.detail).join('\n');
  }
  const client = new pg.Client({ connectionString: storage.location });
  await client.connect();
  try {
    await client.query('SET plan_cache_mode = force_generic_plan');
    if (options.noSeqScan === true) await client.query('SET enable_seqscan = off');
    await client.query(`PREPARE planned AS ${statement.sql}`);
    // EXPLAIN takes no bound parameters: the values are written in.
    const literals = bound.map((value) => (typeof value === 'number' ? String(value) : client.escapeLiteral(String(value)))).join(', ');
    const explained = await client.query(`EXPLAIN EXECUTE planned(${literals})`);
    return (explained.rows as Array<{ 'QUERY PLAN': string }>).map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    await client.end();
  }
}
