import pg from 'pg';
import { CHANGE_CHANNEL, parseChangeMessage, type ChangeBus } from '../changes.js';

export interface ChangeListenerOptions {
  /** While the listening connection is down, every cache is cleared this often (no change may go unheard). */
  pollMs: number;
  /** Reconnection waits double from this … */
  minBackoffMs?: number;
  /** … up to this. */
  maxBackoffMs?: number;
  /**
   * How often the listening connection is checked with a query, which must answer within as
   * long. A connection dropped without a reset (a NAT or load balancer forgetting it, some
   * failovers) raises no error of its own, and this process would wait for changes that never
   * come. 10 s by default; TCP keep-alive is on as well.
   */
  heartbeatMs?: number;
  /** Reports a lost or refused listening connection (the server's log). */
  onError?: (error: unknown) => void;
}

/**
 * Hears the changes other instances announce (db/changes.ts) on a dedicated connection — not one
 * of the pool's, which are handed from query to query and would drop the `LISTEN` — and delivers
 * them to this process's listeners. NOTIFY is not queued for a connection that is not listening,
 * so while it is down (a restart, a failover) this process cannot know what changed: it clears
 * every cache on losing the connection, again every `pollMs` until it is back, and once more on
 * reconnecting (docs/self-hosting.md).
 */
export function listenForChanges(url: string, bus: ChangeBus, options: ChangeListenerOptions): { stop(): Promise<void>; readonly connected: boolean } {
  const minBackoff = options.minBackoffMs ?? 250;
  const maxBackoff = options.maxBackoffMs ?? 10_000;
  const heartbeatMs = options.heartbeatMs ?? 10_000;
  let client: pg.Client | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let stopped = false;
  let connected = false;
  let backoff = minBackoff;
  let retry: NodeJS.Timeout | undefined;
  let poll: NodeJS.Timeout | undefined;

  const forgetEverything = () => bus.deliver({ topic: 'all' });
  const startPolling = () => {
    if (poll !== undefined || options.pollMs <= 0) return;
    poll = setInterval(forgetEverything, options.pollMs);
    poll.unref();
  };
  const stopPolling = () => {
    clearInterval(poll);
    poll = undefined;
  };

  const lost = (current: pg.Client, error: unknown) => {
    if (client !== current) return;
    client = undefined;
    clearInterval(heartbeat);
    const wasConnected = connected;
    connected = false;
    current.removeAllListeners('notification');
    void current.end().catch(() => undefined);
    if (stopped) return;
    options.onError?.(error);
    if (wasConnected) forgetEverything();
    startPolling();
    retry = setTimeout(connect, backoff);
    retry.unref();
    backoff = Math.min(maxBackoff, backoff * 2);
  };

  const connect = () => {
    if (stopped) return;
    const current = new pg.Client({ connectionString: url, keepAlive: true, query_timeout: heartbeatMs });
    client = current;
    current.on('error', (error) => lost(current, error));
    current.on('end', () => lost(current, new Error('the change listener connection ended')));
    current.on('notification', (notification) => {
      if (notification.channel !== CHANGE_CHANNEL) return;
      const message = parseChangeMessage(notification.payload);
      if (message === undefined || message.origin === bus.origin) return;
      for (const change of message.changes) bus.deliver(change);
    });
    current
      .connect()
      .then(() => current.query(`LISTEN ${CHANGE_CHANNEL}`))
      .then(
        () => {
          if (client !== current) return;
          connected = true;
          backoff = minBackoff;
          stopPolling();
          heartbeat = setInterval(() => void current.query('SELECT 1').catch((error: unknown) => lost(current, error)), heartbeatMs);
          heartbeat.unref();
          // Whatever changed while nobody listened is unknown: start afresh.
          forgetEverything();
        },
        (error: unknown) => lost(current, error),
      );
  };

  connect();
  // Until the first LISTEN is in place, changes may be missed: clear as when disconnected.
  startPolling();

  return {
    get connected() {
      return connected;
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      stopPolling();
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
