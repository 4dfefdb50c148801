// Drives the importer's engine in Node as the element drives it in its worker: calls answered by
// id, progress passed to the caller's callback, cancel by id. Shared by the engine's test files.
import type { ImporterConfig } from '@inlay/core';
import { type EngineOptions, ImportEngine } from '../src/importer/engine/engine.js';
import type { Message, Method, ParamsOf, Progress, ResultOf } from '../src/importer/engine/protocol.js';

/** An engine driven like the element drives it, with tiny pieces by default to exercise every boundary. */
export function engine(options: EngineOptions = { sliceMs: 5, chunkBytes: 7 }) {
  let next = 1;
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void; progress?: (p: Progress) => void }>();
  const instance = new ImportEngine((message: Message) => {
    if (message.type === 'ready') return;
    const entry = pending.get(message.id);
    if (!entry) return;
    if (message.type === 'progress') entry.progress?.(message.progress);
    else if (message.type === 'result') entry.resolve(message.result);
    else entry.reject(Object.assign(new Error(message.error.message), { name: message.error.name }, message.error.code === undefined ? {} : { code: message.error.code }));
  }, options);
  const call = <M extends Method>(method: M, params: ParamsOf<M>, progress?: (p: Progress) => void): Promise<ResultOf<M>> => {
    const id = next++;
    const promise = new Promise<ResultOf<M>>((resolve, reject) => pending.set(id, { resolve: resolve as (value: unknown) => void, reject, progress }));
    instance.handle({ type: 'call', id, method, params } as never);
    return promise;
  };
  const cancel = (id: number) => instance.handle({ type: 'cancel', id });
  return { call, cancel, nextId: () => next };
}

/** A customer list with a field of every type: the importer config the byte-path tests read messy files with. */
export const CUSTOMERS: ImporterConfig = {
  fields: [
    { key: 'id', label: 'Customer ID', type: 'string', unique: true },
    { key: 'email', label: 'Email', type: 'email', required: true },
    { key: 'name', label: 'Name', type: 'string' },
    { key: 'amount', label: 'Amount', type: 'number' },
    { key: 'joined', label: 'Joined', type: 'date' },
    { key: 'active', label: 'Active', type: 'boolean' },
    { key: 'plan', label: 'Plan', type: 'enum', enumValues: ['free', 'pro', 'team'] },
    { key: 'site', label: 'Site', type: 'url' },
  ],
  duplicateKey: 'email',
};
