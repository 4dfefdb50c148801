import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Node-only tests; the component tests run in Chromium through web-test-runner.
    include: ['test/**/*.test.ts'],
    // Engine tests read files of up to 32 MiB and compare the byte and text paths: seconds on a
    // quiet machine, many times that when every package's suite runs at once on two cores.
    testTimeout: 60_000,
  },
});
