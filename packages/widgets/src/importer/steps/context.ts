import type { DuplicateStrategy, FieldDefinition } from '@inlay/core';
import type { ColumnFormat, EnumColumnValues, FormulaCells, HistoryState, OpenResult, ParamsOf, Stats, ViewFilter, ViewQuery } from '../engine/protocol.js';
import type { GridController } from '../grid/grid-controller.js';
import type { ImporterStrings } from '../importer.strings.js';
import type { ColumnChoice } from '../mapping.js';

/** Where `<inlay-importer>` is. @internal */
export type Phase = 'idle' | 'loading' | 'error' | 'upload' | 'reading' | 'setup' | 'mapping' | 'validating' | 'values' | 'review' | 'completing' | 'done' | 'formats' | 'reformatting';

/** What the user can do; the element binds each to itself once. @internal */
export interface Actions {
  chooseFile(file: File): void;
  paste(text: string): void;
  setDragOver(over: boolean): void;
  reopen(options: { encoding?: string | undefined; delimiter?: string | undefined; sheet?: number | undefined }): void;
  setHeaderRow(row: number): void;
  toMapping(): void;
  /** Keeps the field the page's `suggestMapping` proposed for `column`. */
  confirmSuggestion(column: number): void;
  back(): void;
  chooseField(column: number, fieldKey: string | null): void;
  validate(): void;
  stop(): void;
  cancel(): void;
  retry(): void;
  setFilter(filter: ViewFilter): void;
  acceptSuggestion(row: number, field: string): void;
  acceptColumnSuggestions(field: string): void;
  applySimilar(): void;
  removeRow(row: number): void;
  restoreRemoved(): void;
  resolveDuplicates(strategy: DuplicateStrategy): void;
  toggleFind(): void;
  findReplace(params: ParamsOf<'findReplace'>): void;
  setSkipInvalid(skip: boolean): void;
  complete(): void;
  startOver(): void;
  /** Number and date formats (steps/formats.ts): open the step, choose one column's, apply them. */
  showFormats(): void;
  chooseFormat(field: string, value: string): void;
  applyFormats(): void;
  /** Review editing (steps/review-editing.ts). */
  undo(): void;
  redo(): void;
  removeSelectedRows(): void;
  downloadProblems(): void;
  openColumnMenu(col: number | null): void;
  setQuery(query: ViewQuery): void;
  /** Value mapping (steps/value-mapping.ts): `option` null leaves the value as it is. */
  chooseValue(field: string, text: string, option: string | null): void;
  applyValues(): void;
  skipValues(): void;
}

/** What a step renders from. @internal */
export interface StepContext {
  t: ImporterStrings;
  phase: Phase;
  actions: Actions;
  grid: GridController;
  state: {
    name: string;
    /** The fields in review order (unmapped last), as the engine and the grid index them. */
    fields: readonly FieldDefinition[];
    /** Headers of the unmapped columns kept (`unmappedColumns: "keep"`), shown read-only after the fields. */
    extraHeaders: readonly string[];
    /** The fields in the importer's own order, as the mapping step lists them. */
    configFields: readonly FieldDefinition[];
    duplicateKey: string | undefined;
    engineMode: 'worker' | 'main-thread' | null;
    failure: Error | undefined;
    sourceName: string;
    dragOver: boolean;
    opened: OpenResult | undefined;
    openOptions: { encoding?: string | undefined; delimiter?: string | undefined; sheet?: number | undefined };
    headerRow: number;
    columns: ColumnChoice[];
    /** The page's `suggestMapping` is being asked about unmatched columns. */
    suggesting: boolean;
    remembered: boolean;
    progress: { rows: number; percent: number | null };
    stats: Stats | undefined;
    filter: ViewFilter;
    viewSize: number;
    /** After an edit: other refused cells of the field that showed the same text. */
    similar: { field: string; from: string; to: string; count: number } | null;
    findOpen: boolean;
    skipInvalid: boolean;
    importedRows: number;
    announcement: string;
    /** Each mapped number and date column's format, as the last load read it. */
    columnFormats: ColumnFormat[];
    /** The user's choices, by field key: `dot`/`comma` for numbers, `dmy`/`mdy`/`ymd` for dates. */
    formatChoices: Record<string, string>;
    /** The last file chosen, when it was refused (not text or a workbook): its name and why. */
    refused: { name: string; code: string } | undefined;
    /** What can be undone and redone. */
    history: HistoryState;
    /** The column whose sort and filter menu is open. */
    columnMenu: number | null;
    /** Enum columns with values that are not options, and the option chosen for each value. */
    enumColumns: EnumColumnValues[];
    valueChoices: ReadonlyMap<string, ReadonlyMap<string, string | null>>;
    /** Why the last attempt to complete the import failed (the review is kept); null otherwise. */
    completionError: string | null;
    /** Text cells that start like a spreadsheet formula, as of the last load or change. */
    formulaCells: FormulaCells | null;
    /** Whether they go out behind a `'` (the config's `neutralizeFormulas`, on for server delivery). */
    neutralizeFormulas: boolean;
  };
}
