// Micro-benchmark of the importer engine (not a test): validates 1,000,000 generated rows of 10
// mixed columns chunk by chunk, as the widget's worker does, and prints rows per second.
// Run after building core:  npx tsc -p packages/core/tsconfig.build.json && node packages/core/bench/validate.mjs [rows]
import { TableValidator } from '../dist/index.js';

const ROWS = Number(process.argv[2] ?? 1_000_000);
const CHUNK = 10_000;

const config = {
  fields: [
    { key: 'id', label: 'ID', type: 'string', required: true },
    { key: 'email', label: 'Email', type: 'email', unique: true },
    { key: 'name', label: 'Name', type: 'string' },
    { key: 'amount', label: 'Amount', type: 'number' },
    { key: 'joined', label: 'Joined', type: 'date' },
    { key: 'plan', label: 'Plan', type: 'enum', enumValues: ['free', 'starter', 'pro', 'enterprise'] },
    { key: 'active', label: 'Active', type: 'boolean' },
    { key: 'website', label: 'Website', type: 'url' },
    { key: 'phone', label: 'Phone', type: 'string' },
    { key: 'account', label: 'Account', type: 'string' },
  ],
  duplicateKey: 'account',
};

const plans = ['free', 'starter', 'pro', 'enterprise'];
const booleans = ['yes', 'no', 'true', 'false', '1', '0'];

// About 1% of rows have five malformed cells, 0.1% of emails repeat and 10% of accounts, so the
// error paths and duplicate groups are exercised too.
function row(i) {
  const bad = i % 97 === 0;
  return [
    String(i).padStart(8, '0'),
    i % 1000 === 1 ? `user${i - 1}@example.com` : i % 10 === 0 ? `User${i}@Example.com` : `user${i}@example.com`,
    `Person ${i}`,
    bad ? '1,5' : i % 3 === 0 ? `${i}.25` : i % 3 === 1 ? `1,${String(i % 1000).padStart(3, '0')}.5` : String(i % 5000),
    bad ? '31/12/2023' : `20${10 + (i % 15)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
    bad ? 'Pro' : plans[i % 4],
    booleans[i % 6],
    bad ? 'www.example.com' : `https://example.com/u/${i}`,
    `+44 20 7946 ${String(i % 10000).padStart(4, '0')}`,
    `acct-${i % 900_000}`,
  ];
}

const validator = new TableValidator(config, { numberFormat: 'dot', dateOrder: null });
let validating = 0;
const started = performance.now();
for (let start = 0; start < ROWS; start += CHUNK) {
  const chunk = [];
  for (let i = start; i < Math.min(ROWS, start + CHUNK); i++) chunk.push(row(i));
  const before = performance.now();
  validator.addRows(chunk);
  validating += performance.now() - before;
}
const beforeFinish = performance.now();
const result = validator.finish();
const finishing = performance.now() - beforeFinish;
const total = performance.now() - started;

const perSecond = (ms) => Math.round((ROWS / ms) * 1000).toLocaleString('en-US');
console.log(`rows: ${ROWS.toLocaleString('en-US')} × ${config.fields.length} columns`);
console.log(`errors: ${result.errors.length.toLocaleString('en-US')} in ${result.invalidRowCount.toLocaleString('en-US')} rows; duplicate groups: ${result.duplicateGroups.length.toLocaleString('en-US')}`);
console.log(`validate: ${validating.toFixed(0)} ms → ${perSecond(validating)} rows/s`);
console.log(`finish: ${finishing.toFixed(0)} ms; with row generation: ${total.toFixed(0)} ms`);
console.log(`heap used: ${Math.round(process.memoryUsage().heapUsed / 1024 / 1024)} MB`);
