import { type ImporterConfig, type ImportSession, type ImportValue, mappingFromMatches, type PublishedConfig } from '@inlay/core';
import { createImporterClient, type ImporterClient } from '@inlay/client';
import { html, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { InlayElement } from '../base/inlay-element.js';
import { InlayImportCancelEvent, InlayImportCompleteEvent } from '../events.js';
import { assetsAt, type Call, DEFAULT_WORKER_TIMEOUT, type EngineAssets, EngineConnection } from './connection.js';
import type { ChangeResult, GridRow, OpenResult, SourceInput, ViewFilter } from './engine/protocol.js';
import { commandOf, downloadText, writeClipboard } from './editing-keys.js';
import { parseTsv, tsvField } from './tsv.js';
import { suggestedChoices } from './steps/value-mapping.js';
import { GridController } from './grid/grid-controller.js';
import { cellText } from './grid/grid-view.js';
import { importerStyles } from './importer.styles.js';
import { importerLocales } from './locales.js';
import { statusStyles } from './status.styles.js';
import { reviewStyles } from './review.styles.js';
import { editingStyles } from './editing.styles.js';
import { defaultImporterStrings, type ImporterStrings } from './importer.strings.js';
import { chooseField, headersOf, missingRequired, proposeColumns, reviewOrder } from './mapping.js';
import { recallMapping, saveMapping } from './remembered-mappings.js';
import { ServerDelivery } from './server-delivery.js';
import type { Actions, Phase, StepContext } from './steps/context.js';
import { initialState, renderStep, renderStepsBar } from './steps/frame.js';
import { formatsStyles, needsAnswer } from './steps/formats.js';
import { neutralizeRecords, neutralizesFormulas, type NumberFormat, type TransformRowHook, type ValidateRowHook } from '@inlay/core';
import { runImporterHooks } from './row-hooks.js';
import { CompletionFailure, failureMessage, ImportCompletion, sessionIsGone } from './completion.js';
import { ConfirmDialog } from './confirm-dialog.js';
import { promiseListener, wrapperOf } from './host-listeners.js';
import { focusStep, renderStepAnnouncer, stepAnnouncement } from './step-focus.js';
import { type Guard, ResourceController } from '../base/resource-controller.js';
import { narrowStyles } from './narrow.styles.js';

type PublishedImporter = PublishedConfig<'importer', ImporterConfig>;

/** Properties whose change means another importer or server: everything starts over. */
const SOURCE = ['importerId', 'publishableKey', 'baseUrl', 'previewConfig'] as const;

/**
 * A data importer (docs/importer.md): the user drops or pastes a spreadsheet, picks the header row,
 * matches columns to the importer's fields, fixes what does not validate in a grid, and the rows
 * go to the host page in `inlay-import-complete`. Files are parsed and validated in a Web Worker
 * (or in slices on the main thread where workers are forbidden); rows never go to Inlay — the
 * session records only the mapping and counts.
 *
 * @example
 * ```html
 * <inlay-importer importer-id="imp_123" publishable-key="svc_live_pub_…"
 *   base-url="https://inlay.example.com/importer"></inlay-importer>
 * <script>
 *   document.querySelector('inlay-importer').addEventListener('inlay-import-complete', (event) => {
 *     saveContacts(event.detail.rows);
 *   });
 * </script>
 * ```
 *
 * @fires {InlayImportCompleteEvent} inlay-import-complete - The user imported rows and the session was completed. `detail: {importerId, sessionId, mapping, rows, rowCount, errorCount}`; `event.waitUntil(promise)` (or a promise returned by a listener on the element) keeps the importer on "Saving…" until the page saved them.
 * @fires {InlayImportCancelEvent} inlay-import-cancel - The user cancelled an import. `detail: {importerId, sessionId}`.
 * @fires {InlayErrorEvent} inlay-error - Loading the importer, reading a file or a session call failed. `detail: {error, operation?}`.
 *
 * @csspart base - The card around everything.
 * @csspart header - The title and steps.
 * @csspart title - The importer's name.
 * @csspart steps - The list of steps.
 * @csspart dropzone - The area a file is dropped on.
 * @csspart choose-button - The "choose a file" button.
 * @csspart paste - The textarea for pasted rows.
 * @csspart paste-button - The button that reads pasted rows.
 * @csspart header-rows - The header row choice.
 * @csspart mapping - The column mapping table.
 * @csspart field-select - One column's field choice.
 * @csspart confidence - How sure a column's match is.
 * @csspart missing - The list of required fields no column fills.
 * @csspart progress - The progress bar while reading and checking rows.
 * @csspart toolbar - Summary, filter and find-and-replace above the grid.
 * @csspart find-replace - The find-and-replace form.
 * @csspart notice - A notice above the grid (duplicates, unreadable characters, removed rows).
 * @csspart engine-fallback - With `notice`: files are read on the main thread, not in a worker.
 * @csspart grid - The review grid (`role="grid"`).
 * @csspart cell - A cell of the grid; `cell invalid` when it has a problem.
 * @csspart cell-input - The input of the cell being edited.
 * @csspart inspector - The bar below the grid with the active cell's problem and fixes.
 * @csspart editing-toolbar - Undo, redo, remove rows, sort and filter, and the download of rows with problems, below the grid.
 * @csspart column-menu - The sort and filter panel of a column.
 * @csspart column-menu-button - A column header's button that opens it.
 * @csspart value-mapping - The step that matches an enum column's file values to its options.
 * @csspart value-select - One file value's option choice.
 * @csspart footer - The row of buttons at the bottom of a step.
 * @csspart button - Every button; `button primary` for the main one.
 * @csspart error - The error state.
 * @csspart file-error - Why the chosen file was refused (not CSV, TSV or an Excel workbook), above the dropzone.
 * @csspart done - The completed state.
 * @csspart saving - "Saving…" while the import completes and the page saves the rows.
 * @csspart completion-error - Why the import did not complete, above the review's buttons.
 * @csspart retry-import-button - Its "Try again".
 * @csspart confirm - The dialog asking before Back or Cancel throws away changes.
 * @csspart confirm-keep - Its "Keep editing" button.
 * @csspart confirm-discard - Its "Discard changes" button.
 * @csspart primary - With `button`: the main button of a step.
 * @csspart invalid - With `cell`: the cell has a problem.
 * @csspart duplicate - With `cell invalid`: the problem is a duplicate value.
 * @csspart retry-button - With `button`: "Try again" after loading the importer or uploading rows failed.
 * @csspart import-button - With `button primary`: the review's "Import" button.
 * @csspart find-button - With `button`: the review's button that opens find and replace.
 * @csspart replace-button - With `button`: find and replace's "Replace all".
 * @csspart formats-button - With `button`: the review's button that reopens the formats step.
 * @csspart formats - The step that asks how the file writes dates and numbers.
 * @csspart format - One column's format choice in that step.
 * @csspart format-question - A column's format choice that needs an answer (instead of `format`).
 * @csspart apply-formats - With `button primary`: that step's "Continue".
 * @csspart duplicates - With `notice`: rows whose duplicate key repeats.
 * @csspart formulas - With `notice`: text cells that start like a spreadsheet formula.
 * @csspart removed - With `notice`: the rows removed in the review, with a button to bring them back.
 * @csspart suggestion-button - With `button primary`: the inspector's suggested fix.
 * @csspart similar-button - With `button primary`: applies the same fix to similar cells.
 * @csspart edit-button - With `button`: the inspector's "Edit".
 * @csspart remove-button - With `button`: the inspector's "Remove row".
 * @csspart undo-button - With `button`: undo the last change of the review.
 * @csspart redo-button - With `button`: redo it.
 * @csspart remove-rows-button - With `button`: remove the selected rows.
 * @csspart column-menu-toggle - With `button`: opens the sort and filter panel of the active column.
 * @csspart download-problems-button - With `button`: downloads the rows with problems as CSV.
 * @csspart sort-asc-button - With `button`: sorts the column ascending (in the column menu).
 * @csspart sort-desc-button - With `button`: sorts it descending.
 * @csspart only-problems - The column menu's "only rows with problems" checkbox.
 * @csspart contains-input - The column menu's "contains" search field.
 * @csspart filter-button - With `button`: applies the column menu's filter.
 * @csspart clear-filter-button - With `button`: clears the sort and filter.
 * @csspart value-table - The value-mapping step's table of file values.
 * @csspart skip-values-button - With `button`: leaves the file values unmapped.
 * @csspart apply-values-button - With `button primary`: applies the value mapping.
 * @csspart delivery - The progress shown while rows are uploaded to the host's server (`delivery: "server"`).
 *
 * @cssproperty --inlay-accent - Buttons, focus ring and highlights. Default `#4f46e5`.
 * @cssproperty --inlay-accent-text - Text on the accent colour. Default `#fff`.
 * @cssproperty --inlay-font - Font family. Default: the system UI font.
 * @cssproperty --inlay-font-size - Base font size. Default `14px`.
 * @cssproperty --inlay-radius - Corner radius of the card. Default `12px`.
 * @cssproperty --inlay-spacing - Base spacing unit. Default `16px`.
 * @cssproperty --inlay-text-color - Main text. Default `#111827`.
 * @cssproperty --inlay-muted-color - Secondary text. Default `#4b5563`.
 * @cssproperty --inlay-surface-color - Card background. Default `#fff`.
 * @cssproperty --inlay-border-color - Lines. Default `#e5e7eb`.
 * @cssproperty --inlay-track-color - Progress track and stripes. Default `#eceef2`.
 * @cssproperty --inlay-danger-color - Problems. Default `#b91c1c`.
 * @cssproperty --inlay-focus-color - Focus ring. Default: the accent.
 * @cssproperty --inlay-importer-grid-height - Height of the review grid. Default `420px`.
 * @cssproperty --inlay-shadow-color - Shadows, used at low opacity. Default `#101828`.
 * @cssproperty --inlay-success-color - Sure column matches. Default `#166534`.
 * @cssproperty --inlay-warning-color - Unsure matches and duplicate rows. Default `#92400e`.
 */
export class InlayImporter extends InlayElement {
  static override styles = [...InlayElement.styles, importerStyles, statusStyles, reviewStyles, formatsStyles, editingStyles, narrowStyles];
  static override locales = importerLocales;

  /**
   * Where the engine comes from when `worker-url` is not set. The entry points set it: the npm
   * entry (`@inlay/widgets/importer`) to its module worker, the script-tag bundle to
   * `inlay-importer.worker.js` beside itself.
   */
  static engineAssets: EngineAssets | undefined;

  static override properties: PropertyDeclarations = {
    importerId: { attribute: 'importer-id' },
    publishableKey: { attribute: 'publishable-key' },
    baseUrl: { attribute: 'base-url' },
    workerUrl: { attribute: 'worker-url' },
    workerTimeout: { attribute: 'worker-timeout', type: Number },
    metadata: { attribute: false },
    previewConfig: { attribute: false },
    strings: { attribute: false },
    transformRow: { attribute: false },
    validateRow: { attribute: false },
    uploadChunkRows: { attribute: false },
    phase: { state: true },
    state: { state: true },
  };

  /** Required: the published importer (`imp_…`). Attribute `importer-id`. */
  importerId = '';
  /** Required: a publishable key (`svc_test_pub_…` / `svc_live_pub_…`). Attribute `publishable-key`. */
  publishableKey = '';
  /** Required: the importer base URL, e.g. `https://inlay.example.com/importer`. Attribute `base-url`. */
  baseUrl = '';
  /**
   * The engine's module (`inlay-importer.worker.js`), when it is not beside the bundle — for
   * instance when the bundle is served from another origin than the page. Attribute `worker-url`.
   */
  workerUrl?: string;
  /**
   * Milliseconds the engine's worker has to answer "ready" before files are read on the main
   * thread instead (with a notice, and a console warning naming the cause). Attribute
   * `worker-timeout`. Default 10000.
   */
  workerTimeout = DEFAULT_WORKER_TIMEOUT;
  /** The host's key–value pairs recorded with the session (≤ 20 keys; no row contents). */
  metadata: Record<string, string> = {};
  /**
   * A config shown instead of the published one (the dashboard's draft preview): nothing is
   * fetched and no session is opened; a file is read, mapped and reviewed, but cannot be imported.
   */
  previewConfig?: PublishedImporter;
  /** Overrides of the built-in texts; see {@link ImporterStrings}. */
  strings: Partial<ImporterStrings> = {};
  /**
   * Changes values before they are reviewed: called with batches of `{row, values}` once the file
   * is validated, answers `{row, values}` with the changed cells only (sync or async). See
   * docs/importer.md, "Hooks".
   */
  transformRow?: TransformRowHook;
  /**
   * Checks rows with the host's own rules: called with batches of `{row, values}` after loading and
   * with the edited row after each edit, answers `{row, field, message}` for the cells it refuses
   * (sync or async). See docs/importer.md, "Hooks".
   */
  validateRow?: ValidateRowHook;
  /** With `delivery: "server"`: most rows per uploaded chunk (1–5,000; default 5,000, also capped at 6 MiB). */
  uploadChunkRows?: number;

  private phase: Phase = 'idle';
  /** Everything the steps show; replaced (never mutated) so Lit sees each change. */
  private state: StepContext['state'] = initialState();

  // The element meets GridHost structurally (no `implements`): GridHost and its methods are
  // @internal, left out of the published types (docs/releasing.md).
  readonly #grid = new GridController(this);
  /** Loads the published importer, dropping answers for an older source (base/resource-controller.ts). */
  readonly #resource = new ResourceController(this, {
    key: () => SOURCE.map((name) => this[name]),
    load: (guard) => this.#loadConfig(guard),
    report: (error) => {
      const failure = this.reportError(error);
      this.phase = 'error';
      this.#set({ failure });
      return failure;
    },
  });
  #client?: ImporterClient;
  #published?: PublishedImporter;
  #connection?: Promise<EngineConnection>;
  #session?: Promise<ImportSession>;
  /** The loaded file's decimal separator, for values the row hooks set. */
  #numberFormat: NumberFormat = 'dot';
  #sessionId: string | null = null;
  #source?: SourceInput;
  #call?: Call<unknown>;
  #generation = 0;
  #delivery?: ServerDelivery;
  readonly #actions: Actions = this.#createActions();
  /** When Ctrl+V was pressed in the grid: the paste event should follow (see #onPaste). */
  #pasteExpected = 0;

  constructor() {
    super();
    this.#grid.shortcuts = (event) => this.#shortcut(event);
  }

  readonly #completion = new ImportCompletion();
  readonly #confirm = new ConfirmDialog(this);
  /** Cells changed in the review since the rows were read: what Back or Cancel would throw away. */
  #edits = 0;

  get #text(): ImporterStrings {
    return { ...defaultImporterStrings, ...this._locale.strings, ...this.strings };
  }

  /** Which way the engine runs: `worker`, `main-thread` (workers forbidden), or null before the first file. */
  get engineMode(): 'worker' | 'main-thread' | null {
    return this.state.engineMode;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    document.removeEventListener('paste', this.#onPaste);
    this.#closeEngine();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Pasting into a grid cell (not editable) fires at the document, not at the cell.
    document.addEventListener('paste', this.#onPaste);
    // Back on the page after a move: start over rather than keep a closed engine.
    if (this.phase !== 'idle' && this.phase !== 'loading' && this.phase !== 'error' && !this.#connection) void this.#resource.reload();
  }

  protected override updated(changed: PropertyValues<this>): void {
    const previous = (changed as Map<string, unknown>).get('phase') as Phase | undefined;
    // A step changed under the user (not the first one shown): focus and announce it.
    if ((changed as Map<string, unknown>).has('phase') && previous !== undefined && previous !== 'idle' && previous !== 'loading') {
      focusStep(this, stepAnnouncement(this.#text, this.phase, this.state));
    }
    const scroller = this.renderRoot.querySelector<HTMLElement>('[part~="grid"]');
    if (scroller) {
      const viewport = Math.max(this.#grid.rowHeight, scroller.clientHeight - this.#grid.rowHeight);
      if (Math.abs(viewport - this.#grid.viewport) > 1) {
        this.#grid.viewport = viewport;
        this.requestUpdate();
      }
    }
  }

  #set(patch: Partial<StepContext['state']>): void {
    this.state = { ...this.state, ...patch };
  }

  #loadConfig(guard: Guard): Promise<void> | undefined {
    this.#generation += 1;
    this.#closeEngine();
    this.#published = undefined;
    this.state = initialState();
    const { importerId, publishableKey, baseUrl, previewConfig } = this;
    this.phase = previewConfig || (importerId && publishableKey && baseUrl) ? 'loading' : 'idle';
    if (this.phase === 'idle') return undefined;
    return (async () => {
      // A preview (the dashboard's draft) opens no session: there is no client to open one with.
      const client = (this.#client = previewConfig ? undefined : createImporterClient({ publishableKey, baseUrl }));
      const published = previewConfig ?? (await guard((client as ImporterClient).getConfig(importerId)));
      this.#published = published;
      this.#set({ name: published.name, fields: published.config.fields, configFields: published.config.fields, duplicateKey: published.config.duplicateKey });
      this.phase = 'upload';
    })();
  }

  #fail(generation: number, error: unknown, operation?: 'open-session' | 'complete-session' | 'read'): void {
    if (generation !== this.#generation) return;
    this.phase = 'error';
    this.#set({ failure: this.reportError(error, operation === undefined ? undefined : { type: operation }) });
  }

  #closeEngine(): void {
    this.#call?.cancel();
    this.#call = undefined;
    const connection = this.#connection;
    this.#connection = undefined;
    void connection?.then((open) => open.close()).catch(() => undefined);
  }

  #engine(): Promise<EngineConnection> {
    if (!this.#connection) {
      const assets = this.workerUrl ? assetsAt(this.workerUrl) : InlayImporter.engineAssets;
      if (!assets) throw new Error('<inlay-importer> does not know where its engine is: set the worker-url attribute.');
      const connecting = EngineConnection.open(assets, { readyTimeout: this.workerTimeout });
      this.#connection = connecting;
      void connecting.then(
        (connection) => this.#set({ engineMode: connection.mode }),
        () => {
          if (this.#connection === connecting) this.#connection = undefined;
        },
      );
    }
    return this.#connection;
  }

  /** Runs one engine request, remembering it so Stop/Cancel can end it. */
  async #run<T>(start: (connection: EngineConnection) => Call<T>): Promise<T> {
    const call = start(await this.#engine());
    this.#call = call as Call<unknown>;
    try {
      return await call.promise;
    } finally {
      if (this.#call === (call as Call<unknown>)) this.#call = undefined;
    }
  }

  /** The user chose a file or pasted rows: the session opens and the file is read. */
  async #start(source: SourceInput, name: string): Promise<void> {
    const client = this.#client;
    // A preview has no client: the file is read, mapped and reviewed, but no session is opened.
    if (!client && !this.previewConfig) return;
    const generation = this.#generation;
    this.#source = source;
    this.#set({ sourceName: name, openOptions: {}, headerRow: 0, refused: undefined });
    this.phase = 'reading';
    if (!this.#session && client) {
      this.#session = client.openSession({ importerId: this.importerId, metadata: Object.keys(this.metadata ?? {}).length > 0 ? this.metadata : undefined });
      this.#session.then(
        (session) => (this.#sessionId = session.id),
        (error: unknown) => this.#fail(generation, error, 'open-session'),
      );
    }
    await this.#open({});
  }

  async #open(options: StepContext['state']['openOptions']): Promise<void> {
    const source = this.#source;
    if (!source) return;
    const generation = this.#generation;
    try {
      const opened: OpenResult = await this.#run((engine) => engine.call('open', { source, ...options }));
      if (generation !== this.#generation || this.phase === 'error') return;
      this.#set({ opened, openOptions: options, headerRow: opened.headerRow });
      this.phase = 'setup';
    } catch (error) {
      if (generation === this.#generation && error instanceof Error && error.name === 'FileRefusedError') void this.#refuse(error);
      else this.#fail(generation, error, 'read');
    }
  }

  /** A file that is not text or a workbook: back to the upload step, saying why, with focus on it. */
  async #refuse(error: Error): Promise<void> {
    this.reportError(error, { type: 'read' });
    const code = (error as Error & { code?: unknown }).code;
    this.#set({ refused: { name: this.state.sourceName, code: typeof code === 'string' ? code : 'binary' } });
    this.phase = 'upload';
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('[part~="file-error"]')?.focus();
  }

  #toMapping(): void {
    const published = this.#published;
    const opened = this.state.opened;
    if (!published || !opened) return;
    const headers = headersOf(opened.preview, this.state.headerRow);
    const remembered = recallMapping(this.importerId, headers);
    const columns = proposeColumns(opened.preview, this.state.headerRow, published.config.fields, remembered);
    this.#set({ columns, remembered: columns.some((column) => column.method === 'remembered') });
    this.phase = 'mapping';
  }

  /** The user's number formats and date orders, as the engine's load takes them. */
  #formatParams(): { numberFormats: Record<string, 'dot' | 'comma'>; dateOrders: Record<string, 'dmy' | 'mdy' | 'ymd'> } {
    const numberFormats: Record<string, 'dot' | 'comma'> = {};
    const dateOrders: Record<string, 'dmy' | 'mdy' | 'ymd'> = {};
    for (const [field, value] of Object.entries(this.state.formatChoices)) {
      const target: Record<string, string> = value === 'dot' || value === 'comma' ? numberFormats : dateOrders;
      Object.defineProperty(target, field, { value, enumerable: true, writable: true, configurable: true });
    }
    return { numberFormats, dateOrders };
  }

  async #validate(busy: Phase = 'validating'): Promise<void> {
    const published = this.#published;
    const { columns } = this.state;
    if (!published || missingRequired(columns, published.config.fields).length > 0) return;
    saveMapping(this.importerId, columns.map(({ header, fieldKey }) => ({ header, fieldKey })));
    const generation = this.#generation;
    this.phase = busy;
    // The engine, the grid and every column index agree on one order: unmapped fields last.
    const fields = reviewOrder(columns, published.config.fields);
    this.#set({ progress: { rows: 0, percent: 0 }, fields });
    try {
      const loaded = await this.#run((engine) =>
        engine.call('load', { headerRow: this.state.headerRow, mapping: { ...mappingFromMatches(columns) }, config: { ...published.config, fields }, ...this.#formatParams() }, (progress) =>
          this.#set({ progress: { rows: progress.rows, percent: progress.total > 0 ? Math.floor((progress.done / progress.total) * 100) : null } }),
        ),
      );
      if (generation !== this.#generation) return;
      this.#numberFormat = loaded.numberFormat;
      this.#set({ columnFormats: loaded.columnFormats });
      const hooked = await this.#runHooks({ transformRow: this.transformRow, validateRow: this.validateRow }, loaded.stats.rowCount);
      if (generation !== this.#generation) return;
      if (hooked) loaded.stats = hooked.stats;
      const t = this.#text;
      this.#edits = 0;
      await this.#setView({ errors: false });
      this.#set({ stats: loaded.stats, announcement: t.announceLoaded(loaded.stats.rowCount, loaded.stats.errorCount), similar: null, columnFormats: loaded.columnFormats });
      await this.#refreshFormulaCells();
      if (busy === 'reformatting') this.#set({ announcement: t.announceFormats });
      // A column no value settles is asked about before review (docs/importer.md); then enum
      // values that are not options are mapped.
      if (loaded.columnFormats.some(needsAnswer)) this.phase = 'formats';
      else await this.#toValuesOrReview(generation);
    } catch (error) {
      if (generation !== this.#generation) return;
      if (error instanceof Error && error.name === 'CancelledError') this.phase = busy === 'reformatting' ? 'formats' : 'mapping';
      else this.#fail(generation, error, 'read');
    }
  }

  async #setView(filter: ViewFilter): Promise<void> {
    const { size } = await this.#run((engine) => engine.call('view', filter));
    this.#set({ filter, viewSize: size });
    this.#grid.reset(size, this.state.fields.length);
  }

  /** GridHost: rows of the view for the grid. @internal */
  async fetchRows(start: number, count: number): Promise<GridRow[]> {
    const engine = await this.#engine();
    return engine.call('rows', { start, count }).promise;
  }

  /** GridHost: an edited cell. @internal */
  commitEdit(row: GridRow, col: number, text: string, original: string): void {
    const field = this.state.fields[col];
    if (!field) return;
    void this.#change(
      (engine) => engine.call('edit', { row: row.row, field: field.key, raw: text }),
      async (result) => {
        // The host's validateRow sees the edited row again, and its messages replace the old ones.
        if (this.validateRow) {
          const hooked = await this.#runHooks({ validateRow: this.validateRow }, 0, [row.row]);
          if (hooked) {
            this.#set({ stats: hooked.stats });
            this.#grid.refresh();
          }
        }
        // Offer the same fix for other cells that showed what this one did — only a fix that is valid.
        if (result.issue || result.stats.fieldErrors[field.key] === 0 || original.trim() === '') return;
        const count = await (await this.#engine()).call('countSimilar', { field: field.key, raw: original }).promise;
        if (count > 0) this.#set({ similar: { field: field.key, from: original, to: text, count } });
      },
    );
  }

  /** GridHost: the active cell moved. @internal */
  activeChanged(): void {
    const selection = this.#grid.selection;
    this.#set({ similar: null, ...(selection.isBlock ? { announcement: this.#text.announceSelected(selection.rows, selection.cells) } : {}) });
  }

  /** Counts the text cells that start like a formula, for the review's notice (engine/formula-cells.ts). */
  async #refreshFormulaCells(): Promise<void> {
    const config = this.#published?.config;
    const neutralizeFormulas = config !== undefined && neutralizesFormulas(config);
    this.#set({ formulaCells: await this.#run((engine) => engine.call('formulaCells', {})), neutralizeFormulas });
  }

  /** Runs a change in the engine, then re-reads what the grid shows and announces the outcome. */
  async #change(start: (engine: EngineConnection) => Call<ChangeResult>, then?: (result: ChangeResult) => Promise<void>, announce?: (result: ChangeResult) => string): Promise<void> {
    const generation = this.#generation;
    try {
      const result = await this.#run(start);
      if (generation !== this.#generation) return;
      const t = this.#text;
      this.#edits += result.changed;
      this.#set({ stats: result.stats, similar: null, announcement: announce?.(result) ?? t.announceChanged(result.changed, result.stats.errorCount) });
      if (result.history) this.#set({ history: result.history });
      await this.#refreshFormulaCells();
      if (result.viewSize !== undefined) {
        this.#set({ viewSize: result.viewSize });
        this.#grid.reset(result.viewSize, this.state.fields.length, true);
      } else this.#grid.refresh();
      await then?.(result);
    } catch (error) {
      this.reportError(error);
    }
  }

  /**
   * Completes the import (completion.ts): rows out of the engine, the session completed, the rows
   * to the page. On any failure the review stays as it was, with the error and a way to retry.
   */
  async #complete(): Promise<void> {
    const client = this.#client;
    if (!client) return;
    const generation = this.#generation;
    const onlyValid = this.state.skipInvalid && (this.state.stats?.errorCount ?? 0) > 0;
    this.#set({ completionError: null });
    this.phase = 'completing';
    try {
      const { rowCount } = await this.#completion.run({
        gather: async () => {
          const rows: Record<string, ImportValue>[] = [];
          const counts = await this.#run((engine) =>
            engine.call('records', { onlyValid }, (progress) => {
              if (progress.records) for (const record of progress.records) rows.push(record);
            }),
          );
          // Text a spreadsheet would run as a formula goes out with a leading ' when the config says so.
          if (this.#published) neutralizeRecords(this.#published.config, rows);
          return { rows, ...counts };
        },
        session: () => {
          // A new session when the last one can no longer be completed (expired, completed elsewhere).
          const session = (this.#session ??= client.openSession({ importerId: this.importerId, metadata: Object.keys(this.metadata ?? {}).length > 0 ? this.metadata : undefined }));
          session.then(
            (opened) => (this.#sessionId = opened.id),
            () => this.#session === session && (this.#session = undefined),
          );
          return session;
        },
        completeSession: (id, params) => client.completeSession(id, params),
        mapping: () => this.#sessionMapping(),
        deliver: (sessionId, rows) => this.#deliverToServer(sessionId, rows, generation),
        dispatch: (detail) => {
          const event = new InlayImportCompleteEvent({ importerId: this.importerId, ...detail });
          this.emit(event);
          return event;
        },
      });
      if (generation !== this.#generation) return;
      this.#set({ importedRows: rowCount });
      this.phase = 'done';
      this.#closeEngine();
      this.#session = undefined;
      this.#completion.reset();
    } catch (error) {
      if (generation !== this.#generation) return;
      const failure = error instanceof CompletionFailure ? error : new CompletionFailure('rows', error);
      // The host page's refusal is its own to log; ours are reported as every other failure.
      if (failure.stage !== 'host') this.reportError(failure.error, { type: 'complete-session' });
      if (failure.stage === 'session' && sessionIsGone(failure.error)) this.#session = undefined;
      this.#set({ completionError: failureMessage(failure, this.#text) });
      this.phase = 'review';
    }
  }

  /** Runs the host's row hooks in the engine's table (docs/importer.md, "Hooks"); `undefined` when none changed anything. */
  async #runHooks(hooks: { transformRow?: TransformRowHook | undefined; validateRow?: ValidateRowHook | undefined }, rowCount: number, rows?: number[]): Promise<ChangeResult | undefined> {
    if (!hooks.transformRow && !hooks.validateRow) return undefined;
    const fieldKeys = this.state.fields.map((field) => field.key);
    const numberFormats: Record<string, NumberFormat> = {};
    for (const column of this.state.columnFormats) if (column.kind === 'number') Object.defineProperty(numberFormats, column.field, { value: column.format, enumerable: true });
    return runImporterHooks((method, params) => this.#run((engine) => engine.call(method, params)), hooks, { rowCount, numberFormat: this.#numberFormat, fieldKeys, numberFormats }, rows);
  }

  /**
   * With `delivery: "server"`, uploads the rows before the session completes (server-delivery.ts);
   * true when it did, so the page gets no rows. A lost connection waits for Try again.
   */
  async #deliverToServer(sessionId: string, rows: Record<string, ImportValue>[], generation: number): Promise<boolean> {
    if (this.#published?.config.delivery !== 'server' || rows.length === 0) return false;
    // Its own client, without retries: ServerDelivery asks which chunks are stored before resending.
    const client = createImporterClient({ publishableKey: this.publishableKey, baseUrl: this.baseUrl, maxNetworkRetries: 0 });
    const delivery = new ServerDelivery(this, client, sessionId, rows, this.uploadChunkRows);
    this.#delivery = delivery;
    try {
      await delivery.deliver((error) => {
        if (generation === this.#generation) this.reportError(error, { type: 'upload-rows' });
      });
    } finally {
      this.removeController(delivery);
      if (this.#delivery === delivery) this.#delivery = undefined;
    }
    return true;
  }

  /** Runs `go` — at once, or after the user confirmed throwing away their changes to the rows. */
  #unlessDiscarding(go: () => void): void {
    if (this.phase !== 'review' || this.#edits === 0) return go();
    const t = this.#text;
    void this.#confirm.ask({ title: t.discardTitle, message: t.discardMessage(this.#edits), confirm: t.discardConfirm, cancel: t.discardKeep }).then((confirmed) => {
      if (confirmed && this.phase === 'review') go();
    });
  }

  /** `inlay-import-complete` listeners on the element may answer a promise (host-listeners.ts). */
  override addEventListener<K extends keyof HTMLElementEventMap>(type: K, listener: (this: HTMLElement, event: HTMLElementEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  override addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  override addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void {
    super.addEventListener(type, type === InlayImportCompleteEvent.eventName && listener ? promiseListener(listener) : listener, options);
  }

  override removeEventListener<K extends keyof HTMLElementEventMap>(type: K, listener: (this: HTMLElement, event: HTMLElementEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void;
  override removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
  override removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void {
    super.removeEventListener(type, type === InlayImportCompleteEvent.eventName && listener ? (wrapperOf(listener) ?? listener) : listener, options);
  }

  /** Field key → the header of the column that filled it, as the session records it. */
  #sessionMapping(): Record<string, string> {
    const t = this.#text;
    const mapping: Record<string, string> = {};
    for (const column of this.state.columns) {
      if (column.fieldKey !== null && !Object.hasOwn(mapping, column.fieldKey)) {
        Object.defineProperty(mapping, column.fieldKey, { value: column.header || t.untitledColumn(column.column + 1), enumerable: true, writable: true, configurable: true });
      }
    }
    return mapping;
  }

  #cancel(): void {
    this.emit(new InlayImportCancelEvent({ importerId: this.importerId, sessionId: this.#sessionId }));
    this.#startOver();
  }

  #startOver(): void {
    this.#generation += 1;
    this.#closeEngine();
    this.#source = undefined;
    this.#edits = 0;
    this.#completion.reset();
    const { name, fields, duplicateKey } = this.state;
    this.state = { ...initialState(), name, fields, duplicateKey };
    this.phase = this.#published ? 'upload' : 'idle';
    if (!this.#published) void this.#resource.reload();
  }

  #createActions(): Actions {
    return {
      chooseFile: (file) => void this.#start({ kind: 'file', file, name: file.name }, file.name),
      paste: (text) => void this.#start({ kind: 'text', text }, this.#text.pastedName),
      setDragOver: (dragOver) => this.#set({ dragOver }),
      reopen: (options) => {
        this.phase = 'reading';
        void this.#open({ ...this.state.openOptions, ...options });
      },
      setHeaderRow: (headerRow) => this.#set({ headerRow }),
      toMapping: () => this.#toMapping(),
      back: () =>
        this.#unlessDiscarding(() => {
          if (this.phase === 'mapping') this.phase = 'setup';
          else if (this.phase === 'review' || this.phase === 'values') this.phase = 'mapping';
          else if (this.phase === 'formats') this.phase = this.state.columnFormats.some(needsAnswer) ? 'mapping' : 'review';
          else this.#startOver();
        }),
      chooseField: (column, fieldKey) => this.#set({ columns: chooseField(this.state.columns, column, fieldKey), formatChoices: {} }),
      validate: () => void this.#validate(),
      stop: () => this.#call?.cancel(),
      cancel: () => this.#unlessDiscarding(() => this.#cancel()),
      retry: () => (this.#published && this.#source ? this.#startOver() : void this.#resource.reload()),
      setFilter: (filter) => void this.#setView(filter).catch((error: unknown) => this.reportError(error)),
      acceptSuggestion: (row, field) => void this.#change((engine) => engine.call('acceptSuggestions', { field, row })),
      acceptColumnSuggestions: (field) => void this.#change((engine) => engine.call('acceptSuggestions', { field })),
      applySimilar: () => {
        const similar = this.state.similar;
        if (similar) void this.#change((engine) => engine.call('replaceSimilar', similar));
      },
      removeRow: (row) => void this.#change((engine) => engine.call('remove', { rows: [row], removed: true }), undefined, (result) => this.#text.announceRemoved(result.changed)),
      restoreRemoved: () => void this.#change((engine) => engine.call('restoreRemoved', {}), undefined, (result) => this.#text.announceRestored(result.changed)),
      resolveDuplicates: (strategy) =>
        void this.#change((engine) => engine.call('resolveDuplicates', { strategy }), undefined, (result) => this.#text.announceRemoved(result.changed)),
      toggleFind: () => this.#set({ findOpen: !this.state.findOpen }),
      findReplace: (params) => void this.#change((engine) => engine.call('findReplace', params)),
      setSkipInvalid: (skipInvalid) => this.#set({ skipInvalid }),
      complete: () => void this.#complete(),
      startOver: () => this.#startOver(),
      showFormats: () => (this.phase = 'formats'),
      chooseFormat: (field, value) => this.#set({ formatChoices: { ...this.state.formatChoices, [field]: value } }),
      applyFormats: () => {
        // Every shown reading becomes a choice, so questions are asked once.
        const choices = { ...this.state.formatChoices };
        for (const column of this.state.columnFormats) {
          const value = column.kind === 'number' ? column.format : column.order;
          if (!Object.hasOwn(choices, column.field) && value !== null) Object.defineProperty(choices, column.field, { value, enumerable: true, writable: true, configurable: true });
        }
        this.#set({ formatChoices: choices });
        const unchanged = this.state.columnFormats.every((column) =>
          column.kind === 'number' ? choices[column.field] === column.format : column.chosen && choices[column.field] === column.order,
        );
        if (unchanged && this.state.stats) void this.#toValuesOrReview(this.#generation);
        else void this.#validate('reformatting');
      },
      undo: () => void this.#change((engine) => engine.call('undo', {}), undefined, (result) => this.#text.announceUndone(result.changed, result.stats.errorCount)),
      redo: () => void this.#change((engine) => engine.call('redo', {}), undefined, (result) => this.#text.announceRedone(result.changed, result.stats.errorCount)),
      removeSelectedRows: () => {
        const { start, end } = this.#grid.selection.range;
        void this.#change((engine) => engine.call('removeView', { start, end }), undefined, (result) => this.#text.announceRemoved(result.changed));
      },
      downloadProblems: () => void this.#downloadProblems(),
      openColumnMenu: (col) => this.#openColumnMenu(col),
      setQuery: (query) => void this.#setView({ ...this.state.filter, ...query }).catch((error: unknown) => this.reportError(error)),
      chooseValue: (field, text, option) => {
        const choices = new Map(this.state.valueChoices);
        choices.set(field, new Map(choices.get(field)).set(text, option));
        this.#set({ valueChoices: choices });
      },
      applyValues: () => void this.#applyValues(),
      skipValues: () => {
        this.phase = 'review';
      },
    };
  }

  /** After the load: the value-mapping step when enum columns hold values that are not options, else the review. */
  async #toValuesOrReview(generation: number): Promise<void> {
    const enumColumns = await this.#run((engine) => engine.call('enumValues', {}));
    if (generation !== this.#generation) return;
    this.#set({ enumColumns, valueChoices: suggestedChoices(enumColumns), history: { undo: 0, redo: 0, undoLabel: null, redoLabel: null }, columnMenu: null });
    this.phase = enumColumns.length > 0 ? 'values' : 'review';
    // The Continue button that started the load is gone: keyboard users start at the first choice.
    if (this.phase === 'values') void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('[part~="value-select"]')?.focus());
  }

  async #applyValues(): Promise<void> {
    for (const column of this.state.enumColumns) {
      const map: [string, string][] = [];
      for (const [text, option] of this.state.valueChoices.get(column.field) ?? []) if (option !== null && option !== text) map.push([text, option]);
      if (map.length > 0) await this.#change((engine) => engine.call('mapValues', { field: column.field, map }));
    }
    this.phase = 'review';
  }

  /** The grid's editing shortcuts (editing-keys.ts); true when the key was one. */
  #shortcut(event: KeyboardEvent): boolean {
    const command = commandOf(event);
    if (command === null || this.phase !== 'review') return false;
    if (command === 'paste') {
      // Left to the browser, which fires `paste` with the clipboard's text (#onPaste).
      const expected = (this.#pasteExpected = performance.now());
      // Where the browser fires none, the Clipboard API (which may ask the user's permission).
      setTimeout(() => {
        if (this.#pasteExpected !== expected) return;
        this.#pasteExpected = 0;
        navigator.clipboard?.readText().then((text) => this.#paste(text), () => undefined);
      }, 200);
      return true;
    }
    event.preventDefault();
    const grid = this.#grid;
    switch (command) {
      case 'undo':
        this.#actions.undo();
        break;
      case 'redo':
        this.#actions.redo();
        break;
      case 'copy':
        void this.#copy();
        break;
      case 'fill-down': {
        const range = grid.selection.range;
        // One row selected: take the cell above, as spreadsheets do.
        if (range.start === range.end) range.start = Math.max(0, range.start - 1);
        if (range.start !== range.end) void this.#change((engine) => engine.call('fillDown', range));
        break;
      }
      case 'remove-rows':
        this.#actions.removeSelectedRows();
        break;
      case 'column-menu':
        this.#openColumnMenu(grid.col);
        break;
    }
    return true;
  }

  /** Copies the selected cells as spreadsheets paste them: from the rows in view, else from the engine. */
  async #copy(): Promise<void> {
    const t = this.#text;
    const grid = this.#grid;
    const range = grid.selection.range;
    const lines: string[] = [];
    for (let pos = range.start; pos <= range.end; pos++) {
      const row = grid.rowAt(pos);
      if (!row) break;
      const cells: string[] = [];
      for (let col = range.fromCol; col <= range.toCol; col++) cells.push(tsvField(cellText(row, col, t)));
      lines.push(cells.join('\t'));
    }
    const text = lines.length === range.end - range.start + 1 ? lines.join('\n') : await (await this.#engine()).call('copy', range).promise;
    if (await writeClipboard(text)) this.#set({ announcement: t.announceCopied(grid.selection.cells) });
  }

  readonly #onPaste = (event: ClipboardEvent): void => {
    if (this.phase !== 'review' || !this.#gridFocused()) return;
    const text = event.clipboardData?.getData('text/plain') ?? '';
    event.preventDefault();
    this.#pasteExpected = 0;
    this.#paste(text);
  };

  #paste(text: string): void {
    const cells = parseTsv(text);
    if (cells.length === 0) return;
    const range = this.#grid.selection.range;
    void this.#change((engine) => engine.call('paste', { range, cells }));
  }

  /** Whether a grid cell (not its editor) has focus. */
  #gridFocused(): boolean {
    const active = this.shadowRoot?.activeElement;
    return active instanceof HTMLElement && active.getAttribute('role') === 'gridcell';
  }

  #openColumnMenu(col: number | null): void {
    const wasOpen = this.state.columnMenu !== null;
    this.#set({ columnMenu: col });
    if (col !== null && !wasOpen) void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('#column-menu select')?.focus());
    if (col === null && wasOpen) this.#grid.focusSoon();
  }

  async #downloadProblems(): Promise<void> {
    const t = this.#text;
    try {
      const { csv } = await this.#run((engine) => engine.call('problemsCsv', { headers: this.state.fields.map((field) => field.label), problemsHeader: t.problemsHeader }));
      downloadText(this.renderRoot as ShadowRoot, csv, t.problemsFileName, 'text/csv;charset=utf-8');
    } catch (error) {
      this.reportError(error);
    }
  }

  protected override render(): TemplateResult | typeof nothing {
    const t = this.#text;
    if (this.phase === 'idle') return nothing;
    if (this.phase === 'loading') {
      return html`<div class="card loading" part="base" aria-busy="true"><span class="visually-hidden">${t.loading}</span></div>`;
    }
    const context: StepContext = { t, phase: this.phase, state: this.state, actions: this.#actions, grid: this.#grid };
    // No name yet (the config failed to load): no empty heading to label the card with.
    return html`<section class="card" part="base" aria-labelledby=${this.state.name ? 'title' : nothing}>
      <header class="header" part="header">
        ${this.state.name ? html`<h2 id="title" part="title" tabindex="-1">${this.state.name}</h2>` : nothing}
        ${renderStepsBar(t, this.phase)}
      </header>
      ${this.state.engineMode === 'main-thread' && this.phase !== 'done' ? html`<p class="notice engine-notice" part="notice engine-fallback">${t.engineFallback}</p>` : nothing}
      ${renderStep(context)} ${this.#delivery?.render(t) ?? nothing}
      <div class="visually-hidden" role="status">${this.state.announcement}</div>
      ${renderStepAnnouncer()} ${this.#confirm.render()}
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'inlay-importer': InlayImporter;
  }
}
