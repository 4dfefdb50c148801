import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Unit tests beside the code inject their own fetch; test/ runs a real server.
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 120_000,
  },
});
