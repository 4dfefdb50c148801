/**
 * Keeps a cell's problem tooltip inside what the grid shows of it, when the cell is hovered or
 * focused: the tooltip starts at the cell's inline-start edge and would otherwise be cut off by
 * the grid's edge (a column at the right edge of a phone's grid). It moves sideways by as much as
 * it passes either edge of the grid's visible area — so right to left too — never past the other,
 * is no wider than that area, and goes above the cell when there is no room below but there is
 * above (under the sticky header row). Does nothing for a cell without a tooltip.
 * @internal
 */
export function placeTip(cell: HTMLElement): void {
  const tip = cell.querySelector<HTMLElement>('.tip');
  const grid = cell.closest<HTMLElement>('.grid');
  if (!tip || !grid) return;
  tip.style.translate = '';
  tip.style.maxWidth = '';
  tip.classList.remove('above');
  const frame = grid.getBoundingClientRect();
  // The visible area: inside the borders, without the scrollbars (`clientLeft` counts a scrollbar on the left, right to left).
  const left = frame.left + grid.clientLeft;
  const right = left + grid.clientWidth;
  if (tip.getBoundingClientRect().width > grid.clientWidth) tip.style.maxWidth = `${grid.clientWidth}px`;
  const box = tip.getBoundingClientRect();
  const shift = Math.max(left - box.left, Math.min(0, right - box.right));
  if (shift !== 0) tip.style.translate = `${shift}px 0`;
  const bottom = frame.top + grid.clientTop + grid.clientHeight;
  const headerBottom = grid.querySelector('.head')?.getBoundingClientRect().bottom ?? frame.top;
  if (box.bottom > bottom && cell.getBoundingClientRect().top - box.height >= headerBottom) tip.classList.add('above');
}
