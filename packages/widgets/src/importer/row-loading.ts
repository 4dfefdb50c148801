import { mappingFromMatches } from '@inlay/core';
import type { ViewFilter } from './engine/protocol.js';
import { runEngine } from './engine-bridge.js';
import { refuse } from './file-intake.js';
import { defineOwn, fail, type ImporterCore, type ImporterState, setState } from './importer-core.js';
import { missingRequired, reviewOrder, unconfirmed } from './mapping.js';
import { saveMapping } from './remembered-mappings.js';
import { refreshFormulaCells, runHooks } from './review-changes.js';
import type { Phase } from './steps/context.js';
import { needsAnswer } from './steps/formats.js';
import { suggestedChoices } from './steps/value-mapping.js';

/*
 * From the mapping to the review (docs/importer.md): the engine loads and validates every row with
 * the chosen mapping and formats, the host's row hooks run, and the user is asked about formats no
 * value settles and about enum values that are not options before the grid shows the rows.
 */

/** Loads the rows with the mapping; `busy` is the phase shown meanwhile (`reformatting` after the formats step). @internal */
export async function loadRows(core: ImporterCore, busy: Phase = 'validating'): Promise<void> {
  const { host } = core;
  const published = core.published;
  const { columns } = host.state;
  if (!published || missingRequired(columns, published.config.fields).length > 0 || unconfirmed(columns).length > 0) return;
  saveMapping(host.importerId, columns.map(({ header, fieldKey }) => ({ header, fieldKey })));
  const generation = core.generation;
  host.phase = busy;
  // The engine, the grid and every column index agree on one order: unmapped fields last.
  const fields = reviewOrder(columns, published.config.fields);
  setState(core, { progress: { rows: 0, percent: 0 }, fields });
  try {
    // Columns nobody mapped go with each row under `extra` when the importer keeps them.
    const keepUnmapped = published.config.unmappedColumns === 'keep' ? columns.map((column) => column.header) : undefined;
    const params = { headerRow: host.state.headerRow, mapping: { ...mappingFromMatches(columns) }, config: { ...published.config, fields }, keepUnmapped, ...formatParams(host.state) };
    const loaded = await runEngine(core, 'load', params, (progress) =>
      setState(core, { progress: { rows: progress.rows, percent: progress.total > 0 ? Math.floor((progress.done / progress.total) * 100) : null } }),
    );
    if (generation !== core.generation) return;
    core.numberFormat = loaded.numberFormat;
    setState(core, { columnFormats: loaded.columnFormats, extraHeaders: loaded.extraHeaders });
    const { transformRow, validateRow } = core.host;
    const hooked = await runHooks(core, { transformRow, validateRow }, loaded.stats.rowCount);
    if (generation !== core.generation) return;
    if (hooked) loaded.stats = hooked.stats;
    const t = core.text();
    core.edits = 0;
    await setView(core, { errors: false });
    setState(core, { stats: loaded.stats, announcement: t.announceLoaded(loaded.stats.rowCount, loaded.stats.errorCount), similar: null, columnFormats: loaded.columnFormats });
    await refreshFormulaCells(core);
    if (busy === 'reformatting') setState(core, { announcement: t.announceFormats });
    // A column no value settles is asked about before review (docs/importer.md); then enum
    // values that are not options are mapped.
    if (loaded.columnFormats.some(needsAnswer)) host.phase = 'formats';
    else await toValuesOrReview(core, generation);
  } catch (error) {
    if (generation !== core.generation) return;
    if (error instanceof Error && error.name === 'CancelledError') host.phase = busy === 'reformatting' ? 'formats' : 'mapping';
    // Damage past the rows the setup step showed (a workbook whose bytes end early).
    else if (error instanceof Error && error.name === 'FileRefusedError') void refuse(core, error);
    else fail(core, generation, error, 'read');
  }
}

/** The user's number formats and date orders, as the engine's load takes them. */
function formatParams(state: ImporterState): { numberFormats: Record<string, 'dot' | 'comma'>; dateOrders: Record<string, 'dmy' | 'mdy' | 'ymd'> } {
  const numberFormats: Record<string, 'dot' | 'comma'> = {};
  const dateOrders: Record<string, 'dmy' | 'mdy' | 'ymd'> = {};
  for (const [field, value] of Object.entries(state.formatChoices)) {
    const target: Record<string, string> = value === 'dot' || value === 'comma' ? numberFormats : dateOrders;
    defineOwn(target, field, value);
  }
  return { numberFormats, dateOrders };
}

/** After the load: the value-mapping step when enum columns hold values that are not options, else the review. @internal */
export async function toValuesOrReview(core: ImporterCore, generation: number): Promise<void> {
  const { host } = core;
  const enumColumns = await runEngine(core, 'enumValues', {});
  if (generation !== core.generation) return;
  setState(core, { enumColumns, valueChoices: suggestedChoices(enumColumns), history: { undo: 0, redo: 0, undoLabel: null, redoLabel: null }, columnMenu: null });
  // Either step's heading takes focus when it opens (step-focus.ts).
  host.phase = enumColumns.length > 0 ? 'values' : 'review';
}

/** Shows the rows `filter` lets through, from the top of the grid. @internal */
export async function setView(core: ImporterCore, filter: ViewFilter): Promise<void> {
  const { size } = await runEngine(core, 'view', filter);
  setState(core, { filter, viewSize: size });
  core.grid.reset(size, core.host.state.fields.length);
}
