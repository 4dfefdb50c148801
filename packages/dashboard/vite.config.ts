import { defineConfig } from 'vite';

/**
 * The dashboard is served by the server at /dashboard (docs/dashboard-api.md) under a strict
 * Content-Security-Policy: no inline scripts or styles, so the build emits only files, and the
 * modulepreload polyfill (an inline helper in some setups) is left out: Chromium, Firefox and
 * Safari all preload modules natively.
 */
export default defineConfig({
  base: '/dashboard/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    // Read by scripts/size.mjs to find what the first page loads.
    manifest: true,
  },
});
