// The order of these imports is the order of the script-tag bundle's code, which moves its size
// by hundreds of bytes: keep it (docs/decisions.md, "The importer element split by concept (measured)").
import type { ImporterConfig, PublishedConfig, SuggestMappingHook, TransformRowHook, ValidateRowHook } from '@inlay/core';
import { html, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { InlayElement } from '../base/inlay-element.js';
import { InlayImportCompleteEvent } from '../events.js';
import { assetsAt, DEFAULT_WORKER_TIMEOUT, type EngineAssets } from './connection.js';
import type { GridRow } from './engine/protocol.js';
import { GridController } from './grid/grid-controller.js';
import { ReviewShortcuts } from './review-shortcuts.js';
import { importerStyles } from './importer.styles.js';
import { importerLocales } from './locales.js';
import { statusStyles } from './status.styles.js';
import { reviewStyles } from './review.styles.js';
import { editingStyles } from './editing.styles.js';
import { defaultImporterStrings, type ImporterStrings } from './importer.strings.js';
import type { Actions, Phase, StepContext } from './steps/context.js';
import { initialState, renderStep, renderStepsBar } from './steps/frame.js';
import { formatsStyles } from './steps/formats.js';
import { ConfirmDialog } from './confirm-dialog.js';
import { promiseListener, wrapperOf } from './host-listeners.js';
import { focusStep, renderStepAnnouncer, stepAnnouncement } from './step-focus.js';
import { ResourceController } from '../base/resource-controller.js';
import { narrowStyles } from './narrow.styles.js';
import { closeEngine, connectEngine } from './engine-bridge.js';
import { type ImporterCore, type ImporterHost, setState } from './importer-core.js';
import { commitEdit } from './review-changes.js';
import { createActions } from './step-actions.js';
import { loadPublished } from './published-config.js';
import { ImportCompletion } from './completion.js';

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
 * @csspart extra - A cell of a column no field is matched to, kept with `unmappedColumns: "keep"` (read-only).
 * @csspart extra-column-header - The header of such a column, after the fields.
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
 * @csspart file-error - Why the chosen file was refused (not CSV, TSV, JSON or an Excel workbook), above the dropzone.
 * @csspart suggestion - On the mapping step: the badge of a field the page's `suggestMapping` suggested, until the user keeps or changes it.
 * @csspart confirm-suggestion - With `button`: its "Keep".
 * @csspart unconfirmed - Why Continue waits: suggested fields not yet kept or changed.
 * @csspart suggesting - With `notice`: `suggestMapping` is being asked.
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
    suggestMapping: { attribute: false },
    suggestMappingTimeout: { attribute: 'suggest-mapping-timeout', type: Number },
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
  /**
   * Proposes fields for the columns Inlay's matcher left unmatched, from the host's own model:
   * called with `{headers, sampleRows, fields}` once the mapping step opens, answers header → field
   * key (sync or async). Suggestions are marked and the user confirms each. See docs/importer.md,
   * "Mapping suggestions from your app".
   */
  suggestMapping?: SuggestMappingHook;
  /** Milliseconds `suggestMapping` has to answer before Inlay's own matching stands. Attribute `suggest-mapping-timeout`. Default 5000. */
  suggestMappingTimeout = 5000;
  /** With `delivery: "server"`: most rows per uploaded chunk (1–5,000; default 5,000, also capped at 6 MiB). */
  uploadChunkRows?: number;

  private phase: Phase = 'idle';
  /** Everything the steps show; replaced (never mutated) so Lit sees each change. */
  private state: StepContext['state'] = initialState();

  // The element meets GridHost structurally (no `implements`): GridHost and its methods are
  // @internal, left out of the published types (docs/releasing.md).
  readonly #grid = new GridController(this);
  /**
   * The import in progress, shared with the parts that run it (importer-core.ts). The element lends
   * itself as their {@link ImporterHost}: its `phase`, `state`, `reportError` and `emit` are private
   * or protected here, kept out of the published types.
   */
  readonly #core: ImporterCore = {
    host: this as unknown as ImporterHost,
    grid: this.#grid,
    text: () => this.#text,
    assets: () => (this.workerUrl ? assetsAt(this.workerUrl) : InlayImporter.engineAssets),
    generation: 0,
    sessionId: null,
    numberFormat: 'dot',
    edits: 0,
    completion: new ImportCompletion(),
  };
  /** Loads the published importer, dropping answers for an older source (base/resource-controller.ts). */
  readonly #resource = new ResourceController(this, {
    key: () => SOURCE.map((name) => this[name]),
    load: (guard) => loadPublished(this.#core, guard),
    report: (error) => {
      const failure = this.reportError(error);
      this.phase = 'error';
      setState(this.#core, { failure });
      return failure;
    },
  });
  readonly #confirm = new ConfirmDialog(this);
  readonly #actions: Actions = createActions(this.#core, { confirm: this.#confirm, reload: () => this.#resource.reload() });

  constructor() {
    super();
    // It registers itself with the element (a reactive controller) and with the grid (its shortcuts).
    new ReviewShortcuts(this.#core, this.#actions);
  }

  get #text(): ImporterStrings {
    return { ...defaultImporterStrings, ...this._locale.strings, ...this.strings };
  }

  /** Which way the engine runs: `worker`, `main-thread` (workers forbidden), or null before the first file. */
  get engineMode(): 'worker' | 'main-thread' | null {
    return this.state.engineMode;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    closeEngine(this.#core);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Back on the page after a move: start over rather than keep a closed engine.
    if (this.phase !== 'idle' && this.phase !== 'loading' && this.phase !== 'error' && !this.#core.connection) void this.#resource.reload();
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

  /** GridHost: rows of the view for the grid. @internal */
  async fetchRows(start: number, count: number): Promise<GridRow[]> {
    const engine = await connectEngine(this.#core);
    return engine.call('rows', { start, count }).promise;
  }

  /** GridHost: an edited cell (review-changes.ts). @internal */
  commitEdit(row: GridRow, col: number, text: string, original: string): void {
    commitEdit(this.#core, row, col, text, original);
  }

  /** GridHost: the active cell moved. @internal */
  activeChanged(): void {
    const selection = this.#grid.selection;
    setState(this.#core, { similar: null, ...(selection.isBlock ? { announcement: this.#text.announceSelected(selection.rows, selection.cells) } : {}) });
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
      ${renderStep(context)} ${this.#core.delivery?.render(t) ?? nothing}
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
