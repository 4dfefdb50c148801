// What a webhook delivery's own parts cost, measured bare in a process of their own, for the
// webhooks benchmark (webhooks.mjs) to set beside a vote's CPU: the floor under the server's
// cost per delivery, before any bookkeeping (ids, the claim, thread messages, batching).
// - The attempt as the delivery thread makes it: the server's AttemptClient (signature, undici
//   dispatch over kept connections, the excerpt) against the benchmark's receiver.
// - On SQLite, a delivery's rows as the outbox writes them: the insert, the lease and the mark
//   delivered, each in transactions of 16 as a group commit would take them.
//   node webhook-floor.mjs --url <receiver> --body-file <file> [--db <sqlite file> --endpoint <id>] [--count 20000]
// Prints one JSON line: { attemptUs, rowsUs } (CPU of this process, user + kernel, per delivery).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { AttemptClient } from '../dist/webhooks/attempt.js';

const { values } = parseArgs({
  options: { url: { type: 'string' }, 'body-file': { type: 'string' }, db: { type: 'string' }, endpoint: { type: 'string' }, count: { type: 'string', default: '20000' } },
});
if (!values.url || !values['body-file']) throw new Error('--url and --body-file are required');
const count = Number(values.count);
const body = readFileSync(values['body-file'], 'utf8');
const BATCH = 16;
/** Ids of this run's rows, apart from any earlier run's on the same database. */
const RUN = Date.now().toString(36);

/** CPU of this process (all its threads), user + kernel, in µs per item, over `work`. */
async function cpuPer(items, work) {
  const before = process.cpuUsage();
  await work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / items;
}

async function attempts() {
  const client = new AttemptClient({ allowPrivateTargets: true, timeoutMs: 10_000, concurrency: 16, totalConcurrency: 256, responseExcerptBytes: 1_024 });
  const secrets = ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'];
  const run = async (n) => {
    for (let done = 0; done < n; done += 256) {
      const results = await Promise.all(Array.from({ length: Math.min(256, n - done) }, (_, i) => client.attempt({ id: `msg_floor${done + i}`, endpointId: 'whe_floor', url: values.url, body, secrets })));
      const failed = results.find((result) => result.statusCode !== 204);
      if (failed) throw new Error(`the receiver answered ${JSON.stringify(failed)}`);
    }
  };
  await run(2_000);
  const us = await cpuPer(count, () => run(count));
  client.close();
  return us;
}

async function rows() {
  const db = new Database(values.db);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  const endpoint = db.prepare('SELECT id, workspace_id, mode FROM webhook_endpoints WHERE id = ?').get(values.endpoint);
  if (!endpoint) throw new Error(`no endpoint ${values.endpoint} in ${values.db}`);
  const insert = db.prepare(
    `INSERT INTO webhook_deliveries (id, endpoint_id, workspace_id, mode, type, object_key, body, status, attempts, retry_index, next_attempt_at, lease_until, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'vote.created', ?, ?, 'pending', 0, 0, ?, 0, ?, ?)`,
  );
  const lease = db.prepare('UPDATE webhook_deliveries SET lease_until = ?, attempts = attempts + 1 WHERE seq = ?');
  const mark = db.prepare(
    `UPDATE webhook_deliveries SET status = 'succeeded', next_attempt_at = ?, lease_until = 0, updated_at = ?, attempted_at = ?, status_code = 204, latency_ms = 1, response_excerpt = NULL WHERE seq = ?`,
  );
  const inBatches = (n, each) => {
    for (let done = 0; done < n; done += BATCH) db.transaction(() => {
      for (let i = done; i < Math.min(n, done + BATCH); i++) each(i);
    })();
  };
  const deliver = (n, from) => {
    const now = Date.now();
    const text = new Date(now).toISOString();
    const seqs = [];
    inBatches(n, (i) => seqs.push(insert.run(`msg_floor${RUN}_${from + i}`, endpoint.id, endpoint.workspace_id, endpoint.mode, `post_floor${i % 1_000}`, body, now, text, text).lastInsertRowid));
    inBatches(n, (i) => lease.run(now + 60_000, seqs[i]));
    inBatches(n, (i) => mark.run(now, text, text, seqs[i]));
  };
  deliver(2_000, 0);
  const us = await cpuPer(count, () => deliver(count, 2_000));
  db.close();
  return us;
}

const attemptUs = await attempts();
const rowsUs = values.db ? await rows() : null;
console.log(JSON.stringify({ attemptUs, rowsUs }));
