import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** How the receiver answers one request: a status, or its own handling of the response. */
export type Behaviour = (response: ServerResponse, received: Received) => void;

/** A real HTTP receiver on 127.0.0.1 that keeps what it was sent; `behave` can change at any time. */
export class Receiver {
  readonly received: Received[] = [];
  behave: Behaviour = (response) => response.writeHead(204).end();
  readonly #server: Server;
  port = 0;

  constructor() {
    this.#server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const received = { headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
        // A request counts as received only when it is answered with a success.
        this.behave(response, received);
        if (response.headersSent && response.statusCode >= 200 && response.statusCode < 300) this.received.push(received);
      });
    });
  }

  async listen(port = 0): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(port, '127.0.0.1', resolve));
    this.port = (this.#server.address() as AddressInfo).port;
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/hook`;
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  /** The parsed bodies received so far. */
  events(): { type: string; timestamp: string; data: Record<string, unknown> }[] {
    return this.received.map((entry) => JSON.parse(entry.body) as { type: string; timestamp: string; data: Record<string, unknown> });
  }
}

/** Polls until `check` returns something other than undefined/false, or fails after `timeoutMs`. */
export async function waitFor<T>(check: () => T | undefined | false | Promise<T | undefined | false>, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Starts receivers for a test file, each closed after the file's tests. */
export function receiverPool(): () => Promise<Receiver> {
  const started: Receiver[] = [];
  afterAll(async () => {
    for (const receiver of started) await receiver.close();
  });
  return async () => {
    const receiver = await new Receiver().listen();
    started.push(receiver);
    return receiver;
  };
}
