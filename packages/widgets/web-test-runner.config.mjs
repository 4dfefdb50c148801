import { fileURLToPath } from 'node:url';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { chromiumArgs, chromiumPath } from './scripts/chromium.mjs';
import { startInlayServer } from './scripts/inlay-server.mjs';
import { flows } from './test/flows.mjs';

/**
 * Starts a real Inlay server for the run, publishes the test flows, and tells the page where
 * they are through `/__inlay/env.json` (base URL, publishable key, flow ids). Routes the page
 * cannot call itself go through here: minting author tokens needs the secret key, which never
 * reaches the browser.
 */
function inlayServer() {
  /** @type {import('./scripts/inlay-server.mjs').InlayServer | undefined} */
  let server;
  let env;
  return {
    name: 'inlay-server',
    async serverStart() {
      server = await startInlayServer();
      const ids = {};
      for (const [key, flow] of Object.entries(flows)) ids[key] = await server.publishFlow(flow.name, flow.config);
      ids.unpublished = await server.createFlow('Never published');
      env = { baseUrl: server.baseUrl, publishableKey: server.publishableKey, flows: ids };
    },
    async serve(context) {
      if (!server) return undefined;
      const query = new URL(context.url, 'http://test.invalid').searchParams;
      if (context.path === '/__inlay/env.json') return { body: JSON.stringify(env), type: 'json' };
      if (context.path === '/__inlay/progress') {
        const { body } = await server.getProgress(query.get('flowId') ?? '', query.get('userId') ?? '');
        return { body: JSON.stringify(body), type: 'json' };
      }
      if (context.path === '/__inlay/author-token') {
        const token = await server.mintAuthorToken({
          authorId: query.get('userId') ?? '',
          flowId: query.get('flowId') ?? '',
          workspaceKey: query.get('workspaceKey') ?? 'default',
        });
        return { body: JSON.stringify({ token }), type: 'json' };
      }
      return undefined;
    },
    async serverStop() {
      await server?.stop();
    },
  };
}

export default {
  files: ['src/**/*.test.ts'],
  nodeResolve: { exportConditions: ['production'] },
  concurrency: 1,
  testFramework: { config: { timeout: 15_000 } },
  plugins: [
    esbuildPlugin({ ts: true, tsconfig: fileURLToPath(new URL('./tsconfig.json', import.meta.url)) }),
    inlayServer(),
  ],
  browsers: [
    chromeLauncher({
      launchOptions: { executablePath: chromiumPath, headless: true, args: chromiumArgs },
    }),
  ],
};
