import type { EngineOptions } from './engine/engine.js';
import type { Command, Message, Method, ParamsOf, Progress, ResultOf } from './engine/protocol.js';

/** What the engine module exports (engine/worker.ts). @internal */
export interface EngineModule {
  startEngine(post: (message: Message) => void, options: EngineOptions): (command: Command) => void;
  MAIN_THREAD_OPTIONS: EngineOptions;
}

/**
 * Where the engine comes from: a worker to start, and the same module to import when workers are
 * not allowed. The ESM entry points both at `./importer/engine/worker.js` (bundlers follow
 * `new Worker(new URL(…, import.meta.url))`); the script-tag bundle at the worker file beside it.
 * @internal
 */
export interface EngineAssets {
  createWorker(): Worker;
  loadEngine(): Promise<EngineModule>;
}

/** Assets for an engine module at `url` (the `worker-url` attribute, or beside the CDN bundle). @internal */
export function assetsAt(url: string): EngineAssets {
  const href = new URL(url, document.baseURI).href;
  return {
    createWorker() {
      try {
        return new Worker(href, { type: 'module' });
      } catch (error) {
        // A worker must come from the page's origin; one on a CDN is started through a module
        // that imports it (needs `worker-src blob:` and CORS on the CDN).
        if (new URL(href).origin === location.origin) throw error;
        const shim = URL.createObjectURL(new Blob([`import ${JSON.stringify(href)};`], { type: 'text/javascript' }));
        return new Worker(shim, { type: 'module' });
      }
    },
    loadEngine: () => import(/* @vite-ignore */ href) as Promise<EngineModule>,
  };
}

/** A request in flight: its answer, and a way to stop it. @internal */
export interface Call<T> {
  readonly promise: Promise<T>;
  cancel(): void;
}

/**
 * The element's line to its engine: a worker, or the engine running on the main thread when the
 * page's Content-Security-Policy forbids workers (`worker-src`) or the worker fails to start.
 * @internal
 */
export class EngineConnection {
  #next = 1;
  readonly #pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void; progress?: ((p: Progress) => void) | undefined }>();

  private constructor(
    readonly mode: 'worker' | 'main-thread',
    private readonly send: (command: Command) => void,
    private readonly stop: () => void,
  ) {}

  static async open(assets: EngineAssets): Promise<EngineConnection> {
    const worker = await startWorker(assets);
    if (worker) {
      const connection = new EngineConnection('worker', (command) => worker.postMessage(command), () => worker.terminate());
      worker.onmessage = (event: MessageEvent<Message>) => connection.#receive(event.data);
      return connection;
    }
    const module = await assets.loadEngine();
    // `handle` is called only after both exist.
    const connection = new EngineConnection('main-thread', (command) => handle(command), () => undefined);
    // Answers are delivered in a task of their own, as a worker's would be.
    const handle = module.startEngine((message) => void Promise.resolve().then(() => connection.#receive(message)), module.MAIN_THREAD_OPTIONS);
    return connection;
  }

  call<M extends Method>(method: M, params: ParamsOf<M>, progress?: (progress: Progress) => void): Call<ResultOf<M>> {
    const id = this.#next++;
    const promise = new Promise<ResultOf<M>>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject, progress });
    });
    this.send({ type: 'call', id, method, params } as Command);
    return { promise, cancel: () => this.send({ type: 'cancel', id }) };
  }

  close(): void {
    this.stop();
    for (const { reject } of this.#pending.values()) reject(new EngineClosedError());
    this.#pending.clear();
  }

  #receive(message: Message): void {
    if (message.type === 'ready') return;
    const pending = this.#pending.get(message.id);
    if (!pending) return;
    if (message.type === 'progress') {
      pending.progress?.(message.progress);
      return;
    }
    this.#pending.delete(message.id);
    if (message.type === 'result') pending.resolve(message.result);
    else pending.reject(Object.assign(new Error(message.error.message), { name: message.error.name }, message.error.code === undefined ? {} : { code: message.error.code }));
  }
}

/** The engine was shut down (the element left the page or started over). @internal */
export class EngineClosedError extends Error {
  override readonly name = 'EngineClosedError';
  constructor() {
    super('The importer engine was closed.');
  }
}

/** A started worker that said it is ready, or undefined when the page does not allow one. */
async function startWorker(assets: EngineAssets): Promise<Worker | undefined> {
  if (typeof Worker === 'undefined') return undefined;
  let worker: Worker;
  try {
    worker = assets.createWorker();
  } catch {
    return undefined;
  }
  const ready = await new Promise<boolean>((resolve) => {
    worker.onmessage = (event: MessageEvent<Message>) => resolve(event.data?.type === 'ready');
    // A CSP refusal or a missing file arrives as an error event.
    worker.onerror = (event) => {
      event.preventDefault();
      resolve(false);
    };
  });
  worker.onerror = null;
  if (!ready) {
    worker.terminate();
    return undefined;
  }
  return worker;
}
