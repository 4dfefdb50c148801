// Benchmark: server delivery of import rows (docs/importer.md#server-delivery). The built `inlay`
// CLI serves a fresh database; BENCH_DELIVERY_ROWS rows (default 1,000,000) are uploaded through
// `POST /api/v1/sessions/:id/rows` in chunks of 5,000, one at a time as the widget sends them,
// the session completes, and `@inlay/node` reads every row back (`importer.sessions.rows`, pages
// of 5,000) and acknowledges them. Reports rows/s of the upload and of the read-back and the
// server's peak RSS (VmHWM). Targets: upload ≥ 20,000 rows/s, read-back ≥ 100,000 rows/s, peak
// RSS < 512 MiB.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Inlay } from '@inlay/node';
import { envInt, fmtInt, stopChild, table, tail } from './lib.mjs';

const CLI = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const CHUNK_ROWS = 5_000;
const TARGET_UPLOAD = 20_000;
const TARGET_READ = 100_000;
const TARGET_RSS_MIB = 512;

/** A row like a contact list's: an email, a name, a plan and a number. */
const rowAt = (i) => ({ email: `user${i}@example.com`, name: `User number ${i}`, plan: ['free', 'pro', 'team'][i % 3], seats: (i % 50) + 1 });

/** @type {import('./run.mjs').Benchmark} */
export const importDeliveryBenchmark = {
  name: 'import-delivery',
  title: 'import rows uploaded through the route and read back with @inlay/node',
  async run({ children, log, database }) {
    const total = envInt('BENCH_DELIVERY_ROWS', 1_000_000);
    const db = await database('delivery');
    const { stdout } = await promisify(execFile)(process.execPath, [CLI, 'init', '--json', '--db', db], { timeout: 120_000 });
    const { keys } = JSON.parse(stdout);
    const server = children.spawnNode(CLI, ['start', '--port', '0', '--db', db, '--log-level', 'warn'], { label: 'inlay start' });
    const origin = await runningAt(server);
    const inlay = new Inlay({ secretKey: keys.testSecret, baseUrl: origin, timeout: 120_000 });
    const { importerId } = await inlay.importer.importers.create({ name: 'Contacts' });
    await inlay.importer.importers.updateDraft(importerId, {
      name: 'Contacts',
      config: {
        fields: [
          { key: 'email', label: 'Email', type: 'email', required: true },
          { key: 'name', label: 'Name', type: 'string' },
          { key: 'plan', label: 'Plan', type: 'enum', enumValues: ['free', 'pro', 'team'] },
          { key: 'seats', label: 'Seats', type: 'number' },
        ],
        delivery: 'server',
      },
    });
    await inlay.importer.importers.publish(importerId);
    const widget = async (path, body) => {
      const response = await fetch(`${origin}/importer${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${keys.testPublishable}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const json = await response.json();
      if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
      return json.data;
    };
    const session = await widget('/api/v1/sessions', { importerId });

    const chunks = Math.ceil(total / CHUNK_ROWS);
    let bytes = 0;
    const uploadStart = performance.now();
    for (let chunk = 0; chunk < chunks; chunk++) {
      const rows = [];
      for (let i = chunk * CHUNK_ROWS; i < Math.min(total, (chunk + 1) * CHUNK_ROWS); i++) rows.push(rowAt(i));
      const body = { chunk, rows };
      bytes += JSON.stringify(body).length;
      await widget(`/api/v1/sessions/${session.id}/rows`, body);
      if (chunk % 40 === 39) log(`uploaded ${fmtInt((chunk + 1) * CHUNK_ROWS)} rows`);
    }
    const completed = await widget(`/api/v1/sessions/${session.id}/complete`, { mapping: { email: 'Email', name: 'Name', plan: 'Plan', seats: 'Seats' }, rowCount: total, errorCount: 0 });
    const uploadS = (performance.now() - uploadStart) / 1000;
    log(`upload and completion: ${uploadS.toFixed(1)} s (${fmtInt(bytes / 1024 / 1024)} MiB of bodies); session rowCount ${fmtInt(completed.rowCount)}`);

    const readStart = performance.now();
    let read = 0;
    let inOrder = true;
    for await (const row of inlay.importer.sessions.rows(session.id)) {
      if (row.seats !== (read % 50) + 1) inOrder = false;
      read += 1;
    }
    await inlay.importer.sessions.acknowledge(session.id);
    const readS = (performance.now() - readStart) / 1000;
    const peakMiB = peakRssMiB(server.pid);
    await stopChild(server);
    if (read !== total || !inOrder) throw new Error(`read back ${read} of ${total} rows${inOrder ? '' : ', out of order'}`);

    const uploadRate = total / uploadS;
    const readRate = total / readS;
    const report = [
      table(
        ['phase', 'rows', 'seconds', 'rows/s'],
        [
          ['upload (chunks of 5,000, one at a time) + complete', fmtInt(total), uploadS.toFixed(1), fmtInt(uploadRate)],
          ['read back with @inlay/node (pages of 5,000) + acknowledge', fmtInt(read), readS.toFixed(1), fmtInt(readRate)],
        ],
      ),
      `server peak RSS (VmHWM) ${peakMiB.toFixed(0)} MiB; ${fmtInt(bytes / 1024 / 1024)} MiB of upload bodies`,
    ].join('\n');
    return {
      report,
      checks: [
        { name: 'upload rows/s', value: fmtInt(uploadRate), target: `≥ ${fmtInt(TARGET_UPLOAD)}`, pass: uploadRate >= TARGET_UPLOAD },
        { name: 'read-back rows/s', value: fmtInt(readRate), target: `≥ ${fmtInt(TARGET_READ)}`, pass: readRate >= TARGET_READ },
        { name: 'server peak RSS', value: `${peakMiB.toFixed(0)} MiB`, target: `< ${TARGET_RSS_MIB} MiB`, pass: peakMiB < TARGET_RSS_MIB },
      ],
    };
  },
};

/** The URL `inlay start` prints once it listens. */
async function runningAt(child, timeoutMs = 120_000) {
  const started = Date.now();
  for (;;) {
    const match = /Inlay is running at (http:\/\/\S+)/.exec(child.stdoutText);
    if (match) return match[1];
    if (child.exitCode !== null) throw new Error(`inlay start exited:\n${tail(child.stderrText || child.stdoutText)}`);
    if (Date.now() - started > timeoutMs) throw new Error(`inlay start printed no URL:\n${tail(child.stderrText)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The process's peak resident set (Linux VmHWM), in MiB. */
function peakRssMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kib / 1024;
}
