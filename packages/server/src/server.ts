import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from './app.js';

export interface StartOptions extends BuildAppOptions {
  port?: number;
  host?: string;
}

/**
 * Builds the app, listens, and closes gracefully on SIGINT/SIGTERM (in-flight requests finish,
 * buffered usage is written, the database is closed).
 */
export async function startServer(options: StartOptions = {}): Promise<{ app: FastifyInstance; url: string }> {
  return listenWithShutdown(await buildApp(options), options);
}

/** Listens on an app already built, with the same graceful close. */
export async function listenWithShutdown(
  app: FastifyInstance,
  options: Pick<StartOptions, 'port' | 'host'> = {},
): Promise<{ app: FastifyInstance; url: string }> {
  let url: string;
  try {
    url = await app.listen({ port: options.port ?? 4000, host: options.host ?? '127.0.0.1' });
  } catch (error) {
    // A port in use, an address not on this machine: the database and the workers the app
    // opened would keep the process alive, failed, with nothing listening.
    await app.close().catch(() => undefined);
    throw error;
  }
  const shutdown = (signal: string): void => {
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  return { app, url };
}
