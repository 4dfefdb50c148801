import { chmodSync, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { databaseModeWarning, openDatabase } from '../src/db/connect.js';
import { initWorkspace } from '../src/workspace-setup.js';
import { startInlay } from '../src/testing/inlay-process.js';
import { CLI } from './inlay-processes.js';
import { tempDir } from './helpers.js';

const dir = tempDir();
const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('database file modes', () => {
  it('creates the file, its -wal and -shm 0600 and its directory 0700, even under umask 000', async () => {
    const path = join(dir, 'fresh', 'inlay.db');
    const previous = process.umask(0);
    try {
      const storage = await openDatabase(path);
      // A write, so the log and its index certainly exist.
      await initWorkspace(storage, 'Modes');
      expect(existsSync(`${path}-wal`)).toBe(true);
      expect(existsSync(`${path}-shm`)).toBe(true);
      expect([modeOf(path), modeOf(`${path}-wal`), modeOf(`${path}-shm`)]).toEqual([0o600, 0o600, 0o600]);
      expect(modeOf(join(dir, 'fresh'))).toBe(0o700);
      await storage.close();
    } finally {
      process.umask(previous);
    }
  });

  it('leaves an existing file as its operator set it, and warns about group or other access', async () => {
    const path = join(dir, 'loose.db');
    await (await openDatabase(path)).close();
    expect(databaseModeWarning(path)).toBeUndefined();
    chmodSync(path, 0o640);
    await (await openDatabase(path)).close();
    expect(modeOf(path)).toBe(0o640);
    expect(databaseModeWarning(path)).toContain('mode 0640');
  });

  it('inlay start says so on stderr when the file is readable by others', { timeout: 60_000 }, async () => {
    const path = join(dir, 'start.db');
    await (await openDatabase(path)).close();
    chmodSync(path, 0o644);
    const server = await startInlay(['--port', '0', '--db', path], { cli: CLI, cwd: dir });
    try {
      const stderr = server.output();
      expect(stderr).toContain(`the database ${path} has mode 0644`);
      expect(stderr).toContain('chmod 600');
    } finally {
      await server.stop();
    }
  });
});
