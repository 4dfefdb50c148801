import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/helpers.js';
import { CLI, cleanEnv } from '../../../test/inlay-processes.js';

const dir = tempDir();
const run = promisify(execFile);

describe('a new SQLite file opened by several processes at once', () => {
  // Before the migrations ran in one write transaction, about one round in two failed: two
  // processes ran the same migrations, and the later one stopped on a table or column the other
  // had made (or on the migration's row), possibly with a migration half-applied.
  it('is migrated once: every `inlay init` beside the others succeeds', { timeout: 120_000 }, async () => {
    for (let round = 1; round <= 5; round++) {
      const db = join(dir, `race-${round}.db`);
      const results = await Promise.all(
        Array.from({ length: 4 }, () =>
          run(process.execPath, [CLI, 'init', '--json', '--db', db], { cwd: dir, env: cleanEnv() }).then(
            ({ stdout }) => ({ ok: true, text: stdout }),
            (error: { stderr?: string }) => ({ ok: false, text: error.stderr ?? String(error) }),
          ),
        ),
      );
      expect(results.filter((result) => !result.ok).map((result) => result.text)).toEqual([]);
      const file = new BetterSqlite3(db, { readonly: true });
      try {
        expect((file.prepare('SELECT count(*) AS n FROM workspaces').get() as { n: number }).n).toBe(4);
        const names = file.prepare('SELECT name FROM kysely_migration ORDER BY name').all() as { name: string }[];
        expect(new Set(names.map((row) => row.name)).size).toBe(names.length);
      } finally {
        file.close();
      }
    }
  });
});
