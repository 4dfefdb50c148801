import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connect.js';
import type { Statement } from '../src/db/statements.js';
import { outboxStatements } from '../src/repositories/webhooks/outbox.js';
import { onPostgres, testDatabase } from './helpers.js';
import { planOf } from './plans.js';

/** The index condition of the claim's lookup (`e`) in `webhook_deliveries_pending_object`. */
function objectLookup(plan: string): string {
  const lines = plan.split('\n');
  const at = lines.findIndex((line) => (onPostgres ? line.includes('webhook_deliveries_pending_object on webhook_deliveries e') : /SEARCH e USING .*webhook_deliveries_pending_object/.test(line)));
  if (at < 0) return '';
  if (!onPostgres) return /webhook_deliveries_pending_object \((.*)\)/.exec(lines[at] ?? '')?.[1] ?? '';
  return /Index Cond: (.*)/.exec(lines.slice(at + 1).find((line) => line.includes('Index Cond')) ?? '')?.[1] ?? '';
}

// The sender's statements must read the partial indexes of pending deliveries (migration 0013)
// however they are planned. On PostgreSQL a prepared statement is planned once for any values
// after five runs (the generic plan): a condition bound as a parameter then matches no partial
// index, and a claim scanned every delivery for each candidate (84 s at 10,000 deliveries).
// Sequential scans are switched off so that the plan shows which indexes it can use at all.
describe('the outbox statements read the pending deliveries through their partial indexes', async () => {
  const storage = await openDatabase(await testDatabase('outbox-plans.db'));
  afterAll(() => storage.close());
  const statements = outboxStatements(storage);
  const values = { endpointId: 'whe_1', workspaceId: 'ws_1', mode: 'test', now: 1, limit: 8, leaseUntil: 2, one: 1, on: 1 };

  const plan = (statement: Statement<string, unknown>, params: Record<string, unknown>) => planOf(storage, statement, params, { noSeqScan: true });

  it('claims through them', async () => {
    const claim = await plan(statements.claim as Statement<string, unknown>, values);
    expect(claim).toContain('webhook_deliveries_pending');
    // The first pending delivery of a candidate's object: sought by endpoint and object in its
    // own index, not found by walking every pending delivery of the endpoint for each candidate.
    expect(objectLookup(claim), claim).toMatch(onPostgres ? /endpoint_id = d\.endpoint_id\) AND \(object_key = d\.object_key\)/ : /^endpoint_id=\? AND object_key=\?/);
  });

  it('finds the endpoints with due deliveries through them', async () => {
    expect(await plan(statements.endpoints as Statement<string, unknown>, values)).toContain('webhook_deliveries_pending');
  });
});
