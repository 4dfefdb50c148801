import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OperatorConfigSchema } from '../src/config/operator-config.js';
import { optionLeaves } from '../src/config/option-leaves.js';

// docs/security.md lists every limit and timeout with its default and the option that sets it:
// an option added to the server without a line there fails here.
const SECURITY = readFileSync(new URL('../../../docs/security.md', import.meta.url), 'utf8');

/** Options that are not limits or timeouts: where and what to serve, and how to log. */
const NOT_LIMITS = new Set(['db', 'port', 'host', 'services', 'demo', 'publicUrl', 'logLevel', 'configCacheControl', 'usageFlushIntervalMs', 'webhooks.deliveryThread', 'dashboard', 'dashboardDir']);

describe('docs/security.md', () => {
  it('names the option of every limit and timeout', () => {
    const missing = optionLeaves(OperatorConfigSchema)
      .map((leaf) => leaf.path)
      .filter((path) => !NOT_LIMITS.has(path))
      .filter((path) => !SECURITY.includes(`\`${path}\``) && !SECURITY.includes(`\`${path.split('.').slice(0, -1).join('.')}.*\``));
    expect(missing).toEqual([]);
  });
});
