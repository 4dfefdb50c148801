import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import type { Outcome, SearchJob, SearchStatement } from '../post-search.js';
import type { SearchWorkerData, SearchWorkerMessage } from './search-pool.js';
import { rankCandidates } from '../search-rank.js';

/**
 * A search thread of the pool (search-pool.ts): its own read-only connection (WAL lets it read
 * beside the server's writer), a cache of prepared statements, and the same ranking as the
 * inline reader. Before each job it waits while the pool's gate is closed (`SearchPool.hold`).
 */
const port = parentPort;
if (port === null) throw new Error('search-worker.js runs as a worker thread');
const { path, gate: gateBuffer } = workerData as SearchWorkerData;
const db = new BetterSqlite3(path, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
db.pragma('mmap_size = 1073741824');
const gate = new Int32Array(gateBuffer);
/** Prepared statements by SQL; past 200, the oldest is dropped. */
const statements = new Map<string, BetterSqlite3.Statement>();

type Candidate = Parameters<typeof rankCandidates>[0][number];

function all(statement: SearchStatement): Array<Record<string, unknown>> {
  let prepared = statements.get(statement.sql);
  if (prepared === undefined) {
    prepared = db.prepare(statement.sql);
    const oldest = statements.keys().next();
    if (statements.size >= 200 && oldest.done !== true) statements.delete(oldest.value);
    statements.set(statement.sql, prepared);
  }
  return prepared.all(...statement.parameters) as Array<Record<string, unknown>>;
}

function run(job: SearchJob): Outcome {
  if (job.precheck && all(job.precheck).length === 0) return { ids: [] };
  const rows = all(job.candidates) as unknown as Candidate[];
  if (rows.length < job.needed && Number(all(job.budget)[0]?.n) >= job.maxRows) return { exhausted: true };
  return { ids: job.rank ? rankCandidates(rows, job.rank.terms, job.rank.cap) : rows.map((row) => row.id) };
}

const post = (message: SearchWorkerMessage) => port.postMessage(message);

// Compiles the ranking before the first search instead of during it.
const sample = Array.from({ length: 200 }, (_, i) => ({ id: `w${i}`, title: `Warm-up title ${i}`, body: `Café naïve résumé, a body of words ${i}`, vote_count: i }));
for (let i = 0; i < 5; i++) rankCandidates(sample, [{ text: 'word', prefix: false }, { text: 'ca', prefix: true }], 10);
post({ ready: true });

port.on('message', (job: SearchJob) => {
  Atomics.wait(gate, 0, 1);
  try {
    post({ ok: true, outcome: run(job) });
  } catch (error) {
    post({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});
