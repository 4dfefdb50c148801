/**
 * `@inlay/server/testing`: the `inlay` CLI as the operator runs it, in child processes, for the
 * integration tests of this repository's packages and of apps that embed Inlay. `startInlay`
 * runs `inlay start` with the given arguments and answers once the server prints the URL it
 * listens on; `runInlay` runs any other command (`init --json`, `admin create`, …) to its end.
 * Nothing of the server is imported: what a test sees is what an operator's process serves.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/** The built CLI of this package (`dist/cli/main.js`). */
export const inlayCli: string = fileURLToPath(new URL('../cli/main.js', import.meta.url));

export interface InlayProcessOptions {
  /** The CLI to run; the built one of this package by default. */
  cli?: string;
  /** The child's environment; `process.env` by default. */
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /**
   * How long `inlay start` may take to print its URL. Only a guard against a hang: on a machine
   * busy with other test suites a start has taken over 20 s. 90 s by default.
   */
  timeoutMs?: number;
  /** What else `inlay start` must have printed before the start counts as done (e.g. the demo's keys). */
  readyWhen?: RegExp;
}

export interface InlayProcess {
  /** e.g. `http://127.0.0.1:41234`, as the server printed it. */
  origin: string;
  child: ChildProcess;
  /** Everything the process printed so far, standard output and error interleaved. */
  output(): string;
  /** Sends `signal` (SIGTERM by default) and waits for the process to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

const RUNNING_AT = /Inlay is running at (http:\/\/\S+)/;

/** Runs `inlay <args>` to its end and answers its standard output; throws on a non-zero exit. */
export async function runInlay(args: readonly string[], options: InlayProcessOptions = {}): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [options.cli ?? inlayCli, ...args], {
    cwd: options.cwd,
    env: options.env,
    encoding: 'utf8',
  });
  return stdout;
}

/** Runs `inlay start <args>` (give it `--port 0`, or a config file with `port: 0`). */
export async function startInlay(args: readonly string[], options: InlayProcessOptions = {}): Promise<InlayProcess> {
  const child = spawn(process.execPath, [options.cli ?? inlayCli, 'start', ...args], {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout.on('data', (chunk: Buffer) => void (text += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => void (text += chunk.toString()));
  // If the test process ends without stopping it, the server must not outlive it.
  const kill = (): void => void child.kill('SIGTERM');
  process.once('exit', kill);

  const stop = async (signal: NodeJS.Signals = 'SIGTERM'): Promise<void> => {
    process.off('exit', kill);
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  };

  const timeoutMs = options.timeoutMs ?? 90_000;
  const origin = await new Promise<string>((resolve, reject) => {
    const done = (outcome: string | Error): void => {
      clearTimeout(timer);
      child.stdout.off('data', check);
      child.stderr.off('data', check);
      child.off('exit', exited);
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    const check = (): void => {
      const url = RUNNING_AT.exec(text)?.[1];
      if (url && (!options.readyWhen || options.readyWhen.test(text))) done(url);
    };
    const exited = (code: number | null): void => done(new Error(`inlay start exited with ${code}\n${text}`));
    const timer = setTimeout(() => done(new Error(`inlay start printed no URL within ${timeoutMs / 1000} s\n${text}`)), timeoutMs);
    child.stdout.on('data', check);
    child.stderr.on('data', check);
    child.once('exit', exited);
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { origin, child, output: () => text, stop };
}
