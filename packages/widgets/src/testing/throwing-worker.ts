// An engine module that throws while its worker starts. On the main thread it is the engine, as
// the real module is.
export { MAIN_THREAD_OPTIONS, startEngine } from '../importer/engine/engine.js';

const scope = globalThis as { WorkerGlobalScope?: unknown };
if (scope.WorkerGlobalScope !== undefined) throw new Error('engine start-up failed on purpose');
