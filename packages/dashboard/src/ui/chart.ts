import { html, svg, type TemplateResult } from 'lit';

export interface Point {
  label: string;
  value: number;
}

const WIDTH = 600;
const HEIGHT = 160;
const PAD = { top: 10, right: 8, bottom: 22, left: 36 };

/**
 * A bar chart of daily values as SVG (presentation attributes only: the dashboard's CSP refuses
 * `style` attributes), with the same numbers as a table for screen readers and for reading
 * exact values. The SVG is an image named by its caption; the table is the text alternative.
 */
export function barChart(id: string, caption: string, points: readonly Point[]): TemplateResult {
  const max = Math.max(1, ...points.map((point) => point.value));
  const innerWidth = WIDTH - PAD.left - PAD.right;
  const innerHeight = HEIGHT - PAD.top - PAD.bottom;
  const step = innerWidth / Math.max(1, points.length);
  const total = points.reduce((sum, point) => sum + point.value, 0);
  const y = (value: number): number => PAD.top + innerHeight - (value / max) * innerHeight;
  const first = points[0]?.label ?? '';
  const last = points[points.length - 1]?.label ?? '';
  return html`
    <figure class="chart">
      <figcaption id="${id}-caption">${caption}: ${total.toLocaleString()} in total</figcaption>
      <svg viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-labelledby="${id}-caption" preserveAspectRatio="none">
        ${svg`
          <line x1=${PAD.left} y1=${y(0)} x2=${WIDTH - PAD.right} y2=${y(0)} class="axis" />
          <line x1=${PAD.left} y1=${y(max)} x2=${WIDTH - PAD.right} y2=${y(max)} class="grid" />
          <text x=${PAD.left - 4} y=${y(max) + 4} text-anchor="end" class="tick">${max}</text>
          <text x=${PAD.left - 4} y=${y(0) + 4} text-anchor="end" class="tick">0</text>
          ${points.map(
            (point, i) => svg`<rect x=${PAD.left + i * step + step * 0.15} y=${y(point.value)} width=${Math.max(1, step * 0.7)} height=${Math.max(0, y(0) - y(point.value))} class="bar"><title>${point.label}: ${point.value}</title></rect>`,
          )}
          <text x=${PAD.left} y=${HEIGHT - 6} class="tick">${first}</text>
          <text x=${WIDTH - PAD.right} y=${HEIGHT - 6} text-anchor="end" class="tick">${last}</text>
        `}
      </svg>
      <details>
        <summary>Show as a table</summary>
        <div class="table-wrap">
          <table>
            <caption class="visually-hidden">${caption} per day</caption>
            <thead><tr><th scope="col">Day</th><th scope="col">Count</th></tr></thead>
            <tbody>${points.map((point) => html`<tr><td>${point.label}</td><td>${point.value.toLocaleString()}</td></tr>`)}</tbody>
          </table>
        </div>
      </details>
    </figure>
  `;
}
