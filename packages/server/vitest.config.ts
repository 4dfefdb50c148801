import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // Each file builds its own app on its own SQLite file; two cores run two files at a time.
    pool: 'forks',
    testTimeout: 20_000,
  },
});
