import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Node 20 has fetch, Response and AbortController; every test injects its own fetch.
    environment: 'node',
  },
});
