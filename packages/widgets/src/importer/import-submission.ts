import { createImporterClient, type ImporterClient } from '@inlay/client';
import { type ImportSession, neutralizeRecords } from '@inlay/core';
import { type ImportedRow, InlayImportCompleteEvent } from '../events.js';
import { CompletionFailure, failureMessage, sessionIsGone } from './completion.js';
import { closeEngine, runEngine } from './engine-bridge.js';
import { defineOwn, type ImporterCore, setState } from './importer-core.js';
import { ServerDelivery } from './server-delivery.js';

/** Opens the session the import is recorded in, with the host's metadata. @internal */
export function openSession(core: ImporterCore, client: ImporterClient): Promise<ImportSession> {
  const { importerId, metadata } = core.host;
  return client.openSession({ importerId, metadata: Object.keys(metadata ?? {}).length > 0 ? metadata : undefined });
}

/**
 * The review's Import (completion.ts): rows out of the engine, uploaded to the host's server with
 * `delivery: "server"` (server-delivery.ts), the session completed, and the rows to the page in
 * `inlay-import-complete`, whose listeners may hold the importer on "Saving…" with `waitUntil`.
 * On any failure the review stays as it was, with the error and a way to retry.
 * @internal
 */
export async function completeImport(core: ImporterCore): Promise<void> {
  const { host } = core;
  const client = core.client;
  if (!client) return;
  const generation = core.generation;
  const onlyValid = host.state.skipInvalid && (host.state.stats?.errorCount ?? 0) > 0;
  setState(core, { completionError: null });
  host.phase = 'completing';
  try {
    const { rowCount } = await core.completion.run({
      gather: async () => {
        const rows: ImportedRow[] = [];
        const counts = await runEngine(core, 'records', { onlyValid }, (progress) => {
          if (progress.records) for (const record of progress.records) rows.push(record);
        });
        // Text a spreadsheet would run as a formula goes out with a leading ' when the config says so.
        if (core.published) neutralizeRecords(core.published.config, rows);
        return { rows, ...counts };
      },
      session: () => {
        // A new session when the last one can no longer be completed (expired, completed elsewhere).
        const session = (core.session ??= openSession(core, client));
        session.then(
          (opened) => (core.sessionId = opened.id),
          () => core.session === session && (core.session = undefined),
        );
        return session;
      },
      completeSession: (id, params) => client.completeSession(id, params),
      mapping: () => sessionMapping(core),
      deliver: (sessionId, rows) => deliverToServer(core, sessionId, rows, generation),
      dispatch: (detail) => {
        const event = new InlayImportCompleteEvent({ importerId: host.importerId, ...detail });
        host.emit(event);
        return event;
      },
    });
    if (generation !== core.generation) return;
    setState(core, { importedRows: rowCount });
    host.phase = 'done';
    closeEngine(core);
    core.session = undefined;
    core.completion.reset();
  } catch (error) {
    if (generation !== core.generation) return;
    const failure = error instanceof CompletionFailure ? error : new CompletionFailure('rows', error);
    // The host page's refusal is its own to log; ours are reported as every other failure.
    if (failure.stage !== 'host') host.reportError(failure.error, { type: 'complete-session' });
    if (failure.stage === 'session' && sessionIsGone(failure.error)) core.session = undefined;
    setState(core, { completionError: failureMessage(failure, core.text()) });
    host.phase = 'review';
  }
}

/** Field key → the header of the column that filled it, as the session records it. */
function sessionMapping(core: ImporterCore): Record<string, string> {
  const t = core.text();
  const mapping: Record<string, string> = {};
  for (const column of core.host.state.columns) {
    if (column.fieldKey !== null && !Object.hasOwn(mapping, column.fieldKey)) {
      defineOwn(mapping, column.fieldKey, column.header || t.untitledColumn(column.column + 1));
    }
  }
  return mapping;
}

/**
 * With `delivery: "server"`, uploads the rows before the session completes (server-delivery.ts);
 * true when it did, so the page gets no rows. A lost connection waits for Try again.
 */
async function deliverToServer(core: ImporterCore, sessionId: string, rows: ImportedRow[], generation: number): Promise<boolean> {
  const host = core.host;
  if (core.published?.config.delivery !== 'server' || rows.length === 0) return false;
  // Its own client, without retries: ServerDelivery asks which chunks are stored before resending.
  const client = createImporterClient({ publishableKey: host.publishableKey, baseUrl: host.baseUrl, maxNetworkRetries: 0 });
  const delivery = new ServerDelivery(host, client, sessionId, rows, host.uploadChunkRows);
  core.delivery = delivery;
  try {
    await delivery.deliver((error) => {
      if (generation === core.generation) core.host.reportError(error, { type: 'upload-rows' });
    });
  } finally {
    host.removeController(delivery);
    if (core.delivery === delivery) core.delivery = undefined;
  }
  return true;
}
