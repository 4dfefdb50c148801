import type { CellRange } from '../engine/protocol.js';

/**
 * A block of selected cells in the review grid (docs/importer.md): from an anchor to the active
 * cell, by view positions. Shift with a click or an arrow key moves the active cell and keeps the
 * anchor; anything else moves both. The grid draws and announces only the cells in view.
 * @internal
 */
export class CellSelection {
  anchorPos = 0;
  anchorCol = 0;
  activePos = 0;
  activeCol = 0;

  /** The active cell moved: the block follows, from the anchor when `extend`, else it is that one cell. */
  moveTo(pos: number, col: number, extend: boolean): void {
    this.activePos = pos;
    this.activeCol = col;
    if (!extend) {
      this.anchorPos = pos;
      this.anchorCol = col;
    }
  }

  /** Back to one cell (a new view, or after the rows were removed). */
  collapse(pos: number, col: number): void {
    this.moveTo(pos, col, false);
  }

  get range(): CellRange {
    return {
      start: Math.min(this.anchorPos, this.activePos),
      end: Math.max(this.anchorPos, this.activePos),
      fromCol: Math.min(this.anchorCol, this.activeCol),
      toCol: Math.max(this.anchorCol, this.activeCol),
    };
  }

  get rows(): number {
    return Math.abs(this.anchorPos - this.activePos) + 1;
  }

  get cells(): number {
    return this.rows * (Math.abs(this.anchorCol - this.activeCol) + 1);
  }

  /** Whether more than one cell is selected. */
  get isBlock(): boolean {
    return this.anchorPos !== this.activePos || this.anchorCol !== this.activeCol;
  }

  has(pos: number, col: number): boolean {
    const { start, end, fromCol, toCol } = this.range;
    return pos >= start && pos <= end && col >= fromCol && col <= toCol;
  }
}
