import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';
import { runInlay, startInlay, type InlayProcess, type InlayProcessOptions } from '../src/testing/inlay-process.js';

/** The built CLI: the tests that run it as processes need `npm run build` first (turbo does it). */
export const CLI = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));

/** This process's environment without the INLAY_* variables and PORT a developer may have set, plus `extra`. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('INLAY_') && name !== 'PORT'));
  return { ...env, ...extra };
}

/**
 * The built `inlay` CLI run in `cwd` with `env`: `inlay(args)` to its end, `start(args)` as a
 * server that is stopped after the file's tests (docs/self-hosting.md describes both as operators run them).
 */
export function inlayProcesses(options: { cwd: string; env: NodeJS.ProcessEnv }): {
  inlay: (args: string[]) => Promise<string>;
  start: (args: string[], extra?: Pick<InlayProcessOptions, 'env' | 'readyWhen'>) => Promise<InlayProcess>;
} {
  const started: InlayProcess[] = [];
  afterAll(async () => {
    await Promise.all(started.map((server) => server.stop()));
  });
  const base = { cli: CLI, cwd: options.cwd, env: options.env };
  return {
    inlay: (args) => runInlay(args, base),
    async start(args, extra = {}) {
      const server = await startInlay(args, { ...base, ...extra });
      started.push(server);
      return server;
    },
  };
}
