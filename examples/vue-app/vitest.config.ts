import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Packing, a Vite build and a browser on a shared 2-core machine.
    testTimeout: 240_000,
    hookTimeout: 240_000,
  },
});
