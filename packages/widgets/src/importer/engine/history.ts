import type { ImportValue } from '@inlay/core';
import type { ChangeResult, EditKind, HistoryState, Method } from './protocol.js';
import type { ChangeRecorder, ReviewTable } from './review-table.js';
import type { Slicer } from './slicer.js';

/** Cells (and rows) kept across all undo steps; the oldest steps are forgotten beyond it. */
export const HISTORY_CELL_LIMIT = 2_000_000;

/** The engine's requests that change the table, and what each is called in the history. */
export const RECORDED: Partial<Record<Method, EditKind>> = {
  edit: 'edit',
  replaceSimilar: 'replace',
  acceptSuggestions: 'suggestion',
  findReplace: 'find-replace',
  remove: 'remove',
  removeView: 'remove',
  restoreRemoved: 'restore',
  resolveDuplicates: 'duplicates',
  fillDown: 'fill-down',
  paste: 'paste',
  mapValues: 'map-values',
};

/**
 * One undoable change: the cells and rows it touched, each with the state to put back, in the
 * order they changed. Only changed cells are kept, in parallel arrays (no object per cell), so an
 * edit of one cell in a million-row table costs four array slots, and undo touches only those.
 * A row's inclusion is a step with `fields[i] === -1` and `values[i]` whether it was excluded.
 */
interface Entry {
  kind: EditKind;
  rows: number[];
  fields: number[];
  values: ImportValue[];
  raws: (string | null)[];
  /** Whether rows were removed or restored (the view's length may change). */
  rowsChanged: boolean;
}

const histories = new WeakMap<ReviewTable, EditHistory>();

/** The history of a table, attached as its recorder on first use. @internal */
export function historyOf(table: ReviewTable): EditHistory {
  let history = histories.get(table);
  if (!history) {
    history = new EditHistory(table);
    histories.set(table, history);
  }
  return history;
}

/**
 * Undo and redo for the review step (docs/importer.md): the engine, which holds the rows, keeps
 * what every change replaced. Undoing puts the old states back through the table, so `unique` and
 * `duplicateKey` errors are re-checked exactly as for an edit, and records what it replaced for redo.
 * @internal
 */
export class EditHistory implements ChangeRecorder {
  readonly #undo: Entry[] = [];
  readonly #redo: Entry[] = [];
  #open: Entry | null = null;
  #kept = 0;

  constructor(
    private readonly table: ReviewTable,
    private readonly limit = HISTORY_CELL_LIMIT,
  ) {
    table.recorder = this;
  }

  get state(): HistoryState {
    return {
      undo: this.#undo.length,
      redo: this.#redo.length,
      undoLabel: this.#undo.at(-1)?.kind ?? null,
      redoLabel: this.#redo.at(-1)?.kind ?? null,
    };
  }

  /** Runs a change, recording what it replaces as one undo step (kept even when cancelled part-way). */
  async track(kind: EditKind | undefined, run: () => Promise<unknown> | unknown): Promise<unknown> {
    if (kind === undefined) return run();
    const entry: Entry = { kind, rows: [], fields: [], values: [], raws: [], rowsChanged: false };
    this.#open = entry;
    try {
      const result = (await run()) as ChangeResult;
      this.#close(entry);
      return { ...result, history: this.state };
    } finally {
      this.#close(entry);
    }
  }

  #close(entry: Entry): void {
    if (this.#open !== entry) return;
    this.#open = null;
    if (entry.rows.length === 0) return;
    this.#forget(this.#redo);
    this.#push(this.#undo, entry);
  }

  cell(row: number, field: string): void {
    const entry = this.#open;
    if (!entry) return;
    entry.rows.push(row);
    entry.fields.push(this.table.fieldOf(field));
    entry.values.push(this.table.validator.valueAt(row, field));
    entry.raws.push(this.table.rawOf(row, field));
  }

  excluded(row: number, before: boolean): void {
    const entry = this.#open;
    if (!entry) return;
    entry.rows.push(row);
    entry.fields.push(-1);
    entry.values.push(before);
    entry.raws.push(null);
    entry.rowsChanged = true;
  }

  undo(slicer: Slicer): Promise<ChangeResult> {
    return this.#replay(this.#undo, this.#redo, -1, slicer);
  }

  redo(slicer: Slicer): Promise<ChangeResult> {
    return this.#replay(this.#redo, this.#undo, 1, slicer);
  }

  /**
   * Puts the last entry of `from` back, walking its steps backwards for an undo and forwards for a
   * redo, and keeps what each step replaced in a mirror entry on `to`. A cell changed twice in one
   * change thus ends as it first was. Not cancellable: half an undo would be no state at all.
   */
  async #replay(from: Entry[], to: Entry[], direction: 1 | -1, slicer: Slicer): Promise<ChangeResult> {
    const entry = from.pop();
    const table = this.table;
    const changed = new Set<number>();
    if (!entry) return { changedRows: [], changed: 0, stats: table.stats(), history: this.state };
    this.#kept -= entry.rows.length;
    const count = entry.rows.length;
    const mirror: Entry = { kind: entry.kind, rows: entry.rows, fields: entry.fields, values: new Array<ImportValue>(count), raws: new Array<string | null>(count), rowsChanged: entry.rowsChanged };
    const previous = table.recorder;
    table.recorder = null;
    try {
      for (let step = 0; step < count; step++) {
        const i = direction === 1 ? step : count - 1 - step;
        const row = entry.rows[i] as number;
        const fieldIndex = entry.fields[i] as number;
        if (fieldIndex < 0) {
          const excluded = entry.values[i] === true;
          mirror.values[i] = !excluded;
          mirror.raws[i] = null;
          for (const other of table.setExcluded(row, excluded)) changed.add(other);
        } else {
          const field = table.fieldKeys[fieldIndex] as string;
          mirror.values[i] = table.validator.valueAt(row, field);
          mirror.raws[i] = table.rawOf(row, field);
          for (const other of table.restoreCell(row, field, entry.values[i] ?? null, entry.raws[i] ?? null)) changed.add(other);
        }
        if ((step & 1023) === 1023 && slicer.due) await slicer.pause().catch(() => undefined);
      }
    } finally {
      table.recorder = previous;
    }
    this.#push(to, mirror);
    const result: ChangeResult = { changedRows: [...changed].sort((a, b) => a - b), changed: count, stats: table.stats(), history: this.state };
    if (entry.rowsChanged) result.viewSize = table.refreshView();
    return result;
  }

  #push(stack: Entry[], entry: Entry): void {
    stack.push(entry);
    this.#kept += entry.rows.length;
    // Forget the oldest steps past the limit (never the one just made).
    while (this.#kept > this.limit && this.#undo.length + this.#redo.length > 1) {
      const oldest = this.#undo.length > (stack === this.#undo ? 1 : 0) ? this.#undo.shift() : this.#redo.shift();
      if (!oldest) break;
      this.#kept -= oldest.rows.length;
    }
  }

  #forget(stack: Entry[]): void {
    for (const entry of stack) this.#kept -= entry.rows.length;
    stack.length = 0;
  }
}
