import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The importer's property tests compare whole generated tables (tens of thousands of cells)
    // between the byte and string paths: about 0.5 s each on a quiet machine, many times that
    // when `npm test` runs every package's suite at once on two cores.
    testTimeout: 60_000,
  },
});
