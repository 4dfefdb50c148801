import { InlayImportCancelEvent } from '../events.js';
import type { ConfirmDialog } from './confirm-dialog.js';
import { openSource, startReading, toMapping } from './file-intake.js';
import type { ViewFilter } from './engine/protocol.js';
import { closeEngine } from './engine-bridge.js';
import { defineOwn, type ImporterCore, setState } from './importer-core.js';
import { completeImport } from './import-submission.js';
import { chooseField } from './mapping.js';
import { change, downloadProblems, openColumnMenu } from './review-changes.js';
import { loadRows, setView, toValuesOrReview } from './row-loading.js';
import type { Actions } from './steps/context.js';
import { needsAnswer } from './steps/formats.js';
import { initialState } from './steps/frame.js';

/** What the actions need besides the core. @internal */
export interface ActionParts {
  confirm: ConfirmDialog;
  /** Loads the published importer again (base/resource-controller.ts). */
  reload(): Promise<void>;
}

/**
 * What the user can do in the steps (steps/context.ts), bound once to the element's core: the
 * step flow (Back, Cancel, Start over, asking before changes are thrown away) and the
 * buttons of each step, which call file-intake.ts, row-loading.ts, review-changes.ts and
 * import-submission.ts.
 * @internal
 */
export function createActions(core: ImporterCore, parts: ActionParts): Actions {
  const { host } = core;
  const t = () => core.text();

  const startOver = (): void => {
    core.generation += 1;
    closeEngine(core);
    core.source = undefined;
    core.edits = 0;
    core.completion.reset();
    const { name, fields, duplicateKey } = host.state;
    host.state = { ...initialState(), name, fields, duplicateKey };
    host.phase = core.published ? 'upload' : 'idle';
    if (!core.published) void parts.reload();
  };

  /** Runs `go` — at once, or after the user confirmed throwing away their changes to the rows. */
  const unlessDiscarding = (go: () => void): void => {
    if (host.phase !== 'review' || core.edits === 0) return go();
    const text = t();
    void parts.confirm.ask({ title: text.discardTitle, message: text.discardMessage(core.edits), confirm: text.discardConfirm, cancel: text.discardKeep }).then((confirmed) => {
      if (confirmed && host.phase === 'review') go();
    });
  };

  const showView = (filter: ViewFilter): void => void setView(core, filter).catch((error: unknown) => host.reportError(error));

  return {
    chooseFile: (file) => void startReading(core, { kind: 'file', file, name: file.name }, file.name),
    paste: (text) => void startReading(core, { kind: 'text', text }, t().pastedName),
    setDragOver: (dragOver) => setState(core, { dragOver }),
    reopen: (options) => {
      host.phase = 'reading';
      void openSource(core, { ...host.state.openOptions, ...options });
    },
    setHeaderRow: (headerRow) => setState(core, { headerRow }),
    toMapping: () => toMapping(core),
    back: () =>
      unlessDiscarding(() => {
        if (host.phase === 'mapping') host.phase = 'setup';
        else if (host.phase === 'review' || host.phase === 'values') host.phase = 'mapping';
        else if (host.phase === 'formats') host.phase = host.state.columnFormats.some(needsAnswer) ? 'mapping' : 'review';
        else startOver();
      }),
    chooseField: (column, fieldKey) => setState(core, { columns: chooseField(host.state.columns, column, fieldKey), formatChoices: {} }),
    confirmSuggestion: (column) =>
      setState(core, { columns: host.state.columns.map((choice) => (choice.column === column ? { ...choice, suggested: false, chosen: true } : choice)) }),
    validate: () => void loadRows(core),
    stop: () => core.call?.cancel(),
    cancel: () =>
      unlessDiscarding(() => {
        host.emit(new InlayImportCancelEvent({ importerId: host.importerId, sessionId: core.sessionId }));
        startOver();
      }),
    retry: () => (core.published && core.source ? startOver() : void parts.reload()),
    setFilter: (filter) => showView(filter),
    acceptSuggestion: (row, field) => void change(core, 'acceptSuggestions', { field, row }),
    acceptColumnSuggestions: (field) => void change(core, 'acceptSuggestions', { field }),
    applySimilar: () => {
      const similar = host.state.similar;
      if (similar) void change(core, 'replaceSimilar', similar);
    },
    removeRow: (row) => void change(core, 'remove', { rows: [row], removed: true }, (result) => t().announceRemoved(result.changed)),
    restoreRemoved: () => void change(core, 'restoreRemoved', {}, (result) => t().announceRestored(result.changed)),
    resolveDuplicates: (strategy) => void change(core, 'resolveDuplicates', { strategy }, (result) => t().announceRemoved(result.changed)),
    toggleFind: () => setState(core, { findOpen: !host.state.findOpen }),
    findReplace: (params) => void change(core, 'findReplace', params),
    setSkipInvalid: (skipInvalid) => setState(core, { skipInvalid }),
    complete: () => void completeImport(core),
    startOver,
    showFormats: () => (host.phase = 'formats'),
    chooseFormat: (field, value) => setState(core, { formatChoices: { ...host.state.formatChoices, [field]: value } }),
    applyFormats: () => {
      // Every shown reading becomes a choice, so questions are asked once.
      const choices = { ...host.state.formatChoices };
      for (const column of host.state.columnFormats) {
        const value = column.kind === 'number' ? column.format : column.order;
        if (!Object.hasOwn(choices, column.field) && value !== null) defineOwn(choices, column.field, value);
      }
      setState(core, { formatChoices: choices });
      const unchanged = host.state.columnFormats.every((column) =>
        column.kind === 'number' ? choices[column.field] === column.format : column.chosen && choices[column.field] === column.order,
      );
      if (unchanged && host.state.stats) void toValuesOrReview(core, core.generation);
      else void loadRows(core, 'reformatting');
    },
    undo: () => void change(core, 'undo', {}, (result) => t().announceUndone(result.changed, result.stats.errorCount)),
    redo: () => void change(core, 'redo', {}, (result) => t().announceRedone(result.changed, result.stats.errorCount)),
    removeSelectedRows: () => {
      const { start, end } = core.grid.selection.range;
      void change(core, 'removeView', { start, end }, (result) => t().announceRemoved(result.changed));
    },
    downloadProblems: () => void downloadProblems(core),
    openColumnMenu: (col) => openColumnMenu(core, col),
    setQuery: (query) => showView({ ...host.state.filter, ...query }),
    chooseValue: (field, text, option) => {
      const choices = new Map(host.state.valueChoices);
      choices.set(field, new Map(choices.get(field)).set(text, option));
      setState(core, { valueChoices: choices });
    },
    applyValues: () => void applyValues(core),
    skipValues: () => {
      host.phase = 'review';
    },
  };
}

/** The value-mapping step's choices go to the engine, one enum column at a time; then the review. */
async function applyValues(core: ImporterCore): Promise<void> {
  for (const column of core.host.state.enumColumns) {
    const map: [string, string][] = [];
    for (const [text, option] of core.host.state.valueChoices.get(column.field) ?? []) if (option !== null && option !== text) map.push([text, option]);
    if (map.length > 0) await change(core, 'mapValues', { field: column.field, map });
  }
  core.host.phase = 'review';
}
