import { readFileSync } from 'node:fs';
import type { ServerOptions as HttpServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import { ApiError } from './errors.js';
import type { TimeoutOptions } from './options.js';
import { isDrainingRefusedBody } from './plugins/refused-body.js';
import { BASE_SECURITY_HEADER_LINES } from './plugins/security-headers.js';

/**
 * Fastify's server options for the client timeouts (docs/security.md#connections-and-timeouts).
 * Node checks the header and request deadlines of open requests on an interval (30 s by
 * default, which would let a trickling client live up to twice its budget); a quarter of the
 * shorter deadline, at most 1 s, keeps the overshoot small for a scan of the open connections.
 */
export function timeoutServerOptions(timeouts: TimeoutOptions): {
  connectionTimeout: number;
  keepAliveTimeout: number;
  requestTimeout: number;
  http: HttpServerOptions;
} {
  const checkEvery = Math.min(1_000, Math.max(10, Math.floor(Math.min(timeouts.headersMs, timeouts.requestMs) / 4)));
  return {
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    requestTimeout: timeouts.requestMs,
    // A request without Host is refused in the documented shape (app.ts), not by Node with an empty 400.
    http: { headersTimeout: timeouts.headersMs, requestTimeout: timeouts.requestMs, connectionsCheckingInterval: checkEvery, requireHostHeader: false },
  };
}

/** File descriptors the server keeps for itself beyond its connections: SQLite files, logs, workers. */
export const RESERVED_FILE_DESCRIPTORS = 256;

/**
 * The connection cap to apply: the configured one, lowered when the process's file-descriptor
 * limit could not hold that many sockets plus the server's own files, so that refusing a
 * connection happens before accepting one fails for want of descriptors.
 */
export function connectionCap(configured: number, fileLimit = fileDescriptorLimit()): { cap: number; lowered: boolean } {
  if (fileLimit === undefined || configured + RESERVED_FILE_DESCRIPTORS <= fileLimit) return { cap: configured, lowered: false };
  return { cap: Math.max(1, fileLimit - RESERVED_FILE_DESCRIPTORS), lowered: true };
}

let cachedLimit: number | undefined | null = null;

/** The soft `ulimit -n` of this process (Linux, from /proc); undefined elsewhere or when unlimited. */
export function fileDescriptorLimit(): number | undefined {
  if (cachedLimit !== null) return cachedLimit;
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((row) => row.startsWith('Max open files'));
    const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
    cachedLimit = soft !== undefined && /^\d+$/.test(soft) ? Number(soft) : undefined;
  } catch {
    cachedLimit = undefined;
  }
  return cachedLimit;
}

/**
 * Errors Node raises on a connection before a request reaches Fastify (a timeout, unparsable
 * HTTP, oversized headers), answered in the documented error shape (docs/errors.md) instead of
 * Fastify's own, and the connection closed.
 */
export function clientErrorHandler(nextRequestId: () => string): (error: Error & { code?: string }, socket: Socket) => void {
  return (error, socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    // Its request was answered (413) while its body still arrives: close it, with nothing more.
    if (isDrainingRefusedBody(socket)) return void socket.destroy();
    // A response already under way cannot be replaced; only the connection can be closed.
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (socket.writable && inFlight?.headersSent !== true) {
      const apiError =
        error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? new ApiError('request_timeout', 'The request arrived too slowly; the connection is closed.')
          : error.code === 'HPE_HEADER_OVERFLOW'
            ? new ApiError('headers_too_large', "The request's headers are too large; the connection is closed.")
            : new ApiError('malformed_request', 'The request is not valid HTTP; the connection is closed.');
      const requestId = nextRequestId();
      const body = JSON.stringify({ error: { type: apiError.type, code: apiError.code, message: apiError.message, requestId } });
      socket.write(
        `HTTP/1.1 ${apiError.status} ${STATUS_TEXT[apiError.status] ?? 'Error'}\r\n` +
          `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
          `Request-Id: ${requestId}\r\n${BASE_SECURITY_HEADER_LINES}Connection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 413: 'Content Too Large' };
