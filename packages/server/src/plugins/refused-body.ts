import { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** How long the rest of a refused body is read before its connection is closed anyway. */
export const REFUSED_BODY_LINGER_MS = 5_000;

/**
 * Connections reading the rest of a refused body: their request has its answer, so a request
 * timeout on them closes them without another (connection-limits.ts).
 */
const draining = new WeakSet<Socket>();

/** Whether `socket` is reading the rest of a body already refused with 413. */
export function isDrainingRefusedBody(socket: Socket): boolean {
  return draining.has(socket);
}

/**
 * The rest of a body refused for its size, still arriving, is read and dropped before the
 * connection closes, so the client reads the 413 (docs/api.md, "Limits"). Fastify answers with
 * `Connection: close` and Node closes the socket as soon as the answer is written: a client still
 * sending then meets a reset (EPIPE, ECONNRESET, a browser's network error) and often never sees
 * the answer. Without that header Node reads the rest of the body and drops it; a client that
 * goes on sending for more than {@link REFUSED_BODY_LINGER_MS} has its connection closed, as a
 * lingering close does. A request without a network socket (`app.inject`) has nothing to drain.
 */
export function drainRefusedBody(request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.raw;
  const socket = raw.socket;
  if (raw.complete || !(socket instanceof Socket)) return;
  reply.removeHeader('connection');
  draining.add(socket);
  const timer = setTimeout(() => socket.destroy(), REFUSED_BODY_LINGER_MS);
  timer.unref();
  const done = (): void => {
    clearTimeout(timer);
    draining.delete(socket);
  };
  raw.once('end', done);
  socket.once('close', done);
}
