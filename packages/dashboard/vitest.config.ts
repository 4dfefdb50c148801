import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Each test signs in and drives Chromium against a real server: seconds on a quiet machine,
    // many times that when every package's suite runs at once on two cores.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
