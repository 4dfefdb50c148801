import { envName } from './load-config.js';
import { OperatorConfigSchema } from './operator-config.js';
import { optionLeaves } from './option-leaves.js';

/** Options common enough to have a flag of their own on `inlay start`. */
export const START_FLAGS = {
  db: { type: 'string' },
  port: { type: 'string' },
  host: { type: 'string' },
  services: { type: 'string' },
  demo: { type: 'boolean' },
  'trust-proxy': { type: 'boolean' },
  'log-level': { type: 'string' },
  'public-url': { type: 'string' },
} as const;

/** The option path each flag sets. */
export const FLAG_OPTIONS: Record<keyof typeof START_FLAGS, string> = {
  db: 'db',
  port: 'port',
  host: 'host',
  services: 'services',
  demo: 'demo',
  'trust-proxy': 'trustProxy',
  'log-level': 'logLevel',
  'public-url': 'publicUrl',
};

/** `inlay start --help`: every option, its flag if any, its variable, its default, derived from the schema. */
export function describeOptions(): string {
  const flagOf = new Map(Object.entries(FLAG_OPTIONS).map(([flag, path]) => [path, `--${flag}`]));
  const lines = [
    'Usage: inlay start [--config FILE] [flags]',
    '',
    'Every option below has an environment variable and a key of the JSON config file (--config FILE',
    'or INLAY_CONFIG; nested keys as in {"rateLimits": {"postsPerClient": 100}}); the most used also',
    'have a flag. Lowest precedence first: the default, the file, the environment, the flag.',
    'Unknown keys and bad values stop the start. Lists are comma-separated in the environment.',
    '`inlay config check FILE` checks a file.',
    '',
    'Options:',
  ];
  for (const leaf of optionLeaves(OperatorConfigSchema)) {
    const names = [leaf.path, flagOf.get(leaf.path), envName(leaf.path)].filter(Boolean).join('  ');
    const fallback = leaf.default === undefined ? 'not set' : JSON.stringify(leaf.default);
    lines.push(`  ${names}   (default ${fallback})`, `      ${leaf.description}`);
  }
  return lines.join('\n');
}
