import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.js'],
    environment: 'node',
    // The test starts a real Inlay server (the built CLI) and this backend on free ports.
    testTimeout: 20_000,
    hookTimeout: 120_000,
  },
});
