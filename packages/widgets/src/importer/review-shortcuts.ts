import type { ReactiveController } from 'lit';
import { cellText } from './grid/grid-view.js';
import { parseTsv, tsvField } from './tsv.js';
import { commandOf, writeClipboard } from './editing-keys.js';
import { connectEngine } from './engine-bridge.js';
import { type ImporterCore, setState } from './importer-core.js';
import { change, openColumnMenu } from './review-changes.js';
import type { Actions } from './steps/context.js';

/**
 * The review grid's editing shortcuts (editing-keys.ts) and the clipboard: undo, redo, copy,
 * paste, fill down, remove rows and the column menu, tried before the grid's own keys. Pasting
 * into a grid cell (not editable) fires at the document, so the controller listens there while
 * the element is on the page.
 * @internal
 */
export class ReviewShortcuts implements ReactiveController {
  readonly #core: ImporterCore;
  readonly #actions: Actions;
  /** When Ctrl+V was pressed in the grid: the paste event should follow (see #onPaste). */
  #pasteExpected = 0;

  constructor(core: ImporterCore, actions: Actions) {
    this.#core = core;
    this.#actions = actions;
    core.host.addController(this);
    core.grid.shortcuts = (event) => this.#shortcut(event);
  }

  hostConnected(): void {
    document.addEventListener('paste', this.#onPaste);
  }

  hostDisconnected(): void {
    document.removeEventListener('paste', this.#onPaste);
  }

  /** True when the key was one of the shortcuts. */
  #shortcut(event: KeyboardEvent): boolean {
    const core = this.#core;
    const command = commandOf(event);
    if (command === null || core.host.phase !== 'review') return false;
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
    const grid = core.grid;
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
        if (range.start !== range.end) void change(core, 'fillDown', range);
        break;
      }
      case 'remove-rows':
        this.#actions.removeSelectedRows();
        break;
      case 'column-menu':
        openColumnMenu(core, grid.col);
        break;
    }
    return true;
  }

  /** Copies the selected cells as spreadsheets paste them: from the rows in view, else from the engine. */
  async #copy(): Promise<void> {
    const t = this.#core.text();
    const grid = this.#core.grid;
    const range = grid.selection.range;
    const lines: string[] = [];
    for (let pos = range.start; pos <= range.end; pos++) {
      const row = grid.rowAt(pos);
      if (!row) break;
      const cells: string[] = [];
      for (let col = range.fromCol; col <= range.toCol; col++) cells.push(tsvField(cellText(row, col, t)));
      lines.push(cells.join('\t'));
    }
    const text = lines.length === range.end - range.start + 1 ? lines.join('\n') : await (await connectEngine(this.#core)).call('copy', range).promise;
    if (await writeClipboard(text)) setState(this.#core, { announcement: t.announceCopied(grid.selection.cells) });
  }

  readonly #onPaste = (event: ClipboardEvent): void => {
    if (this.#core.host.phase !== 'review' || !this.#gridFocused()) return;
    const text = event.clipboardData?.getData('text/plain') ?? '';
    event.preventDefault();
    this.#pasteExpected = 0;
    this.#paste(text);
  };

  #paste(text: string): void {
    const cells = parseTsv(text);
    if (cells.length === 0) return;
    const range = this.#core.grid.selection.range;
    void change(this.#core, 'paste', { range, cells });
  }

  /** Whether a grid cell (not its editor) has focus. */
  #gridFocused(): boolean {
    const active = this.#core.host.shadowRoot?.activeElement;
    return active instanceof HTMLElement && active.getAttribute('role') === 'gridcell';
  }
}
