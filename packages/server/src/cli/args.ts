import { parseArgs } from 'node:util';

/** A mistake in how the CLI was called: printed as one line, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

type Config = Parameters<typeof parseArgs>[0] & {};

/** `node:util` parseArgs (strict unless told otherwise), with its messages made one `UsageError` line. */
export function parse<C extends Config>(config: C, maxPositionals = 0): ReturnType<typeof parseArgs<C>> {
  let parsed: ReturnType<typeof parseArgs<C>>;
  try {
    parsed = parseArgs(config);
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0] ?? 'bad arguments');
  }
  if (parsed.positionals.length > maxPositionals) {
    throw new UsageError(`unexpected argument ${JSON.stringify(parsed.positionals[maxPositionals])}`);
  }
  return parsed;
}

/** `--db` or `INLAY_DB` or the default file. */
export function dbPathOf(value: string | undefined, fallback: string): string {
  // An empty variable is unset, as for `inlay start` (`INLAY_DB= inlay init`).
  return value ?? (process.env.INLAY_DB || undefined) ?? fallback;
}

export const DB_OPTION = { db: { type: 'string' } } as const;
