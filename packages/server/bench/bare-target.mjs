// The baseline: a plain Fastify app in its own process, one GET route on the same path that
// answers the same JSON bytes the Inlay config route sends. Nothing else: no hooks, plugins,
// auth, rate limit or usage counting.
//   node bare-target.mjs --body-file /tmp/…/body.json [--content-type 'application/json; charset=utf-8']
// Prints one JSON line {url} once listening on 127.0.0.1; ends on SIGTERM/SIGINT.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';

const { values } = parseArgs({
  options: {
    'body-file': { type: 'string' },
    'content-type': { type: 'string', default: 'application/json; charset=utf-8' },
  },
});
if (!values['body-file']) throw new Error('--body-file <file> is required');
const body = readFileSync(values['body-file'], 'utf8');
const contentType = values['content-type'];

const app = Fastify({ logger: false });
app.get('/onboarding/api/v1/config/:id', (request, reply) => {
  reply.type(contentType).send(body);
});

let closing = false;
const shutdown = () => {
  if (closing) return;
  closing = true;
  const force = setTimeout(() => process.exit(1), 5_000);
  force.unref();
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);

const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ url })}\n`);
