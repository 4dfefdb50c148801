// The databases the benchmarks run on: a SQLite file, or a fresh PostgreSQL database on the
// run's cluster. PostgreSQL comes from BENCH_PG (a URL of a database the runner may CREATE
// DATABASE from) or, when unset, a throwaway cluster started here from the machine's PostgreSQL
// binaries (as the `postgres` user when run as root) and stopped at the end of the run.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';

/** The backends to measure: BENCH_BACKENDS (default both), in order. */
export function backendsFromEnv() {
  const names = (process.env.BENCH_BACKENDS ?? 'sqlite,postgres').split(',').map((name) => name.trim()).filter(Boolean);
  for (const name of names) if (name !== 'sqlite' && name !== 'postgres') throw new Error(`BENCH_BACKENDS: unknown backend ${name} (sqlite, postgres)`);
  return names;
}

function postgresBin() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(root, versions[0], 'bin');
}

/** BENCH_PG, or a throwaway cluster. Returns `{ url, stop() }`. */
export function startBenchPostgres() {
  if (process.env.BENCH_PG) return { url: process.env.BENCH_PG, stop: () => undefined };
  const bin = postgresBin();
  if (bin === undefined) throw new Error('PostgreSQL benchmarks need BENCH_PG=postgres://… or PostgreSQL installed (apt-get install postgresql); BENCH_BACKENDS=sqlite skips them');
  const dir = mkdtempSync(join(tmpdir(), 'inlay-bench-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const port = String(30_000 + Math.floor(Math.random() * 20_000));
  const root = process.getuid?.() === 0;
  const run = (command, args) => (root ? execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' }) : execFileSync(command, args, { stdio: 'pipe' }));
  run(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  // Durable as a production server is (fsync on): the figures are meant to compare with SQLite's.
  run(join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'log'), '-w', '-t', '60', '-o', `-c listen_addresses=127.0.0.1 -p ${port} -c max_connections=200 -k ${dir}`, 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      const args = ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop'];
      if (root) spawnSync('runuser', ['-u', 'postgres', '--', join(bin, 'pg_ctl'), ...args]);
      else spawnSync(join(bin, 'pg_ctl'), args);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let created = 0;

/** A fresh database on the cluster at `adminUrl`; its URL. */
export async function createPostgresDatabase(adminUrl, name) {
  const database = `bench_${name.replace(/[^a-z0-9_]/gi, '_')}_${process.pid}_${(created += 1)}`.toLowerCase();
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${database}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs one read-only query (`?` placeholders) on either backend; its rows. */
export async function readRows(location, sql, params = []) {
  if (/^postgres(ql)?:\/\//.test(location)) {
    const client = new pg.Client({ connectionString: location });
    await client.connect();
    try {
      let n = 0;
      return (await client.query(sql.replace(/\?/g, () => `$${(n += 1)}`), params)).rows;
    } finally {
      await client.end();
    }
  }
  const db = new Database(location, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params);
  } finally {
    db.close();
  }
}

/**
 * Sum of CPU time (ms) of every PostgreSQL server process on the machine: what the database
 * spent. A backend that ended (a pool closes idle connections) took its time with it, and the
 * postmaster counts it among its children's: so children's time is added too, or the sum falls.
 */
export function postgresCpuMs() {
  let total = 0;
  const tick = 100; // USER_HZ on Linux
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (!stat.slice(stat.indexOf('(') + 1, close).startsWith('postgres')) continue;
      const fields = stat.slice(close + 2).split(' ');
      // utime, stime, cutime, cstime (proc(5)).
      total += ((Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 1000) / tick;
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}
