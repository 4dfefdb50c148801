import { html, type TemplateResult } from 'lit';

/** One row of a side-by-side diff: a line on the left, on the right, or the same on both. */
export interface DiffRow {
  kind: 'same' | 'removed' | 'added' | 'changed';
  left?: string;
  right?: string;
}

/** A config as the lines the diff compares: pretty JSON with sorted keys, so order never counts. */
export function linesOf(value: unknown): string[] {
  const sorted = (entry: unknown): unknown => {
    if (Array.isArray(entry)) return entry.map(sorted);
    if (entry && typeof entry === 'object') {
      return Object.fromEntries(Object.keys(entry).sort().map((key) => [key, sorted((entry as Record<string, unknown>)[key])]));
    }
    return entry;
  };
  return JSON.stringify(sorted(value), null, 2).split('\n');
}

/**
 * Line diff by longest common subsequence (configs are at most a few thousand lines), with a
 * removal followed by an addition shown side by side as one changed row.
 */
export function diffLines(left: readonly string[], right: readonly string[]): DiffRow[] {
  const n = left.length;
  const m = right.length;
  const table = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  const at = (i: number, j: number): number => table[i]?.[j] ?? 0;
  for (let i = n - 1; i >= 0; i -= 1) {
    const row = table[i] as Uint32Array;
    for (let j = m - 1; j >= 0; j -= 1) row[j] = left[i] === right[j] ? at(i + 1, j + 1) + 1 : Math.max(at(i + 1, j), at(i, j + 1));
  }
  const rows: DiffRow[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && left[i] === right[j]) {
      rows.push({ kind: 'same', left: left[i], right: right[j] });
      i += 1;
      j += 1;
    } else if (j < m && (i >= n || at(i, j + 1) >= at(i + 1, j))) {
      const previous = rows[rows.length - 1];
      if (previous?.kind === 'removed' && previous.right === undefined) {
        previous.kind = 'changed';
        previous.right = right[j];
      } else rows.push({ kind: 'added', right: right[j] });
      j += 1;
    } else {
      rows.push({ kind: 'removed', left: left[i] });
      i += 1;
    }
  }
  return rows;
}

const MARK: Record<DiffRow['kind'], [string, string]> = {
  same: [' ', ' '],
  removed: ['−', ' '],
  added: [' ', '+'],
  changed: ['−', '+'],
};

/** The diff as a two-column table; changes are marked with − and + as well as colour. */
export function renderDiff(leftTitle: string, rightTitle: string, rows: readonly DiffRow[]): TemplateResult {
  const changes = rows.filter((row) => row.kind !== 'same').length;
  return html`
    <p>${changes === 0 ? 'No differences.' : `${changes} changed ${changes === 1 ? 'line' : 'lines'}.`}</p>
    <div class="table-wrap diff">
      <table>
        <thead><tr><th scope="col">${leftTitle}</th><th scope="col">${rightTitle}</th></tr></thead>
        <tbody>
          ${rows.map(
            (row) => html`<tr class=${row.kind}>
              <td class=${row.left === undefined ? 'empty' : row.kind === 'same' ? '' : 'del'}><pre>${MARK[row.kind][0]} ${row.left ?? ''}</pre></td>
              <td class=${row.right === undefined ? 'empty' : row.kind === 'same' ? '' : 'ins'}><pre>${MARK[row.kind][1]} ${row.right ?? ''}</pre></td>
            </tr>`,
          )}
        </tbody>
      </table>
    </div>
  `;
}
