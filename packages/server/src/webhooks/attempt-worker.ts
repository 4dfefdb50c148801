import { parentPort, workerData } from 'node:worker_threads';
import { AttemptClient, type AttemptRequest, type AttemptResult, type AttemptSettings } from './attempt.js';

/**
 * The delivery thread (attempt-runner.ts): runs the HTTP attempts the sender hands it, so their
 * sockets, parsing and signing stay off the thread that answers API requests. Messages both
 * ways are batches. Results wait up to REPORT_WINDOW_MS to travel together: each message, and
 * each transaction recording what it carries, costs the API thread about as much as one more
 * result in it (docs/decisions.md, "Webhook delivery cost (measured)"); the attempt's slot is
 * free meanwhile, only its record waits.
 */
const REPORT_WINDOW_MS = 2;
const port = parentPort;
if (port === null) throw new Error('attempt-worker.js runs as a worker thread');
const client = new AttemptClient(workerData as AttemptSettings);
let done: Array<{ n: number; result: AttemptResult }> = [];

function report(n: number, result: AttemptResult): void {
  if (done.length === 0) setTimeout(flush, REPORT_WINDOW_MS);
  done.push({ n, result });
}

function flush(): void {
  const batch = done;
  done = [];
  port?.postMessage(batch);
}

port.on('message', (jobs: Array<{ n: number; request: AttemptRequest }>) => {
  for (const { n, request } of jobs) void client.attempt(request).then((result) => report(n, result));
});
