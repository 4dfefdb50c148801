import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connect.js';
import type { Statement } from '../src/db/statements.js';
import { outboxStatements } from '../src/repositories/webhooks/outbox.js';
import { testDatabase } from './helpers.js';
import { planOf } from './plans.js';

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
    // The earlier pending delivery of the same object, looked up by its own index.
    expect(claim).toContain('webhook_deliveries_pending_object');
  });

  it('finds the endpoints with due deliveries through them', async () => {
    expect(await plan(statements.endpoints as Statement<string, unknown>, values)).toContain('webhook_deliveries_pending');
  });
});
