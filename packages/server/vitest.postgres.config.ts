import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * The server suite again, on PostgreSQL: every harness and test database is a fresh PostgreSQL
 * database (test/helpers.ts). Tests of SQLite files themselves (modes, checkpoints, durability of
 * the file) are SQLite's own and stay in the first run only.
 */
export default mergeConfig(
  base,
  defineConfig({
    test: {
      globalSetup: ['./test/support/postgres-global-setup.ts'],
      env: { INLAY_TEST_BACKEND: 'postgres' },
      exclude: ['**/node_modules/**', 'src/db/sqlite/**', 'test/database-file-modes.test.ts', 'test/durability.test.ts'],
    },
  }),
);
