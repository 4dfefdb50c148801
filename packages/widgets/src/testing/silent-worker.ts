// An engine module whose worker never answers "ready", as when a bundler leaves out the start-up
// code of engine/worker.ts. On the main thread it is the engine, as the real module is.
export { MAIN_THREAD_OPTIONS, startEngine } from '../importer/engine/engine.js';
