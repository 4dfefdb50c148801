import { type Call, EngineConnection } from './connection.js';
import type { Method, ParamsOf, Progress, ResultOf } from './engine/protocol.js';
import { type ImporterCore, setState } from './importer-core.js';

/*
 * The element's one engine (connection.ts): opened on the first file, in a worker or on the main
 * thread, kept while the import lasts and closed when it starts over or the element leaves the
 * page. The request in flight is remembered so Stop and Cancel can end it.
 */

/** The engine, opened on first use. @internal */
export function connectEngine(core: ImporterCore): Promise<EngineConnection> {
  if (!core.connection) {
    const assets = core.assets();
    if (!assets) throw new Error('<inlay-importer> does not know where its engine is: set the worker-url attribute.');
    const connecting = EngineConnection.open(assets, { readyTimeout: core.host.workerTimeout });
    core.connection = connecting;
    void connecting.then(
      (connection) => setState(core, { engineMode: connection.mode }),
      () => {
        if (core.connection === connecting) core.connection = undefined;
      },
    );
  }
  return core.connection;
}

/** Runs one engine request, remembering it so Stop/Cancel can end it. @internal */
export async function runEngine<M extends Method>(core: ImporterCore, method: M, params: ParamsOf<M>, progress?: (progress: Progress) => void): Promise<ResultOf<M>> {
  const call = (await connectEngine(core)).call(method, params, progress);
  core.call = call as Call<unknown>;
  try {
    return await call.promise;
  } finally {
    if (core.call === (call as Call<unknown>)) core.call = undefined;
  }
}

/** Ends the request in flight and closes the engine. @internal */
export function closeEngine(core: ImporterCore): void {
  core.call?.cancel();
  core.call = undefined;
  const connection = core.connection;
  core.connection = undefined;
  void connection?.then((open) => open.close()).catch(() => undefined);
}
