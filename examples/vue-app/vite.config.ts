import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [
    vue({
      // <inlay-…> are custom elements, registered by importing @inlay/widgets' entries (main.ts):
      // Vue's compiler leaves them to the browser instead of resolving them as Vue components.
      template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('inlay-') } },
    }),
  ],
});
