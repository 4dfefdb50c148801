import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors.js';
import { dashboardFinder } from './dashboard-dir.js';

/**
 * The dashboard's policy: its own scripts, styles, images and API only. Lit's styles are
 * constructable stylesheets (adoptedStyleSheets), which `style-src 'self'` allows without
 * 'unsafe-inline' (docs/security.md#dashboard).
 */
export const DASHBOARD_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Inlay dashboard</title></head><body>
<h1>The dashboard is not built</h1>
<p>Build it with <code>npx turbo run build --filter=@inlay/dashboard</code> (<code>npm start</code> does), or point the server's <code>dashboardDir</code> option at a built copy.</p>
<p>No restart is needed: reload this page once the build has finished.</p>
</body></html>`;

/** Every response under /dashboard, API and app alike. */
export function dashboardHeaders(_request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  reply.header('Content-Security-Policy', DASHBOARD_CSP);
  done();
}

/**
 * `GET /dashboard` and `/dashboard/*`: the built app, with `index.html` for any path that is no
 * file (the app's own routes, such as `/dashboard/invite/<token>`). `/dashboard/api/*` never
 * falls back to the app: an unknown API path is the JSON `route_not_found`.
 */
export async function spaRoutes(app: FastifyInstance): Promise<void> {
  const dashboardDir = dashboardFinder(app.inlay.options.dashboardDir);
  const notFoundApi = (request: FastifyRequest) => new ApiError('route_not_found', `No route ${request.method} ${request.url.split('?')[0]}.`);
  // No `root`: each file is sent from the folder found at that moment, which may appear after start.
  await app.register(fastifyStatic, { serve: false });
  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.url.startsWith('/dashboard/api/')) throw notFoundApi(request);
    const dir = dashboardDir();
    if (dir === undefined) return reply.code(503).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(NOT_BUILT);
    const path = (request.params as { '*'?: string })['*'] ?? '';
    // index.html is never cached, so a new build reaches browsers at once; hashed assets may be.
    if (path === '' || path === 'index.html' || !/\.[a-z0-9]+$/i.test(path)) return reply.header('Cache-Control', 'no-cache').sendFile('index.html', dir);
    return reply.sendFile(path, dir);
  };
  app.get('/dashboard', serve);
  app.get('/dashboard/*', serve);
}
