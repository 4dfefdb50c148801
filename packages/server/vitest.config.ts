import { configDefaults, defineConfig } from 'vitest/config';

/** Tests of what only PostgreSQL offers: several server processes on one database, and its group commit's pipelines. */
export const POSTGRES_ONLY = ['test/two-instances.test.ts', 'test/shared-rate-counts.test.ts', 'test/change-listener.test.ts', 'test/pipeline-batch.test.ts', 'test/post-search-table.test.ts'];

/** What both runs share (this one on SQLite files, vitest.postgres.config.ts on PostgreSQL). */
export const SHARED = {
  include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
  // Each file builds its own app on its own database; two cores run two files at a time.
  pool: 'forks' as const,
  testTimeout: 20_000,
  // The server's worker threads run from the TypeScript sources too (the file says how).
  execArgv: ['--import', new URL('./test/support/typescript-threads.mjs', import.meta.url).href],
};

export default defineConfig({
  test: { ...SHARED, exclude: [...configDefaults.exclude, ...POSTGRES_ONLY] },
});
