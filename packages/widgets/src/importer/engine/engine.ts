import { type ByteRecords, ColumnTallies, extraColumns, recordsCells } from '@inlay/core';
import { columnFormatsOf, delimiterHint, type FormatOptions, formatOptions, sameFormats } from './formats.js';
import { isEditingRequest, runEditing } from './editing.js';
import { formulaCells } from './formula-cells.js';
import { historyOf, RECORDED } from './history.js';
import * as operations from './operations.js';
import { hookRows, hookTransform, hookValidate } from './row-hooks.js';
import type { Command, LoadParams, LoadResult, Message, OpenParams, OpenResult, Progress, Request } from './protocol.js';
import { ReviewTable } from './review-table.js';
import { CancelledError, Slicer } from './slicer.js';
import { refusingInvalidJson } from './json-source.js';
import { type OpenedSource, openSource, previewOf } from './source.js';
import type { Workbook } from './xlsx-reader.js';

/** Rows read before the number format and date order are settled (core's sample size). */
const FORMAT_SAMPLE_ROWS = 10_000;

/** How the engine slices its work: long in a worker, short on the main thread (part of the public EngineModule). */
export interface EngineOptions {
  /** ms of work between pauses. */
  sliceMs: number;
  /**
   * The most bytes (or characters of pasted text) parsed as one piece. Small, even in a worker:
   * a piece is garbage once its rows are read, and V8 sends strings over 128 KB straight to its
   * old generation (see `fileText`).
   */
  chunkBytes: number;
}

export const WORKER_OPTIONS: EngineOptions = { sliceMs: 100, chunkBytes: 64 * 1024 };
export const MAIN_THREAD_OPTIONS: EngineOptions = { sliceMs: 8, chunkBytes: 64 * 1024 };

/**
 * The importer's engine (docs/importer.md): opens the source, reads and validates every row with
 * `@inlay/core`, and answers the grid's requests. It holds the only copy of the rows. Commands
 * come in through {@link handle}; answers and progress go out through `post`.
 * @internal
 */
export class ImportEngine {
  #source?: OpenedSource;
  #table?: ReviewTable;
  readonly #workbooks = new Map<Blob, Promise<Workbook>>();
  readonly #running = new Map<number, Slicer>();
  /** Requests run one at a time, in order: each sees the table its predecessor left. */
  #queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly post: (message: Message) => void,
    private readonly options: EngineOptions,
  ) {}

  handle(command: Command): void {
    if (command.type === 'cancel') {
      this.#running.get(command.id)?.cancel();
      return;
    }
    const slicer = new Slicer(this.options.sliceMs);
    this.#running.set(command.id, slicer);
    this.#queue = this.#queue.then(async () => {
      try {
        const result = await this.#run(command, slicer);
        this.post({ type: 'result', id: command.id, result });
      } catch (error) {
        const failure = error instanceof Error ? error : new Error(String(error));
        const code = (failure as { code?: unknown }).code;
        this.post({ type: 'error', id: command.id, error: { name: failure.name, message: failure.message, ...(typeof code === 'string' ? { code } : {}) } });
      } finally {
        slicer.close();
        this.#running.delete(command.id);
      }
    });
  }

  async #run(request: Request, slicer: Slicer): Promise<unknown> {
    if (slicer.cancelled) throw new CancelledError();
    const report = (progress: Progress) => this.post({ type: 'progress', id: request.id, progress });
    switch (request.method) {
      case 'open':
        return this.#open(request.params, slicer);
      case 'load':
        return this.#load(request.params, slicer, report);
    }
    const table = this.#table;
    if (!table) throw new Error('Nothing is loaded yet.');
    if (isEditingRequest(request)) return runEditing(request, table, slicer);
    // Changes are recorded so they can be undone (engine/history.ts).
    return historyOf(table).track(RECORDED[request.method], () => this.#apply(request, table, slicer, report));
  }

  async #apply(request: Request, table: ReviewTable, slicer: Slicer, report: (progress: Progress) => void): Promise<unknown> {
    switch (request.method) {
      case 'view':
        return { size: table.setView(request.params) };
      case 'rows':
        return table.rows(request.params.start, request.params.count);
      case 'edit': {
        const { row, field, raw } = request.params;
        const changedRows = table.setCell(row, field, raw);
        return { changedRows, changed: 1, stats: table.stats(), issue: table.gridRow(row).issues[table.fieldOf(field)] ?? null };
      }
      case 'replaceSimilar':
        return operations.replaceSimilar(table, request.params, slicer);
      case 'acceptSuggestions':
        return operations.acceptSuggestions(table, request.params, slicer);
      case 'countSimilar':
        return operations.countSimilar(table, request.params);
      case 'findReplace':
        return operations.findReplace(table, request.params, slicer, report);
      case 'remove': {
        const changed = new Set<number>();
        for (const row of request.params.rows) for (const other of table.setExcluded(row, request.params.removed)) changed.add(other);
        table.changed();
        return { changedRows: [...changed].sort((a, b) => a - b), changed: request.params.rows.length, stats: table.stats(), viewSize: table.refreshView() };
      }
      case 'restoreRemoved': {
        const removed = table.validation().excludedRows;
        const changed = new Set<number>();
        for (const row of removed) for (const other of table.setExcluded(row, false)) changed.add(other);
        table.changed();
        return { changedRows: [...changed].sort((a, b) => a - b), changed: removed.length, stats: table.stats(), viewSize: table.refreshView() };
      }
      case 'resolveDuplicates': {
        const dropped = table.validator.resolveDuplicates(request.params.strategy);
        for (const row of dropped) table.recorder?.excluded(row, false);
        table.changed();
        return { changedRows: dropped, changed: dropped.length, stats: table.stats(), viewSize: table.refreshView() };
      }
      case 'records':
        return operations.records(table, request.params, slicer, report);
      case 'hookRows':
        return hookRows(table, request.params);
      case 'hookTransform':
        return hookTransform(table, request.params);
      case 'hookValidate':
        return hookValidate(table, request.params);
      case 'formulaCells':
        return formulaCells(table);
    }
  }

  async #open(params: OpenParams, slicer: Slicer): Promise<OpenResult> {
    this.#table = undefined;
    if (this.#source === undefined || params.source.kind !== 'file' || !this.#workbooks.has(params.source.file)) this.#workbooks.clear();
    let source = await openSource(params, this.#workbooks);
    let preview = await refusingInvalidJson(() => previewOf(source, slicer));
    // A workbook whose first sheet is empty (a blank "Sheet1", a cover) opens on its first sheet
    // with rows, as the user would pick; the sheet picker still offers every sheet.
    for (let sheet = 1; params.sheet === undefined && preview.preview.length === 0 && sheet < source.info.sheets.length; sheet++) {
      const next = await openSource({ ...params, sheet }, this.#workbooks);
      const found = await previewOf(next, slicer);
      if (found.preview.length > 0) [source, preview] = [next, found];
    }
    this.#source = source;
    return { ...source.info, ...preview };
  }

  /**
   * Reads every record after the header row and validates it as it is read; reports progress
   * after each piece. The first rows wait until there are enough to settle the number format and
   * date order; they are then validated in slices (on the main thread, ten thousand rows at once
   * would be a long task).
   *
   * Reading and validating share one thread. A second worker that read and parsed the
   * file, posting each piece's records as one string and two transferred arrays, was built and
   * measured: on two cores, where the garbage collector's helper threads already use much of the
   * second one, it was at best 10% faster, not in every run, for about 30 MB more at the peak.
   */
  async #load(params: LoadParams, slicer: Slicer, report: (progress: Progress) => void, forced?: FormatOptions): Promise<LoadResult> {
    const source = this.#source;
    if (!source) throw new Error('Open a file first.');
    this.#table = undefined;
    let seen = 0;
    let table: ReviewTable | undefined;
    let waiting: (readonly string[])[] = [];
    // Every number and date cell is tallied as it is read, so formats are settled by whole
    // columns; the first rows' tallies choose the formats to validate with meanwhile.
    const tallies = new ColumnTallies(params.config.fields, params.mapping);
    const hint = delimiterHint(source.info.delimiter);
    const optionsNow = () => forced ?? formatOptions(tallies.result(hint), params, hint ?? 'dot');
    let formats: FormatOptions = optionsNow();
    // Columns nobody mapped, kept under each row's `extra` (docs/importer.md, "Columns nobody mapped").
    const kept = params.keepUnmapped === undefined ? [] : extraColumns(params.keepUnmapped, Object.values(params.mapping));
    /** Creates the table once the first rows are in, with the rows the whole source likely holds. */
    const start = async (expectedRows: number): Promise<ReviewTable> => {
      formats = optionsNow();
      const created = new ReviewTable(params.config, { mapping: params.mapping, ...formats, expectedRows, extraColumns: kept });
      const rows = waiting;
      waiting = [];
      for (let i = 0; i < rows.length; i += 512) {
        created.addRows(rows.slice(i, i + 512));
        await slicer.maybePause();
      }
      return created;
    };
    let lastReport = 0;
    const started = performance.now();
    /** Records up to the header row are not data: how many of the next `count` to skip. */
    const skip = (count: number): number => {
      const skipped = Math.min(count, Math.max(0, params.headerRow + 1 - seen));
      seen += count;
      return skipped;
    };
    await source.read(
      slicer,
      this.options.chunkBytes,
      (records) => {
        const skipped = skip(records.length);
        const data = skipped === 0 ? records : records.slice(skipped);
        tallies.addRows(data);
        if (table !== undefined) table.addRows(data);
        else for (const cells of data) waiting.push(cells);
      },
      async (done, total) => {
        if (table === undefined && waiting.length >= FORMAT_SAMPLE_ROWS) table = await start(Math.ceil((seen * total) / done));
        const now = performance.now();
        if (now - lastReport > 100 || done >= total) {
          lastReport = now;
          report({ phase: 'validate', done, total, rows: table?.rowCount ?? waiting.length });
        }
        if (slicer.cancelled) throw new CancelledError();
      },
      (records: ByteRecords) => {
        const skipped = skip(records.count);
        tallies.addByteRecords(records, skipped);
        if (table !== undefined) table.addByteRecords(records, skipped);
        // The sample that settles the formats is read as strings, as the formats are detected from them.
        else for (const cells of recordsCells(records, skipped)) waiting.push(cells);
      },
    );
    const loaded = table ?? (await start(waiting.length));
    const detected = tallies.result(hint);
    const settled = forced ?? formatOptions(detected, params, hint ?? 'dot');
    // Rare: later rows settled a column otherwise than the first ones did. Read it all again.
    if (!sameFormats(settled, formats)) return this.#load(params, slicer, report, settled);
    loaded.unreadable = source.unreadable;
    loaded.setView({ errors: false });
    this.#table = loaded;
    const stats = loaded.stats();
    const readMs = source.readMs;
    const extraHeaders = kept.map((column) => column.header);
    return { stats, numberFormat: formats.numberFormat, dateOrder: formats.dateOrder, columnFormats: columnFormatsOf(detected, params, formats), extraHeaders, timings: { readMs, validateMs: performance.now() - started - readMs } };
  }
}

/** Connects an engine to a message port-like pair of functions. @internal */
export function startEngine(post: (message: Message) => void, options: EngineOptions): (command: Command) => void {
  const engine = new ImportEngine(post, options);
  return (command) => engine.handle(command);
}
