import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Nothing Inlay-specific: @inlay/react's components are plain React components, and the
// importer's worker is found by Vite from `new Worker(new URL(…, import.meta.url))`.
export default defineConfig({
  plugins: [react()],
});
