import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../errors.js';
import { scriptHeaders } from '../plugins/security-headers.js';

/**
 * `inlay-importer.js`, its modules (`inlay-importer.worker.js`, `inlay-importer.reader-marks.js`,
 * `inlay-feedback-board.post.js`), the translations (`inlay-checklist.de.js`,
 * `inlay-checklist.pt-BR.js`: docs/widgets.md, Languages), and their maps.
 */
const ASSET_NAME = /^inlay-[a-z-]+(\.([a-z]+(-[a-z]+)*|[a-z]{2}-[A-Z]{2}))?\.js(\.map)?$/;

/**
 * `/cdn/inlay-*.js`: the widgets' self-registering script-tag bundles, for self-hosters who
 * serve them from their Inlay server. Only bundle file names are served from the folder.
 */
export async function cdnRoutes(app: FastifyInstance, options: { dir: string }): Promise<void> {
  app.get('/cdn/:name', { schema: { params: z.object({ name: z.string() }) }, onRequest: scriptHeaders }, async (request, reply) => {
    const { name } = request.params as { name: string };
    const body = ASSET_NAME.test(name) ? await readFile(join(options.dir, name)).catch(() => undefined) : undefined;
    if (!body) throw new ApiError('route_not_found', `No widget bundle ${name}.`);
    return reply
      .type(name.endsWith('.map') ? 'application/json' : 'text/javascript; charset=utf-8')
      .header('Cache-Control', 'public, max-age=300')
      .header('Access-Control-Allow-Origin', '*')
      .send(body);
  });
}
