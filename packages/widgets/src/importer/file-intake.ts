import type { OpenResult, SourceInput } from './engine/protocol.js';
import { runEngine } from './engine-bridge.js';
import { type ColumnMatcher, fail, type ImporterCore, type ImporterState, setState } from './importer-core.js';
import { openSession } from './import-submission.js';
import { headersOf } from './mapping.js';
import { loadMatcher } from './matcher.js';
import { loadSuggestions } from './suggestions.js';
import { recallMapping } from './remembered-mappings.js';

/*
 * The file's way in (docs/importer.md): the user chooses a file or pastes rows, the engine opens it
 * (encoding, delimiter, sheet), the user picks the header row, and the columns are matched to the
 * importer's fields for the mapping step.
 */

/** The user chose a file or pasted rows: the session opens and the file is read. @internal */
export async function startReading(core: ImporterCore, source: SourceInput, name: string): Promise<void> {
  const client = core.client;
  // A preview has no client: the file is read, mapped and reviewed, but no session is opened.
  if (!client && !core.host.previewConfig) return;
  const generation = core.generation;
  core.source = source;
  setState(core, { sourceName: name, openOptions: {}, headerRow: 0, refused: undefined });
  core.host.phase = 'reading';
  if (!core.session && client) {
    const session = (core.session = openSession(core, client));
    session.then(
      (opened) => (core.sessionId = opened.id),
      (error: unknown) => {
        // Not kept for the Import: after Try again, the next file opens a session of its own.
        if (core.session === session) core.session = undefined;
        fail(core, generation, error, 'open-session');
      },
    );
  }
  await openSource(core, {});
}

/** Reads the chosen file with `options` (encoding, delimiter, sheet): the setup step, or why it was refused. @internal */
export async function openSource(core: ImporterCore, options: ImporterState['openOptions']): Promise<void> {
  const source = core.source;
  if (!source) return;
  const generation = core.generation;
  try {
    // The column matcher loads while the file is read: the setup step's Continue needs it.
    const [opened, matcher]: [OpenResult, ColumnMatcher] = await Promise.all([runEngine(core, 'open', { source, ...options }), loadMatcher()]);
    if (generation !== core.generation || core.host.phase === 'error') return;
    core.matcher = matcher;
    setState(core, { opened, openOptions: options, headerRow: opened.headerRow });
    core.host.phase = 'setup';
  } catch (error) {
    if (generation === core.generation && error instanceof Error && error.name === 'FileRefusedError') void refuse(core, error);
    else fail(core, generation, error, 'read');
  }
}

/**
 * A file that is not text or a workbook, or a workbook found damaged as it is read: back to the
 * upload step, saying why, with focus on it. @internal
 */
export async function refuse(core: ImporterCore, error: Error): Promise<void> {
  const { host } = core;
  host.reportError(error, { type: 'read' });
  const code = (error as Error & { code?: unknown }).code;
  setState(core, { refused: { name: host.state.sourceName, code: typeof code === 'string' ? code : 'binary' } });
  host.phase = 'upload';
  await host.updateComplete;
  host.renderRoot.querySelector<HTMLElement>('[part~="file-error"]')?.focus();
}

/** The header row is chosen: each column gets its likeliest field (or the one remembered) for the mapping step. @internal */
export function toMapping(core: ImporterCore): void {
  const { host } = core;
  const { published, matcher } = core;
  const opened = host.state.opened;
  if (!published || !opened || !matcher) return;
  const headers = headersOf(opened.preview, host.state.headerRow);
  const remembered = recallMapping(host.importerId, headers);
  const columns = matcher.proposeColumns(opened.preview, host.state.headerRow, published.config.fields, remembered);
  setState(core, { columns, remembered: columns.some((column) => column.method === 'remembered') });
  host.phase = 'mapping';
  if (host.suggestMapping !== undefined) {
    loadSuggestions().then(
      ({ askForSuggestions }) => askForSuggestions(core),
      (error: unknown) => host.reportError(error, { type: 'suggest-mapping' }),
    );
  }
}
