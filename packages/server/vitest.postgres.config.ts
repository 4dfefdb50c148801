import { configDefaults, defineConfig } from 'vitest/config';
import { SHARED } from './vitest.config.js';

/**
 * The server suite again, on PostgreSQL: every harness and test database is a fresh PostgreSQL
 * database (test/helpers.ts). Tests of SQLite files themselves (modes, checkpoints, durability of
 * the file) are SQLite's own and run in the first run only; the tests of several instances on
 * one database run here only.
 */
export const SQLITE_ONLY = ['src/db/sqlite/**', 'test/database-file-modes.test.ts', 'test/durability.test.ts'];

export default defineConfig({
  test: {
    ...SHARED,
    globalSetup: ['./test/support/postgres-global-setup.ts'],
    env: { INLAY_TEST_BACKEND: 'postgres' },
    exclude: [...configDefaults.exclude, ...SQLITE_ONLY],
  },
});
