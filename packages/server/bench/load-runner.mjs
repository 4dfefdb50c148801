// A programmatic autocannon run in its own process, for loads whose requests vary (a different
// user, item, post or query per request), which the CLI cannot express.
//   node load-runner.mjs --scenario progress --spec spec.json --connections 50 --duration 10 [--rate 1000]
// The scenario (scenarios.mjs) builds autocannon `requests` from the spec and classifies every
// response. Latencies are autocannon's own per-response timings (float milliseconds, from the
// request write to the end of the response), kept here for exact percentiles (autocannon's
// summary has no p95 and rounds to whole milliseconds) overall and per request kind.
// Prints one JSON line with the figures. Only 127.0.0.1 is accepted as a target.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { SCENARIOS } from './scenarios.mjs';

const { values } = parseArgs({
  options: {
    scenario: { type: 'string' },
    spec: { type: 'string' },
    connections: { type: 'string', default: '10' },
    duration: { type: 'string', default: '10' },
    // Requests per second over all connections (autocannon's overallRate); unset: as fast as answered.
    rate: { type: 'string' },
  },
});
const build = SCENARIOS[values.scenario];
if (!build) throw new Error(`--scenario must be one of ${Object.keys(SCENARIOS).join(', ')}`);
if (!values.spec) throw new Error('--spec <file> is required');
const spec = JSON.parse(readFileSync(values.spec, 'utf8'));
const target = new URL(spec.url);
if (target.hostname !== '127.0.0.1') throw new Error(`load only goes to 127.0.0.1, not ${target.hostname}`);
const connections = Number(values.connections);
const duration = Number(values.duration);
const rate = values.rate === undefined ? undefined : Number(values.rate);
if (rate !== undefined && !(rate > 0)) throw new Error('--rate must be a positive number of requests per second');

/** What the scenario's onResponse saw for the response being finished (set just before autocannon's 'response' event). */
const last = { kind: 'request', outcome: 'ok' };
const scenario = build(spec, last);

const latencies = [];
/** @type {Map<string, { latencies: number[], outcomes: Record<string, number> }>} */
const byKind = new Map();
const outcomes = {};
const instance = autocannon({
  url: spec.url,
  connections,
  duration,
  ...(rate === undefined ? {} : { overallRate: rate }),
  headers: { authorization: `Bearer ${spec.publishableKey}`, 'content-type': 'application/json' },
  requests: scenario.requests,
});
instance.on('response', (_client, statusCode, _bytes, responseTime) => {
  latencies.push(responseTime);
  let kind = byKind.get(last.kind);
  if (!kind) byKind.set(last.kind, (kind = { latencies: [], outcomes: {} }));
  kind.latencies.push(responseTime);
  const outcome = statusCode >= 200 && statusCode < 300 ? last.outcome : `http_${statusCode}`;
  outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  kind.outcomes[outcome] = (kind.outcomes[outcome] ?? 0) + 1;
  last.kind = 'request';
  last.outcome = 'ok';
});
const cpuBefore = process.cpuUsage();
const result = await instance;
const cpu = process.cpuUsage(cpuBefore);

const figures = (values) => {
  const sorted = Float64Array.from(values).sort();
  const at = (p) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
  return { count: sorted.length, p50: at(50), p95: at(95), p99: at(99), max: at(100), mean: values.reduce((a, b) => a + b, 0) / (values.length || 1) };
};
process.stdout.write(
  `${JSON.stringify({
    scenario: values.scenario,
    connections,
    duration: result.duration,
    total: latencies.length,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count])),
    latency: figures(latencies),
    kinds: Object.fromEntries([...byKind].map(([name, kind]) => [name, { ...figures(kind.latencies), outcomes: kind.outcomes }])),
    outcomes,
    /** Share of one core this load generator used: near 1 means the client may be the limit. */
    clientCpu: (cpu.user + cpu.system) / 1e6 / result.duration,
  })}\n`,
);
