/**
 * A real Inlay server for integration tests: the `inlay` CLI of @inlay/server, run as a child
 * process (`init --json` on a fresh SQLite file, then `start --port 0` on the same file). The
 * SDK talks to it over HTTP; no server code is imported.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inlayCli, runInlay, startInlay } from '@inlay/server/testing';

export interface WorkspaceKeys {
  testPublishable: string;
  testSecret: string;
  livePublishable: string;
  liveSecret: string;
}

export interface InlayServer {
  /** e.g. `http://127.0.0.1:41234` */
  origin: string;
  keys: WorkspaceKeys;
  stop(): Promise<void>;
}

export async function startInlayServer(options: { env?: Record<string, string> } = {}): Promise<InlayServer & { cli: string; db: string; workspaceId: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'inlay-node-'));
  const db = join(dir, 'inlay.db');
  const { keys, workspaceId } = JSON.parse(await runInlay(['init', '--json', '--db', db])) as { workspaceId: string; keys: WorkspaceKeys };
  const server = await startInlay(['--port', '0', '--db', db], { env: { ...process.env, ...options.env } }).catch(async (error: unknown) => {
    await rm(dir, { recursive: true, force: true });
    throw error;
  });
  const stop = async (): Promise<void> => {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  };
  return { origin: server.origin, keys, stop, cli: inlayCli, db, workspaceId };
}
