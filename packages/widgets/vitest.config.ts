import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Node-only tests; the component tests run in Chromium through web-test-runner.
    include: ['test/**/*.test.ts'],
  },
});
