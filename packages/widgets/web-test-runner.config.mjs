import { fileURLToPath } from 'node:url';
import commonjs from '@rollup/plugin-commonjs';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { fromRollup } from '@web/dev-server-rollup';
import { chromeLauncher } from '@web/test-runner-chrome';
import { chromiumArgs, chromiumPath } from './scripts/chromium.mjs';
import { startInlayServer } from './scripts/inlay-server.mjs';
import { boards, publishBoards } from './test/boards.mjs';
import { flows } from './test/flows.mjs';
import { publishImporters } from './test/importers.mjs';

/**
 * Starts a real Inlay server for the run, publishes the test flows and boards (seeding the
 * boards' posts and votes over HTTP), and tells the page where they are through
 * `/__inlay/env.json` (base URLs, publishable keys, flow and board ids). Routes the page cannot
 * call itself go through here: minting author tokens needs the secret key, which never reaches
 * the browser.
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
      const boardIds = await publishBoards(server, boards);
      const importerIds = await publishImporters(server);
      boardIds.unpublished = await server.createBoard('Never published');
      env = {
        baseUrl: server.baseUrl,
        publishableKey: server.publishableKey,
        flows: ids,
        // Its own key: the per-(key, address) request and post limits of the board tests are
        // then not shared with the checklist tests running in the same minute.
        feedback: { baseUrl: server.feedbackBaseUrl, publishableKey: await server.newPublishableKey(), boards: boardIds },
        importer: { baseUrl: server.importerBaseUrl, publishableKey: await server.newPublishableKey(), importers: importerIds },
      };
    },
    async serve(context) {
      if (!server) return undefined;
      const query = new URL(context.url, 'http://test.invalid').searchParams;
      if (context.path === '/__inlay/env.json') return { body: JSON.stringify(env), type: 'json' };
      if (context.path === '/__inlay/import-sessions') return { body: JSON.stringify(await server.importSessions()), type: 'json' };
      if (context.path === '/__inlay/session-rows') return { body: JSON.stringify(await server.sessionRows(query.get('sessionId') ?? '')), type: 'json' };
      if (context.path === '/__inlay/progress') {
        const { body } = await server.getProgress(query.get('flowId') ?? '', query.get('userId') ?? '');
        return { body: JSON.stringify(body), type: 'json' };
      }
      if (context.path === '/__inlay/author-token') {
        const token = await server.mintAuthorToken({
          authorId: query.get('userId') ?? '',
          flowId: query.get('flowId') ?? '',
          workspaceKey: query.get('workspaceKey') ?? 'default',
          ...(query.get('expiresInSec') ? { expiresInSec: Number(query.get('expiresInSec')) } : {}),
        });
        return { body: JSON.stringify({ token }), type: 'json' };
      }
      if (context.path === '/__inlay/republish-board') {
        await server.republishBoard(query.get('boardId') ?? '', query.get('name') ?? '', JSON.parse(query.get('config') ?? '{}'));
        return { body: '{}', type: 'json' };
      }
      // A key of its own for a test that writes comments: they count against the per-(key, address) post limit.
      if (context.path === '/__inlay/publishable-key') return { body: JSON.stringify({ key: await server.newPublishableKey() }), type: 'json' };
      if (context.path === '/__inlay/age-comment') {
        await server.ageComment(query.get('commentId') ?? '', Number(query.get('minutes') ?? '0'));
        return { body: '{}', type: 'json' };
      }
      if (context.path === '/__inlay/feedback-token') {
        const token = await server.mintFeedbackToken({
          authorId: query.get('authorId') ?? '',
          boardId: query.get('boardId') ?? '',
          ...(query.get('name') ? { name: query.get('name') } : {}),
          ...(query.get('role') ? { role: query.get('role') } : {}),
          ...(query.get('expiresInSec') ? { expiresInSec: Number(query.get('expiresInSec')) } : {}),
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
    // Papa Parse is CommonJS (UMD); the dev server serves ES modules only.
    fromRollup(commonjs)({ include: ['**/node_modules/papaparse/**'], ignore: ['stream'], strictRequires: false }),
    inlayServer(),
  ],
  browsers: [
    chromeLauncher({
      launchOptions: { executablePath: chromiumPath, headless: true, args: chromiumArgs },
    }),
  ],
};
