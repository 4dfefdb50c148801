import { createServer, connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { ChangeBus, type Change } from '../src/db/changes.js';
import { openDatabase } from '../src/db/connect.js';
import { listenForChanges } from '../src/db/postgres/changes.js';
import { testDatabase } from './helpers.js';
import { waitFor } from './webhook-receiver.js';

// The listening connection of an instance (db/postgres/changes.ts), through a TCP proxy that can
// go silent without closing anything: what a NAT or load balancer that forgets a connection does.
describe('the change listener', () => {
  const pairs: [Socket, Socket][] = [];
  const proxy = createServer((client) => {
    const server = connect(Number(upstream.port || 5432), upstream.hostname);
    pairs.push([client, server]);
    client.pipe(server);
    server.pipe(client);
    client.on('error', () => undefined);
    server.on('error', () => undefined);
  });
  let upstream: URL;
  afterAll(() => {
    for (const [client, server] of pairs) {
      client.destroy();
      server.destroy();
    }
    proxy.close();
  });

  it('notices a connection that went silent, clears every cache and listens again', async () => {
    const storage = await openDatabase(await testDatabase());
    const url = storage.location;
    upstream = new URL(url);
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const proxied = new URL(url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String((proxy.address() as AddressInfo).port);

    const bus = new ChangeBus();
    const heard: Change[] = [];
    bus.subscribe((change) => heard.push(change));
    const errors: unknown[] = [];
    const listener = listenForChanges(proxied.toString(), bus, { pollMs: 0, heartbeatMs: 300, minBackoffMs: 50, onError: (error) => errors.push(error) });
    try {
      await waitFor(() => listener.connected, 'the first LISTEN');
      // Another instance's announcement arrives.
      storage.changes.announce({ topic: 'keys' });
      await waitFor(() => heard.some((change) => change.topic === 'keys'), 'the keys change');

      // The proxy forwards nothing more on the connections it has, and closes none of them.
      for (const [client, server] of pairs) {
        client.unpipe(server);
        server.unpipe(client);
        client.pause();
        server.pause();
      }
      heard.length = 0;
      await waitFor(() => errors.length > 0, 'the heartbeat to fail');
      expect(heard.map((change) => change.topic)).toContain('all');
      await waitFor(() => listener.connected, 'a new LISTEN');
      storage.changes.announce({ topic: 'published', kind: 'flow', id: 'flow_after' });
      await waitFor(() => heard.some((change) => change.topic === 'published' && change.id === 'flow_after'), 'a change after reconnecting');
    } finally {
      await Promise.race([listener.stop(), new Promise((resolve) => setTimeout(resolve, 1_000))]);
      await storage.changes.settled();
      await storage.close();
    }
  });
});
