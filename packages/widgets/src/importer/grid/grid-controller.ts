import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { GridRow } from '../engine/protocol.js';
import { CellSelection } from './selection.js';

/** Browsers cap an element's height (Chrome near 33.5 million px); taller views scroll scaled. */
const MAX_BODY_PX = 10_000_000;
/** Rows fetched beyond each edge of the viewport. */
const OVERSCAN = 40;
const MAX_CACHED = 3000;

/** The cell being edited: where, and the text in its input. @internal */
export interface Editing {
  pos: number;
  col: number;
  text: string;
  /** What the cell showed before. */
  original: string;
}

/** What the grid asks of its element. @internal */
export interface GridHost extends ReactiveControllerHost, HTMLElement {
  fetchRows(start: number, count: number): Promise<GridRow[]>;
  /** The user finished editing a cell (Enter, or leaving it). */
  commitEdit(row: GridRow, col: number, text: string, original: string): void;
  /** The active cell moved. */
  activeChanged(): void;
}

/**
 * Windowing and keyboard for the review grid (docs/importer.md): only the rows in view (and the
 * active one) are in the DOM, fetched from the engine a window at a time, so a million rows
 * scroll like a hundred. Keyboard follows the ARIA grid pattern — arrows, Page Up/Down, Home/End,
 * Ctrl+Home/End, Enter or F2 to edit, Escape to cancel — with one roving tab stop.
 * @internal
 */
export class GridController implements ReactiveController {
  readonly rowHeight = 34;
  size = 0;
  columns = 0;
  scrollTop = 0;
  viewport = 360;
  pos = 0;
  col = 0;
  editing: Editing | null = null;
  /** The selected block of cells (grid/selection.ts). */
  readonly selection = new CellSelection();
  /** The element's shortcuts (undo, copy, paste…), tried before the grid's keys; true when handled. */
  shortcuts: ((event: KeyboardEvent) => boolean) | null = null;
  #cache = new Map<number, { row: GridRow; generation: number }>();
  #generation = 0;
  #viewGeneration = 0;
  #inFlight = new Set<number>();
  #focusAfterRender = false;
  /** A new view starts at its top: the scroller is reset after the next render. */
  #scrollToTop = false;

  constructor(private readonly host: GridHost) {
    host.addController(this);
  }

  hostUpdated(): void {
    if (this.#scrollToTop) {
      const scroller = this.host.shadowRoot?.querySelector<HTMLElement>('[part~="grid"]');
      if (scroller) {
        this.#scrollToTop = false;
        scroller.scrollTop = 0;
      }
    }
    if (!this.#focusAfterRender) return;
    this.#focusAfterRender = false;
    const target = this.editing
      ? this.host.shadowRoot?.querySelector<HTMLElement>('[part~="cell-input"]')
      : this.host.shadowRoot?.querySelector<HTMLElement>(`[data-pos="${this.pos}"][data-col="${this.col}"]`);
    target?.focus({ preventScroll: true });
  }

  /** A new view (filter changed, rows removed): start from its top. */
  reset(size: number, columns: number, keepPosition = false): void {
    this.size = size;
    this.columns = columns;
    this.#cache.clear();
    this.#inFlight.clear();
    this.#viewGeneration += 1;
    this.editing = null;
    if (!keepPosition) {
      this.pos = 0;
      this.col = 0;
      this.scrollTop = 0;
      this.#scrollToTop = true;
    }
    this.pos = Math.max(0, Math.min(this.pos, size - 1));
    this.selection.collapse(this.pos, this.col);
    this.host.requestUpdate();
  }

  /** Cells changed: what is shown is re-read, and kept on screen until the new rows arrive. */
  refresh(): void {
    this.#generation += 1;
    this.#inFlight.clear();
    this.host.requestUpdate();
  }

  rowAt(pos: number): GridRow | undefined {
    return this.#cache.get(pos)?.row;
  }

  get activeRow(): GridRow | undefined {
    return this.rowAt(this.pos);
  }

  get bodyHeight(): number {
    return Math.min(this.size * this.rowHeight, MAX_BODY_PX);
  }

  get #scaled(): boolean {
    return this.size * this.rowHeight > MAX_BODY_PX;
  }

  get visibleCount(): number {
    return Math.max(1, Math.ceil(this.viewport / this.rowHeight));
  }

  /** Rows that fit in the viewport, fractional. */
  get #rowsInView(): number {
    return this.viewport / this.rowHeight;
  }

  /**
   * The (fractional) first row in view. Scaled, the scroll range maps linearly onto the rows, so
   * that the top shows row 0 and the bottom shows the last row whole.
   */
  get #first(): number {
    if (!this.#scaled) return this.scrollTop / this.rowHeight;
    const range = Math.max(1, this.bodyHeight - this.viewport);
    return (Math.min(this.scrollTop, range) / range) * Math.max(0, this.size - this.#rowsInView);
  }

  /** Where row `pos` is drawn, in the body's coordinates. */
  topOf(pos: number): number {
    return this.#scaled ? this.scrollTop + (pos - this.#first) * this.rowHeight : pos * this.rowHeight;
  }

  /** Rows to draw: those in view, plus the active one (it holds the tab stop). */
  visiblePositions(): number[] {
    if (this.size === 0) return [];
    const first = Math.floor(this.#first);
    const last = Math.min(this.size - 1, first + this.visibleCount + 1);
    const positions: number[] = [];
    for (let pos = Math.max(0, first); pos <= last; pos++) positions.push(pos);
    this.#load(Math.max(0, first - OVERSCAN), Math.min(this.size, last + OVERSCAN + 1));
    if (this.pos < first || this.pos > last) {
      positions.push(this.pos);
      this.#load(this.pos, this.pos + 1);
    }
    return positions;
  }

  /** Fetches the rows of [start, end) that are missing or out of date. */
  #load(start: number, end: number): void {
    let from = -1;
    for (let pos = start; pos < end; pos++) {
      const entry = this.#cache.get(pos);
      if ((entry === undefined || entry.generation !== this.#generation) && !this.#inFlight.has(pos)) {
        from = pos;
        break;
      }
    }
    if (from < 0) return;
    const count = end - from;
    for (let pos = from; pos < end; pos++) this.#inFlight.add(pos);
    const generation = this.#generation;
    const view = this.#viewGeneration;
    void this.host.fetchRows(from, count).then(
      (rows) => {
        if (view !== this.#viewGeneration) return;
        rows.forEach((row, i) => {
          this.#cache.set(from + i, { row, generation });
          this.#inFlight.delete(from + i);
        });
        this.#evict(from);
        this.host.requestUpdate();
      },
      () => {
        for (let pos = from; pos < end; pos++) this.#inFlight.delete(pos);
      },
    );
  }

  #evict(around: number): void {
    if (this.#cache.size <= MAX_CACHED) return;
    for (const pos of this.#cache.keys()) if (Math.abs(pos - around) > MAX_CACHED / 2 && pos !== this.pos) this.#cache.delete(pos);
  }

  onScroll(event: Event): void {
    const target = event.currentTarget as HTMLElement;
    this.scrollTop = target.scrollTop;
    this.viewport = Math.max(this.rowHeight, target.clientHeight - this.rowHeight);
    this.host.requestUpdate();
  }

  /** Makes a cell the active one (a click, or focus arriving on it). */
  select(pos: number, col: number, extend = false): void {
    if (this.pos === pos && this.col === col) return;
    this.selection.moveTo(pos, col, extend);
    this.pos = pos;
    this.col = col;
    this.host.activeChanged();
    this.host.requestUpdate();
  }

  /** A click: the cell becomes active and takes focus (a programmatic click does not move focus). */
  activate(pos: number, col: number, extend = false): void {
    if (!extend && this.selection.isBlock) this.selection.collapse(this.pos, this.col);
    this.select(pos, col, extend);
    this.focusSoon();
  }

  startEdit(text: string): void {
    if (!this.activeRow) return;
    this.editing = { pos: this.pos, col: this.col, text, original: text };
    this.#focusAfterRender = true;
    this.host.requestUpdate();
  }

  /** Ends editing; commits unless cancelled. */
  endEdit(commit: boolean): void {
    const editing = this.editing;
    if (!editing) return;
    this.editing = null;
    this.#focusAfterRender = true;
    const row = this.rowAt(editing.pos);
    if (commit && row && editing.text !== editing.original) this.host.commitEdit(row, editing.col, editing.text, editing.original);
    this.host.requestUpdate();
  }

  /** Grid keys (the ARIA grid pattern); edit keys are handled by the input. */
  onKeydown(event: KeyboardEvent, scroller: HTMLElement, textOf: (row: GridRow, col: number) => string): void {
    if (this.editing || this.size === 0) return;
    if (this.shortcuts?.(event)) return;
    let { pos, col } = this;
    const page = Math.max(1, this.visibleCount - 1);
    // Right to left (`dir="rtl"` here or on an ancestor), the next column is to the left.
    const next = event.key === 'ArrowLeft' || event.key === 'ArrowRight' ? (getComputedStyle(scroller).direction === 'rtl' ? -1 : 1) : 1;
    switch (event.key) {
      case 'ArrowDown':
        pos += 1;
        break;
      case 'ArrowUp':
        pos -= 1;
        break;
      case 'ArrowRight':
        col += next;
        break;
      case 'ArrowLeft':
        col -= next;
        break;
      case 'PageDown':
        pos += page;
        break;
      case 'PageUp':
        pos -= page;
        break;
      case 'Home':
        if (event.ctrlKey || event.metaKey) pos = 0;
        col = 0;
        break;
      case 'End':
        if (event.ctrlKey || event.metaKey) pos = this.size - 1;
        col = this.columns - 1;
        break;
      case 'Enter':
      case 'F2': {
        event.preventDefault();
        const row = this.activeRow;
        if (row) this.startEdit(textOf(row, this.col));
        return;
      }
      default:
        return;
    }
    event.preventDefault();
    pos = Math.max(0, Math.min(this.size - 1, pos));
    col = Math.max(0, Math.min(this.columns - 1, col));
    if (!event.shiftKey && this.selection.isBlock) this.selection.collapse(this.pos, this.col);
    this.select(pos, col, event.shiftKey);
    this.#scrollIntoView(scroller);
    this.#focusAfterRender = true;
    this.host.requestUpdate();
  }

  #scrollIntoView(scroller: HTMLElement): void {
    const first = this.#first;
    const inView = this.#rowsInView;
    if (this.pos >= first && this.pos + 1 <= first + inView) return;
    const wantFirst = Math.max(0, this.pos < first ? this.pos : this.pos + 1 - inView);
    const top = this.#scaled
      ? (wantFirst / Math.max(1, this.size - inView)) * Math.max(1, this.bodyHeight - this.viewport)
      : wantFirst * this.rowHeight;
    scroller.scrollTop = Math.max(0, top);
    this.scrollTop = scroller.scrollTop;
  }

  /** Focus the active cell after the next render (after a click, or when the grid appears). */
  focusSoon(): void {
    this.#focusAfterRender = true;
    this.host.requestUpdate();
  }
}
