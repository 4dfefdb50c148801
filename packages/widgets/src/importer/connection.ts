import type { EngineOptions } from './engine/engine.js';
import type { Command, Message, Method, ParamsOf, Progress, ResultOf } from './engine/protocol.js';

/** What the engine module exports (engine/worker.ts); public as a part of {@link EngineAssets}. */
export interface EngineModule {
  startEngine(post: (message: Message) => void, options: EngineOptions): (command: Command) => void;
  MAIN_THREAD_OPTIONS: EngineOptions;
}

/**
 * Where the engine comes from: a worker to start, and the same module to import when workers are
 * not allowed. The ESM entry points both at `./importer/engine/worker.js` (bundlers follow
 * `new Worker(new URL(…, import.meta.url))`); the script-tag bundle at the worker file beside it.
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
    // Loaded by the browser from `href` as it is: neither Vite nor webpack is to bundle it.
    loadEngine: () => import(/* @vite-ignore */ /* webpackIgnore: true */ href) as Promise<EngineModule>,
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
    /**
     * Why the engine runs on the main thread, when it does: set for every fallback, so the element
     * can say so (docs/widgets.md, "When the worker cannot start").
     */
    readonly fallback?: EngineFallback,
  ) {}

  /**
   * Starts the engine: in a worker that must answer "ready" within `readyTimeout` ms, or else on
   * the main thread in slices. A fallback is logged once with its cause (console.warn).
   */
  static async open(assets: EngineAssets, { readyTimeout = DEFAULT_WORKER_TIMEOUT }: { readyTimeout?: number } = {}): Promise<EngineConnection> {
    const started = await startWorker(assets, readyTimeout);
    if ('worker' in started) {
      const { worker } = started;
      const connection = new EngineConnection('worker', (command) => worker.postMessage(command), () => worker.terminate());
      worker.onmessage = (event: MessageEvent<Message>) => connection.#receive(event.data);
      return connection;
    }
    const module = await assets.loadEngine();
    // `handle` is called only after both exist.
    const connection = new EngineConnection('main-thread', (command) => handle(command), () => undefined, started.fallback);
    // Answers are delivered in a task of their own, as a worker's would be.
    const handle = module.startEngine((message) => void Promise.resolve().then(() => connection.#receive(message)), module.MAIN_THREAD_OPTIONS);
    console.warn(`<inlay-importer>: ${started.fallback.message} Files are read on the main thread in slices instead, which can make the page slower with large files.`);
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

/** How long a worker has to answer "ready" before the engine runs on the main thread (`worker-timeout`). */
export const DEFAULT_WORKER_TIMEOUT = 10_000;

/**
 * Why the engine fell back to the main thread: the page has no usable Worker (or its
 * Content-Security-Policy refused one), the worker failed while starting, or it never answered.
 * @internal
 */
export interface EngineFallback {
  cause: 'unavailable' | 'start-error' | 'timeout';
  /** For the console: names the cause. */
  message: string;
}

/** A started worker that said it is ready, or why there is none. */
async function startWorker(assets: EngineAssets, readyTimeout: number): Promise<{ worker: Worker } | { fallback: EngineFallback }> {
  if (typeof Worker === 'undefined') return { fallback: { cause: 'unavailable', message: 'Web Workers are not available here.' } };
  let worker: Worker;
  try {
    worker = assets.createWorker();
  } catch (error) {
    return { fallback: { cause: 'unavailable', message: `the importer's Web Worker could not be created (${describe(error)}); does the page's Content-Security-Policy (worker-src) allow it?` } };
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const outcome = await new Promise<EngineFallback | undefined>((resolve) => {
    worker.onmessage = (event: MessageEvent<Message>) => {
      const type = (event.data as { type?: unknown } | null)?.type;
      resolve(type === 'ready' ? undefined : { cause: 'start-error', message: `the importer's Web Worker sent ${JSON.stringify(type)} before "ready".` });
    };
    // A CSP refusal, a missing or empty-but-failing file, or a throw while the module starts
    // arrives as an error event (an ErrorEvent with a message for a throw).
    worker.onerror = (event) => {
      event.preventDefault();
      const message = event instanceof ErrorEvent && event.message ? event.message : 'its script could not be loaded or did not run: a missing file, or a Content-Security-Policy worker-src that refuses it';
      resolve({ cause: 'start-error', message: `the importer's Web Worker failed to start (${message}).` });
    };
    worker.onmessageerror = () => resolve({ cause: 'start-error', message: "the importer's Web Worker sent a message that could not be read." });
    // A worker whose start-up code was left out of the page's bundle loads without error and
    // stays silent: only a deadline notices it.
    timer = setTimeout(
      () => resolve({ cause: 'timeout', message: `the importer's Web Worker did not answer "ready" within ${readyTimeout} ms (worker-timeout); was its start-up code left out of the bundle?` }),
      readyTimeout,
    );
  });
  clearTimeout(timer);
  worker.onerror = null;
  worker.onmessageerror = null;
  if (outcome) {
    worker.terminate();
    return { fallback: outcome };
  }
  return { worker };
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
