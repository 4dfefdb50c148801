import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { mintAuthorToken } from '../auth/author-tokens.js';
import { ApiError } from '../errors.js';
import type { ZodTypeProvider } from '../type-provider.js';
import { widgetsFile } from './widgets-dir.js';
import type { DemoWorkspace } from './demo-workspace.js';
import { demoPage, demoScript, demoStyles } from './demo-page.js';

export interface DemoOptions {
  demo: DemoWorkspace;
  /** Whether the widgets' bundles are served at `/cdn` (built and found). */
  widgetsBuilt: boolean;
}

/**
 * `/demo`: the widgets embedded exactly as a customer site would (a `<script>` tag and the demo
 * workspace's publishable key), under a strict Content-Security-Policy, plus a stand-in for the
 * customer's backend that mints author tokens. The demo secret key never reaches the page.
 */
export async function demoRoutes(parent: FastifyInstance, options: DemoOptions): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { demo, widgetsBuilt } = options;

  app.addHook('onSend', async (_request, reply) => {
    reply.header(
      'Content-Security-Policy',
      "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; worker-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
  });

  app.get('/demo', async (request, reply) => {
    const origin = `${request.protocol}://${request.host}`;
    return reply.type('text/html; charset=utf-8').send(demoPage({ demo, origin, widgetsBuilt }));
  });

  // A messy spreadsheet to try the importer with (semicolons, decimal commas, mixed dates, …).
  app.get('/demo/contacts-messy.csv', async (_request, reply) => {
    const file = widgetsFile('demo', 'contacts-messy.csv');
    if (file === undefined) throw new ApiError('route_not_found', 'The sample file ships with @inlay/widgets.');
    return reply.type('text/csv; charset=utf-8').header('Content-Disposition', 'attachment; filename="contacts-messy.csv"').send(await readFile(file));
  });

  app.get('/demo/demo.js', async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(demoScript));
  app.get('/demo/demo.css', async (_request, reply) => reply.type('text/css; charset=utf-8').send(demoStyles));

  // The customer's backend, in miniature: it knows who is signed in (here: the user the page
  // names) and mints a short-lived author token with its secret key.
  app.post(
    '/demo/author-token',
    { schema: { body: z.strictObject({ userId: z.string().min(1).max(200), workspaceKey: z.string().min(1).max(200).optional() }) } },
    async (request) => {
      const token = await mintAuthorToken(app.inlay.storage, {
        workspaceId: demo.workspaceId,
        mode: 'test',
        service: 'onboarding',
        resourceId: demo.flowId,
        authorId: request.body.userId,
        expiresInSec: 900,
        claims: { wsk: request.body.workspaceKey ?? 'demo-account' },
      });
      return { data: token };
    },
  );
}
