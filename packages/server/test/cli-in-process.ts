import { runCli } from '../src/cli/run.js';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `inlay <args>` run in this process, as main.ts runs it (src/cli/run.ts): for the tests of
 * argument parsing, help and config checking, where starting a Node process per call costs far
 * more than the call. Tests of a running server, or of what one process's change does to
 * another, run the built CLI as processes (inlay-processes.ts).
 *
 * For the call, the environment is this process's without its INLAY_* variables (the test
 * run's own included) and PORT, plus `env`, as `cleanEnv` gives a child; it is restored after.
 * Calls must not overlap (a test file's tests run one after another).
 */
export async function inlayInProcess(args: readonly string[], env: Record<string, string> = {}): Promise<CliResult> {
  const saved = Object.entries(process.env).filter(([name]) => name.startsWith('INLAY_') || name === 'PORT');
  for (const [name] of saved) Reflect.deleteProperty(process.env, name);
  Object.assign(process.env, env);
  let stdout = '';
  let stderr = '';
  try {
    const code = await runCli(args, { out: (line) => void (stdout += `${line}\n`), err: (text) => void (stderr += text) });
    return { code, stdout, stderr };
  } finally {
    for (const name of Object.keys(env)) Reflect.deleteProperty(process.env, name);
    for (const [name, value] of saved) process.env[name] = value;
  }
}
