import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { verifyAuthorToken } from '../src/auth/author-tokens.js';
import { cdnRoutes } from '../src/demo/cdn-routes.js';
import { demoRoutes } from '../src/demo/demo-routes.js';
import { ensureDemoWorkspace } from '../src/demo/demo-workspace.js';
import { call, dataOf, tempDir, testDatabase } from './helpers.js';

const dir = tempDir();
const dbPath = await testDatabase('demo.db');
const assetsDir = join(dir, 'cdn');
mkdirSync(assetsDir);
writeFileSync(join(assetsDir, 'inlay-checklist.js'), 'console.log("bundle")');
writeFileSync(join(assetsDir, 'inlay-importer.worker.js'), 'self.onmessage = () => {}');
writeFileSync(join(assetsDir, 'inlay-checklist.pt-BR.js'), 'export default () => ({})');
writeFileSync(join(assetsDir, 'inlay-importer.reader-marks.js'), 'export const marks = 1');

const app = await buildApp({ db: dbPath, logger: false });
const { demo, created } = await ensureDemoWorkspace(app.inlay.storage);
await app.register(cdnRoutes, { dir: assetsDir });
await app.register(demoRoutes, { demo, widgetsBuilt: true });
afterAll(() => app.close());

describe('the demo workspace', () => {
  it('is created once and reused on the next start', async () => {
    expect(created).toBe(true);
    const again = await ensureDemoWorkspace(app.inlay.storage);
    expect(again.created).toBe(false);
    expect(again.demo).toEqual(demo);
  });

  it('seeds the demo board with posts', async () => {
    const page = dataOf<{ items: { title: string; voteCount: number; status: string }[] }>(
      await call(app, 'GET', `/feedback/api/v1/posts?boardId=${demo.boardId}`, { key: demo.keys.testPublishable }),
    );
    expect(page.items.map((p) => [p.title, p.voteCount, p.status])).toEqual([
      ['Dark mode', 7, 'planned'],
      ['Export to CSV', 4, 'in_progress'],
      ['Slack notifications', 2, 'open'],
    ]);
  });

  it('has a published flow, board and importer that the publishable key can read', async () => {
    for (const [service, id] of [['onboarding', demo.flowId], ['onboarding', demo.tourFlowId], ['feedback', demo.boardId], ['importer', demo.importerId]] as const) {
      const config = dataOf<{ id: string }>(await call(app, 'GET', `/${service}/api/v1/config/${id}`, { key: demo.keys.testPublishable }));
      expect(config.id).toBe(id);
    }
  });
});

describe('/demo', () => {
  it('embeds the checklist with the publishable key and never the secret key, under a strict CSP', async () => {
    const response = await app.inject({ method: 'GET', url: '/demo', headers: { host: 'localhost:4000' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain(`publishable-key="${demo.keys.testPublishable}"`);
    expect(response.body).toContain(`flow-id="${demo.flowId}"`);
    // A tour over the page's own sections: each of its anchors is on the page.
    expect(response.body).toContain(`<inlay-tour id="demo-tour"\n  flow-id="${demo.tourFlowId}"`);
    expect(response.body).toContain('<script src="/cdn/inlay-tour.js"></script>');
    const tour = dataOf<{ config: { presentation: string; items: { anchor: { selector: string } }[] } }>(
      await call(app, 'GET', `/onboarding/api/v1/config/${demo.tourFlowId}`, { key: demo.keys.testPublishable }),
    ).config;
    expect(tour.presentation).toBe('tour');
    for (const { anchor } of tour.items) expect(response.body).toContain(anchor.selector.slice(1, -1));
    expect(response.body).toContain('<script src="/demo/demo.js"></script>\n<script src="/cdn/inlay-checklist.js"></script>');
    for (const secret of [demo.keys.testSecret, demo.keys.liveSecret]) expect(response.body).not.toContain(secret);
    expect(response.body).not.toMatch(/<script>(?!<\/script>)/);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).toContain("worker-src 'self'");
    expect(response.body).toContain(`importer-id="${demo.importerId}"`);
    expect(response.body).toContain(`board-id="${demo.boardId}"`);
  });

  it('serves the widget bundles at /cdn and nothing else from their folder', async () => {
    const bundle = await app.inject({ method: 'GET', url: '/cdn/inlay-checklist.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.body).toBe('console.log("bundle")');
    expect(bundle.headers['content-type']).toContain('text/javascript');
    expect((await app.inject({ method: 'GET', url: '/cdn/inlay-importer.worker.js' })).statusCode).toBe(200);
    // A module whose name has words joined by a hyphen, which the importer's worker imports across origins.
    const shared = await app.inject({ method: 'GET', url: '/cdn/inlay-importer.reader-marks.js' });
    expect(shared.statusCode).toBe(200);
    expect(shared.headers['access-control-allow-origin']).toBe('*');
    for (const name of ['..%2Fdemo.db', 'demo.db', '.env', 'inlay-missing.js', 'inlay-a.b.c.js']) {
      expect((await app.inject({ method: 'GET', url: `/cdn/${name}` })).statusCode).toBe(404);
    }
  });

  it('serves the widgets’ translations beside their bundles, region tags included', async () => {
    const translation = await app.inject({ method: 'GET', url: '/cdn/inlay-checklist.pt-BR.js' });
    expect(translation.statusCode).toBe(200);
    expect(translation.headers['content-type']).toContain('text/javascript');
    expect((await app.inject({ method: 'GET', url: '/cdn/inlay-checklist.pt-br-x.js' })).statusCode).toBe(404);
  });

  it('mints author tokens for the demo flow from its stand-in backend', async () => {
    const response = await app.inject({ method: 'POST', url: '/demo/author-token', payload: { userId: 'demo-user' } });
    const { token } = dataOf<{ token: string }>(response);
    const claims = await verifyAuthorToken(app.inlay.storage, token, { workspaceId: demo.workspaceId, mode: 'test', service: 'onboarding', resourceId: demo.flowId });
    expect(claims.sub).toBe('demo-user');
  });
});
