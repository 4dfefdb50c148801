import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Packing, a Vite build, a server and a browser: minutes when every package's suite runs at
    // once on two cores.
    testTimeout: 240_000,
    hookTimeout: 480_000,
  },
});
