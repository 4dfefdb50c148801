import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import { crossCheck, OperatorConfigSchema, type OperatorConfig } from './operator-config.js';
import { optionLeaves, type OptionLeaf } from './option-leaves.js';

/** A configuration that cannot be used: one line naming the option and its source. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

type Plain = Record<string, unknown>;

/**
 * `INLAY_*` variables that are not `startServer` options, so they are not "unknown".
 * `INLAY_CONFIG` names the file; the rest belong to other commands and the test suite.
 */
const NOT_OPTIONS = new Set(['INLAY_CONFIG', 'INLAY_ADMIN_PASSWORD', 'INLAY_TEST_PG', 'INLAY_TEST_BACKEND']);

export interface ConfigSources {
  /** A JSON file (`--config FILE`, else `INLAY_CONFIG`). */
  file?: string | undefined;
  env?: NodeJS.ProcessEnv;
  /** Options given as flags, already in the schema's shape. */
  flags?: Plain;
}

/**
 * Defaults, then the file, then the environment, then flags (docs/self-hosting.md). Each source
 * is checked alone first, so an error names where the bad value came from.
 */
export function loadConfig(sources: ConfigSources): OperatorConfig {
  const env = sources.env ?? {};
  const path = sources.file ?? (env.INLAY_CONFIG || undefined);
  const layers: { label: (key: string) => string; values: Plain }[] = [];
  if (path !== undefined) layers.push({ label: (key) => `${key} in ${path}`, values: readConfigFile(path) });
  // The port from PORT (what platforms set) is named so when it is bad.
  const portFromPort = env.INLAY_PORT === undefined && env.PORT !== undefined && env.PORT !== '';
  layers.push({ label: (key) => (key === 'port' && portFromPort ? 'PORT' : envName(key)), values: fromEnv(env) });
  if (sources.flags) layers.push({ label: (key) => `--${kebab(key)}`, values: sources.flags });
  for (const layer of layers) check(layer.values, layer.label);
  const config = check(layers.reduce<Plain>((merged, layer) => deepMerge(merged, layer.values), {}), (key) => key);
  const problem = crossCheck(config);
  if (problem !== undefined) throw new ConfigError(problem);
  return config;
}

export function readConfigFile(path: string): Plain {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError(`cannot read the config file ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`the config file ${path} is not JSON: ${(error as Error).message}`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new ConfigError(`the config file ${path} must hold one JSON object`);
  return parsed as Plain;
}

/** The environment variable of an option path: `rateLimits.postsPerClient` → `INLAY_RATE_LIMITS_POSTS_PER_CLIENT`. */
export function envName(path: string): string {
  return `INLAY_${path
    .split('.')
    .map((part) => part.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase())
    .join('_')}`;
}

function kebab(path: string): string {
  return path.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

/** Flag values (strings, or `true` for switches) in the schema's shape, coerced like the environment's. */
export function fromFlags(flags: Record<string, string | boolean | undefined>, paths: Record<string, string>): Plain {
  const leaves = new Map(optionLeaves(OperatorConfigSchema).map((leaf) => [leaf.path, leaf]));
  const values: Plain = {};
  for (const [flag, raw] of Object.entries(flags)) {
    const path = paths[flag];
    const leaf = path === undefined ? undefined : leaves.get(path);
    if (raw === undefined || path === undefined || leaf === undefined) continue;
    setPath(values, path, typeof raw === 'string' ? coerce(leaf, raw) : raw);
  }
  return values;
}

function fromEnv(env: NodeJS.ProcessEnv): Plain {
  const leaves = new Map(optionLeaves(OperatorConfigSchema).map((leaf) => [envName(leaf.path), leaf]));
  const values: Plain = {};
  // PORT is what platforms set; INLAY_PORT wins over it.
  const portLeaf = leaves.get('INLAY_PORT');
  if (env.PORT !== undefined && env.PORT !== '' && env.INLAY_PORT === undefined && portLeaf) setPath(values, 'port', coerce(portLeaf, env.PORT));
  for (const [name, raw] of Object.entries(env)) {
    if (!name.startsWith('INLAY_') || raw === undefined || NOT_OPTIONS.has(name)) continue;
    // An empty variable is unset (a shell's `INLAY_DB= cmd` clears it).
    if (raw === '') continue;
    const leaf = leaves.get(name);
    if (leaf === undefined) throw new ConfigError(`unknown environment variable ${name}: no option has that name (inlay start --help lists them)`);
    setPath(values, leaf.path, coerce(leaf, raw));
  }
  return values;
}

/**
 * An environment string as the option's type: JSON first (numbers, booleans), then the string
 * itself, then a comma-separated list; the first the option's schema accepts wins.
 */
function coerce(leaf: OptionLeaf, raw: string): unknown {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    // not JSON: a plain string
  }
  const list = raw.split(',').map((part) => part.trim()).filter(Boolean);
  // A list of numbers (`INLAY_WEBHOOKS_RETRY_SCHEDULE=5,60,600`) as numbers.
  const numbers = list.map(Number);
  const candidates = [...(json === undefined ? [] : [json]), raw, list, ...(numbers.every(Number.isFinite) ? [numbers] : [])];
  const fits = candidates.find((candidate) => leaf.schema.safeParse(candidate).success);
  if (fits !== undefined) return fits;
  // None fits: the value in the option's own kind, so the error says what is wrong with it
  // (`--port 70000`: too big) rather than that it is a string.
  const kind = kindOf(leaf.schema);
  if (kind === 'array') return numbers.every(Number.isFinite) ? numbers : list;
  if ((kind === 'number' && typeof json === 'number') || (kind === 'boolean' && typeof json === 'boolean')) return json;
  return raw;
}

/** The type under a schema's default, optional and description wrappers. */
function kindOf(schema: z.ZodType): string {
  let def = schema._zod.def as { type: string; innerType?: z.ZodType };
  while (def.innerType !== undefined && ['default', 'prefault', 'optional', 'nullable'].includes(def.type)) def = def.innerType._zod.def as typeof def;
  return def.type;
}

function check(values: Plain, label: (key: string) => string): OperatorConfig {
  const result = OperatorConfigSchema.safeParse(values);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (issue === undefined) throw new ConfigError('the configuration is not valid');
  const path = issue.path.join('.');
  if (issue.code === 'unrecognized_keys') {
    const key = [path, issue.keys[0]].filter(Boolean).join('.');
    throw new ConfigError(`unknown option ${label(key)} (inlay start --help lists them)`);
  }
  // A list's item is named by its option (`--services`), the bad item shown after `got`.
  const option = issue.path.filter((key) => typeof key !== 'number').join('.');
  throw new ConfigError(`bad value for ${label(option)}: ${issue.message} (got ${describe(valueAt(values, issue.path))})`);
}

function describe(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? 'nothing' : text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

function valueAt(values: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>((node, key) => (node !== null && typeof node === 'object' && Object.hasOwn(node, key) ? (node as Plain)[key as string] : undefined), values);
}

function setPath(target: Plain, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    if (!Object.hasOwn(node, part)) node[part] = {};
    node = node[part] as Plain;
  }
  Object.defineProperty(node, parts[parts.length - 1] ?? path, { value, enumerable: true, writable: true, configurable: true });
}

function isPlain(value: unknown): value is Plain {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function deepMerge(base: Plain, over: Plain): Plain {
  const merged: Plain = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = merged[key];
    // defineProperty: a key named `__proto__` stays a key (and is then refused as unknown).
    Object.defineProperty(merged, key, { value: isPlain(current) && isPlain(value) ? deepMerge(current, value) : value, enumerable: true, writable: true, configurable: true });
  }
  return merged;
}
