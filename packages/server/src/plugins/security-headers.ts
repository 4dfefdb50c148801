import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers (docs/security.md#security-headers), chosen with helmet and computed once at
 * start: helmet builds its header values on every call (about 5 µs a request, measured), and
 * the config route is the hottest in the product, so the hooks below only copy constant
 * strings onto the reply. Setting them through the reply rather than `reply.raw` keeps Node's
 * single-write path for response headers.
 */
function headersOf(middleware: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return [...headers];
}

/** Every response, API or page: nothing may frame, sniff or embed it, and no URL leaks as a referrer. */
const BASE = headersOf(
  helmet({
    // JSON needs no sources at all; HTML pages set their own policy below.
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    // Same-origin unless a route allows more (publishable routes, OAuth metadata, /cdn).
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // COOP `same-origin` would cut a browser-based MCP client's popup off from its opener while it
    // signs in on the OAuth pages; nothing here relies on process isolation.
    crossOriginOpenerPolicy: false,
    // COEP would make the demo page refuse resources without CORP, for no gain on this server.
    crossOriginEmbedderPolicy: false,
    // URLs carry OAuth parameters and resource ids; no page here needs to tell another site where the user came from.
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    // TLS ends at the operator's proxy, which owns HSTS for its domain (docs/self-hosting.md).
    strictTransportSecurity: false,
    // Legacy headers for browsers no longer supported (IE, Flash), left out to keep every response small.
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xPoweredBy: false,
    xXssProtection: false,
  }),
);

/** Routes a page on another origin may load (publishable JSON, OAuth metadata, bundles). */
const CROSS_ORIGIN = headersOf(helmet.crossOriginResourcePolicy({ policy: 'cross-origin' }));

/** The OAuth pages: their own stylesheet and forms, nothing else, never framed. */
const PAGE = headersOf(
  helmet.contentSecurityPolicy({
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], styleSrc: ["'self'"], formAction: ["'self'"], frameAncestors: ["'none'"], baseUri: ["'none'"] },
  }),
);

/** The base headers as raw HTTP header lines, for answers written to the socket directly. */
export const BASE_SECURITY_HEADER_LINES = BASE.map(([name, value]) => `${name}: ${value}\r\n`).join('');

function apply(reply: FastifyReply, headers: [string, string][]): void {
  for (let i = 0; i < headers.length; i++) {
    const header = headers[i] as [string, string];
    reply.header(header[0], header[1]);
  }
}

/** Sets the base headers; the server's first `onRequest` hook calls it, so errors and 404s get them too. */
export function setSecurityHeaders(reply: FastifyReply): void {
  apply(reply, BASE);
}

/** `onRequest` hook of routes a page on another origin may read or load (CORP `cross-origin`). */
export function crossOriginHeaders(_request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  apply(reply, CROSS_ORIGIN);
  done();
}

/** `onRequest` hook of the OAuth pages: a CSP for their stylesheet and forms. */
export function pageHeaders(_request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  apply(reply, PAGE);
  done();
}

/**
 * `onRequest` hook of the widgets' bundles (`/cdn`): loadable from any origin, and without a
 * CSP, since a worker started from a bundle runs under its response's policy and `default-src
 * 'none'` would stop it importing the spreadsheet reader beside it.
 */
export function scriptHeaders(_request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  apply(reply, CROSS_ORIGIN);
  reply.removeHeader('content-security-policy');
  done();
}
