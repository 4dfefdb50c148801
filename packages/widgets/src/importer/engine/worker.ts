/**
 * The engine's entry point — `dist/cdn/inlay-importer.worker.js`, a module the element starts as a
 * Web Worker beside its own bundle. On a page that forbids workers the element imports this same
 * module on the main thread instead and drives {@link startEngine} with short slices.
 */
import { MAIN_THREAD_OPTIONS, startEngine, WORKER_OPTIONS } from './engine.js';
import type { Command, Message } from './protocol.js';

export { MAIN_THREAD_OPTIONS, startEngine };

interface WorkerScope {
  postMessage(message: Message): void;
  onmessage: ((event: MessageEvent<Command>) => void) | null;
}

const scope = globalThis as unknown as WorkerScope & { WorkerGlobalScope?: abstract new () => unknown };
if (scope.WorkerGlobalScope !== undefined && scope instanceof scope.WorkerGlobalScope) {
  const handle = startEngine((message) => scope.postMessage(message), WORKER_OPTIONS);
  scope.onmessage = (event) => handle(event.data);
  scope.postMessage({ type: 'ready' });
}
