/**
 * The importer benchmark's file and config (scripts/importer-bench.mjs), in a module of its own
 * so a profile of the engine in Node can read the very same rows.
 */

/** The importer config the file is validated against: every type, a unique id, a duplicateKey. */
export const BENCH_CONFIG = {
  fields: [
    { key: 'id', label: 'id', type: 'string', unique: true },
    { key: 'email', label: 'email', type: 'email', required: true },
    { key: 'name', label: 'name', type: 'string' },
    { key: 'age', label: 'age', type: 'number' },
    { key: 'signup', label: 'signup', type: 'date' },
    { key: 'active', label: 'active', type: 'boolean' },
    { key: 'plan', label: 'plan', type: 'enum', enumValues: ['free', 'pro', 'team', 'enterprise'] },
    { key: 'website', label: 'website', type: 'url' },
    { key: 'score', label: 'score', type: 'number' },
    { key: 'country', label: 'country', type: 'string' },
  ],
  duplicateKey: 'email',
};

/** A deterministic CSV of `rows` data rows: ~5% of rows carry one invalid cell; ids keep leading zeros. */
export function generateCsv(rows) {
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const plans = ['free', 'pro', 'team', 'enterprise'];
  const parts = [`${BENCH_CONFIG.fields.map((field) => field.key).join(',')}\n`];
  let chunk = '';
  for (let i = 0; i < rows; i++) {
    const bad = random() < 0.05 ? Math.floor(random() * 6) : -1;
    const email = bad === 0 ? `user${i}.example.com` : `user${i}@example.com`;
    const name = i % 97 === 0 ? `"Smith, Jo ${i}"` : `Name ${i}`;
    const age = bad === 1 ? 'abc' : String(18 + (i % 60));
    const signup = bad === 2 ? '2024-02-30' : `2024-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;
    const active = bad === 3 ? 'maybe' : i % 2 ? 'yes' : 'no';
    const plan = bad === 4 ? 'gold' : plans[i % 4];
    const website = bad === 5 ? 'not a url' : `https://example.com/u/${i}`;
    chunk += `${String(i).padStart(8, '0')},${email},${name},${age},${signup},${active},${plan},${website},${(random() * 1000).toFixed(2)},DE\n`;
    if (chunk.length > 1 << 20) {
      parts.push(chunk);
      chunk = '';
    }
  }
  parts.push(chunk);
  return parts.join('');
}
