// Shared helpers for the benchmarks: child processes that are always cleaned up, autocannon runs
// in their own process, and small statistics/formatting helpers. No timing goals live here.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';

const require = createRequire(import.meta.url);

/** A timer for races that does not keep the process alive once the race is decided. */
const deadline = (ms, value) => sleep(ms, value, { ref: false });
/** autocannon's CLI script, run with this Node (no shell, no PATH lookup). */
export const AUTOCANNON_BIN = require.resolve('autocannon/autocannon.js');

/**
 * Every child process a benchmark starts, so the runner can end them all on success, error or
 * signal. Processes are ended by their own id only.
 */
export class Children {
  /** @type {Set<import('node:child_process').ChildProcess>} */
  #live = new Set();

  /**
   * Spawns `node <script> ...args`, collecting stdout/stderr.
   * @param {string} script
   * @param {string[]} args
   * @param {{ env?: NodeJS.ProcessEnv, nodeArgs?: string[], label?: string, cwd?: string }} [options]
   */
  spawnNode(script, args = [], options = {}) {
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), script, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
    });
    child.label = options.label ?? script;
    child.stdoutText = '';
    child.stderrText = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (child.stdoutText += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (child.stderrText += chunk));
    child.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    this.#live.add(child);
    void child.exited.then(() => this.#live.delete(child));
    return child;
  }

  /** SIGTERM every live child, then SIGKILL whatever is still running after `graceMs`. */
  async stopAll(graceMs = 3_000) {
    const children = [...this.#live];
    for (const child of children) signal(child, 'SIGTERM');
    await Promise.race([Promise.all(children.map((child) => child.exited)), deadline(graceMs)]);
    for (const child of this.#live) signal(child, 'SIGKILL');
    await Promise.race([Promise.all(children.map((child) => child.exited)), deadline(1_000)]);
  }

  /** Synchronous last resort (process `exit` handler). */
  killAllNow() {
    for (const child of this.#live) signal(child, 'SIGKILL');
  }
}

function signal(child, name) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    child.kill(name);
  } catch {
    // Already gone.
  }
}

/** Ends one child (SIGTERM, then SIGKILL after `graceMs`). */
export async function stopChild(child, graceMs = 3_000) {
  signal(child, 'SIGTERM');
  const result = await Promise.race([child.exited, deadline(graceMs)]);
  if (result) return result;
  signal(child, 'SIGKILL');
  return child.exited;
}

/**
 * Waits for the first complete line on a child's stdout that parses as a JSON object: the
 * targets announce `{url, ...}` that way once they are listening.
 */
export async function readyLine(child, timeoutMs = 60_000) {
  const started = Date.now();
  for (;;) {
    for (const line of child.stdoutText.split('\n').slice(0, -1)) {
      if (line.startsWith('{')) {
        try {
          return JSON.parse(line);
        } catch {
          // Not our line.
        }
      }
    }
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${child.label} exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${tail(child.stderrText || child.stdoutText)}`);
    }
    if (Date.now() - started > timeoutMs) {
      throw new Error(`${child.label} was not ready after ${timeoutMs} ms:\n${tail(child.stderrText)}`);
    }
    await sleep(25);
  }
}

/**
 * One autocannon run in its own process (`--json`), so the load generator never shares a
 * server's event loop. Returns autocannon's JSON result.
 * @param {Children} children
 * @param {{ url: string, connections: number, duration: number, headers?: Record<string, string>, label?: string }} run
 */
export async function autocannon(children, { url, connections, duration, headers = {}, label = 'autocannon' }) {
  const args = ['--json', '--connections', String(connections), '--duration', String(duration)];
  for (const [name, value] of Object.entries(headers)) args.push('--headers', `${name}=${value}`);
  args.push(url);
  const child = children.spawnNode(AUTOCANNON_BIN, args, { label });
  // Bounded: the run itself plus a generous margin for start-up and the final report.
  const limitMs = (duration + 30) * 1_000;
  const outcome = await Promise.race([child.exited, deadline(limitMs)]);
  if (!outcome) {
    await stopChild(child);
    throw new Error(`${label} did not finish within ${limitMs / 1_000} s`);
  }
  if (outcome.code !== 0) throw new Error(`${label} failed (${outcome.code ?? outcome.signal}):\n${tail(child.stderrText)}`);
  const line = child.stdoutText.trim().split('\n').filter((l) => l.startsWith('{')).pop();
  if (!line) throw new Error(`${label} printed no JSON result:\n${tail(child.stdoutText + child.stderrText)}`);
  return JSON.parse(line);
}

/** load-runner.mjs: programmatic autocannon runs whose requests vary (scenarios.mjs). */
export const LOAD_RUNNER = fileURLToPath(new URL('./load-runner.mjs', import.meta.url));

/**
 * One load-runner run in its own process: `scenario` from scenarios.mjs, fed the JSON spec in
 * `specFile` (url, publishableKey and what the scenario needs). Returns the runner's figures:
 * {duration, total, ok, non2xx, errors, timeouts, statusCodes, latency, kinds, outcomes} with
 * latencies as float milliseconds ({count, p50, p95, p99, max, mean}), overall and per request
 * kind (`kinds[kind]`, with that kind's `outcomes`).
 * @param {Children} children
 * @param {{ scenario: string, specFile: string, connections: number, duration: number, label?: string }} run
 */
export async function loadRun(children, { scenario, specFile, connections, duration, rate, label = `load ${scenario}` }) {
  const args = ['--scenario', scenario, '--spec', specFile, '--connections', String(connections), '--duration', String(duration), ...(rate === undefined ? [] : ['--rate', String(rate)])];
  const child = children.spawnNode(LOAD_RUNNER, args, { label });
  const limitMs = (duration + 30) * 1_000;
  const outcome = await Promise.race([child.exited, deadline(limitMs)]);
  if (!outcome) {
    await stopChild(child);
    throw new Error(`${label} did not finish within ${limitMs / 1_000} s`);
  }
  if (outcome.code !== 0) throw new Error(`${label} failed (${outcome.code ?? outcome.signal}):\n${tail(child.stderrText)}`);
  const line = child.stdoutText.trim().split('\n').filter((l) => l.startsWith('{')).pop();
  if (!line) throw new Error(`${label} printed no JSON result:\n${tail(child.stdoutText + child.stderrText)}`);
  const result = JSON.parse(line);
  if (result.ok === 0) throw new Error(`${label}: no 2xx responses (${JSON.stringify(result.statusCodes)}, ${result.errors} errors, ${result.timeouts} timeouts)`);
  return result;
}

/**
 * Asks a target started with `--cpu-prof-dir` to save the CPU profile of what it served so far
 * and start the next one, named `name` (see app-target.mjs). No-op when not profiling.
 */
export async function profilePhase(target, name, profiling) {
  if (!profiling) return;
  const response = await fetch(`${target.url}/__bench/profile?name=${encodeURIComponent(name)}`, { method: 'POST', signal: AbortSignal.timeout(30_000) });
  if (!response.ok) throw new Error(`profile phase ${name}: ${response.status} ${await response.text()}`);
}

/** GET with a secret key and a timeout; the `data` of the answer. */
export async function getData(url, key) {
  const response = await fetch(url, { headers: { authorization: `Bearer ${key}` }, signal: AbortSignal.timeout(10_000) });
  const body = await response.text();
  if (!response.ok) throw new Error(`GET ${url} → ${response.status}: ${body}`);
  return JSON.parse(body).data;
}

/**
 * CPU time of a process's main thread (where a Node server runs JavaScript and better-sqlite3's
 * synchronous queries) in milliseconds, from Linux's /proc/<pid>/schedstat; undefined elsewhere.
 */
export function mainThreadCpuMs(pid) {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return undefined;
  }
}

/**
 * CPU of each thread of a process so far, user and kernel apart, in ms (`utime`, `stime` of
 * /proc/<pid>/task/<tid>/stat at 100 ticks a second): a Map of tid → { user, system }. Undefined
 * off Linux. The main thread's tid is the pid.
 */
export function threadCpuMs(pid) {
  try {
    const threads = new Map();
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ');
        threads.set(Number(tid), { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 });
      } catch {
        // The thread ended between the listing and the read.
      }
    }
    return threads;
  } catch {
    return undefined;
  }
}

/**
 * Runs `work` and adds to its result the server's main-thread CPU over it: `serverBusy` (share
 * of wall time, 1 = the event loop never waited) and `serverCpuUs` per response. A server whose
 * busy share is near 1 is the limit; CPU per response is the figure least moved by other load
 * on the machine (it still rises when caches are shared).
 */
export async function withServerCpu(pid, work) {
  const cpuBefore = mainThreadCpuMs(pid);
  const started = performance.now();
  const result = await work();
  const cpuAfter = mainThreadCpuMs(pid);
  if (cpuBefore !== undefined && cpuAfter !== undefined) {
    result.serverBusy = (cpuAfter - cpuBefore) / (performance.now() - started);
    result.serverCpuUs = ((cpuAfter - cpuBefore) * 1000) / result.total;
  }
  return result;
}

/** Who used the CPU in a run: the server's main thread and the load generator. */
export function cpuNote(run) {
  const server = run.serverCpuUs === undefined ? '' : `server ${Math.round(100 * run.serverBusy)}% busy, ${fmtInt(run.serverCpuUs)} µs CPU/response; `;
  return `${server}load generator ${Math.round(100 * run.clientCpu)}% of a core`;
}

/** The repository's root, where the widgets' scripts and turbo run from. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TURBO_BIN = require.resolve('turbo/bin/turbo');
/** Bounded: a cold widgets build (and the packages it depends on) takes well under this. */
const BUILD_LIMIT_MS = 6 * 60_000;

/** Runs `node script ...args` from the repository root, bounded; its stdout, or throws with its output. */
export async function runNode(children, script, args, label, limitMs) {
  const child = children.spawnNode(script, args, { label, cwd: REPO_ROOT });
  const outcome = await Promise.race([child.exited, deadline(limitMs)]);
  if (!outcome) {
    await stopChild(child);
    throw new Error(`${label} did not finish within ${limitMs / 1000} s`);
  }
  if (outcome.code !== 0) throw new Error(`${label} failed (${outcome.code ?? outcome.signal}):\n${tail(child.stdoutText + child.stderrText, 40)}`);
  return child.stdoutText;
}

/**
 * Builds @inlay/widgets and what it depends on (`turbo run build --filter=@inlay/widgets`: cached
 * when nothing changed); the root `npm run bench` script builds only @inlay/server.
 */
export async function buildWidgets(children, log) {
  log('building @inlay/widgets (turbo; cached when unchanged)…');
  const started = Date.now();
  await runNode(children, TURBO_BIN, ['run', 'build', '--filter=@inlay/widgets', '--output-logs=errors-only'], 'turbo build @inlay/widgets', BUILD_LIMIT_MS);
  log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Whole numbers with thousands separators. */
export function fmtInt(value) {
  return Math.round(value).toLocaleString('en-US');
}

/** Milliseconds with one decimal below 100 ms. */
export function fmtMs(value) {
  return value >= 100 ? value.toFixed(0) : value.toFixed(1);
}

/** The figures a benchmark reports for one autocannon run; throws if the run was not clean. */
export function summarise(result, label) {
  const problems = [];
  if (result.errors > 0) problems.push(`${result.errors} connection errors`);
  if (result.timeouts > 0) problems.push(`${result.timeouts} timeouts`);
  if (result.non2xx > 0) problems.push(`${result.non2xx} non-2xx responses`);
  if (result.requests.total === 0) problems.push('no responses');
  if (problems.length > 0) throw new Error(`${label}: the run is not valid (${problems.join(', ')})`);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    bytesPerResponse: result.throughput.total / result.requests.total,
  };
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Positive integer from the environment, or the default. */
export function envInt(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number, not ${JSON.stringify(raw)}`);
  return value;
}

/** Plain-text table: right-aligns every column but the first. */
export function table(header, rows) {
  const all = [header, ...rows].map((row) => row.map(String));
  const widths = header.map((_, i) => Math.max(...all.map((row) => row[i].length)));
  const line = (row) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  return [line(all[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...all.slice(1).map(line)].join('\n');
}

export function tail(text, lines = 20) {
  return text.trim().split('\n').slice(-lines).join('\n');
}
