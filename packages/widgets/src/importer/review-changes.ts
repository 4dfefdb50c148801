import { neutralizesFormulas, type NumberFormat, type TransformRowHook, type ValidateRowHook } from '@inlay/core';
import { downloadText } from './editing-keys.js';
import type { ChangeResult, GridRow, Method, ParamsOf, ResultOf } from './engine/protocol.js';
import { problemsCsv } from './engine/problems-csv.js';
import { connectEngine, runEngine } from './engine-bridge.js';
import { type ImporterCore, setState } from './importer-core.js';
import { problemText } from './problem-text.js';
import { runImporterHooks } from './row-hooks.js';

/*
 * Changes to the rows in the review (docs/importer.md): every edit, fix, removal, undo and redo
 * runs in the engine, which answers the new counts; the grid then re-reads what it shows and the
 * outcome is announced.
 */

/** The engine's methods that change rows and answer a {@link ChangeResult}. @internal */
export type ChangeMethod = { [M in Method]: ResultOf<M> extends ChangeResult ? M : never }[Method];

/** Runs a change in the engine, then re-reads what the grid shows and announces the outcome. @internal */
export async function change<M extends ChangeMethod>(
  core: ImporterCore,
  method: M,
  params: ParamsOf<M>,
  announce?: (result: ChangeResult) => string,
  then?: (result: ChangeResult) => Promise<void>,
): Promise<void> {
  const generation = core.generation;
  try {
    const result = (await runEngine(core, method, params)) as ChangeResult;
    if (generation !== core.generation) return;
    const t = core.text();
    core.edits += result.changed;
    setState(core, { stats: result.stats, similar: null, announcement: announce?.(result) ?? t.announceChanged(result.changed, result.stats.errorCount) });
    if (result.history) setState(core, { history: result.history });
    await refreshFormulaCells(core);
    if (result.viewSize !== undefined) {
      setState(core, { viewSize: result.viewSize });
      core.grid.reset(result.viewSize, core.host.state.fields.length, true);
    } else core.grid.refresh();
    await then?.(result);
  } catch (error) {
    core.host.reportError(error);
  }
}

/** An edited cell (the grid's commitEdit): the host's validateRow sees the row again, and the same fix is offered for similar cells. @internal */
export function commitEdit(core: ImporterCore, row: GridRow, col: number, text: string, original: string): void {
  const field = core.host.state.fields[col];
  if (!field) return;
  void change(
    core,
    'edit',
    { row: row.row, field: field.key, raw: text },
    undefined,
    async (result) => {
      // The host's validateRow sees the edited row again, and its messages replace the old ones.
      const validateRow = core.host.validateRow;
      if (validateRow) {
        const hooked = await runHooks(core, { validateRow }, 0, [row.row]);
        if (hooked) {
          setState(core, { stats: hooked.stats });
          core.grid.refresh();
        }
      }
      // Offer the same fix for other cells that showed what this one did — only a fix that is valid.
      if (result.issue || result.stats.fieldErrors[field.key] === 0 || original.trim() === '') return;
      const count = await (await connectEngine(core)).call('countSimilar', { field: field.key, raw: original }).promise;
      if (count > 0) setState(core, { similar: { field: field.key, from: original, to: text, count } });
    },
  );
}

/** Opens (or with null closes) the sort and filter panel of a column, moving focus into it and back. @internal */
export function openColumnMenu(core: ImporterCore, col: number | null): void {
  const { host } = core;
  const wasOpen = host.state.columnMenu !== null;
  setState(core, { columnMenu: col });
  if (col !== null && !wasOpen) void host.updateComplete.then(() => host.renderRoot.querySelector<HTMLElement>('#column-menu select')?.focus());
  if (col === null && wasOpen) core.grid.focusSoon();
}

/** Downloads the rows that still have problems as CSV. @internal */
export async function downloadProblems(core: ImporterCore): Promise<void> {
  const { host } = core;
  const t = core.text();
  try {
    const rows = await runEngine(core, 'problemRows', { headers: host.state.fields.map((field) => field.label), problemsHeader: t.problemsHeader });
    // Each problem worded as the review shows it: in the element's language, or the page's `strings`.
    downloadText(host.renderRoot as ShadowRoot, problemsCsv(rows, (issue) => problemText(issue, t)), t.problemsFileName, 'text/csv;charset=utf-8');
  } catch (error) {
    host.reportError(error);
  }
}

/** Counts the text cells that start like a formula, for the review's notice (engine/formula-cells.ts). @internal */
export async function refreshFormulaCells(core: ImporterCore): Promise<void> {
  const config = core.published?.config;
  const neutralizeFormulas = config !== undefined && neutralizesFormulas(config);
  setState(core, { formulaCells: await runEngine(core, 'formulaCells', {}), neutralizeFormulas });
}

/** Runs the host's row hooks in the engine's table (docs/importer.md, "Hooks"); `undefined` when none changed anything. @internal */
export async function runHooks(
  core: ImporterCore,
  hooks: { transformRow?: TransformRowHook | undefined; validateRow?: ValidateRowHook | undefined },
  rowCount: number,
  rows?: number[],
): Promise<ChangeResult | undefined> {
  if (!hooks.transformRow && !hooks.validateRow) return undefined;
  const fieldKeys = core.host.state.fields.map((field) => field.key);
  const numberFormats: Record<string, NumberFormat> = {};
  for (const column of core.host.state.columnFormats) if (column.kind === 'number') Object.defineProperty(numberFormats, column.field, { value: column.format, enumerable: true });
  return runImporterHooks((method, params) => runEngine(core, method, params), hooks, { rowCount, numberFormat: core.numberFormat, fieldKeys, numberFormats }, rows);
}
