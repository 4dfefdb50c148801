import { css } from 'lit';

/**
 * Shared look of every dashboard element. Lit adopts these as constructable style sheets, which
 * the dashboard's Content-Security-Policy (`style-src 'self'`, docs/dashboard-api.md) allows
 * where a `<style>` element or a `style` attribute would be refused.
 */
export const baseStyles = css`
  :host {
    --bg: #f7f7f9;
    --surface: #ffffff;
    --text: #16181d;
    --muted: #4b5262;
    --border: #d5d8de;
    --accent: #4338ca;
    --accent-text: #ffffff;
    --danger: #b91c1c;
    --ok: #166534;
    --focus: #2563eb;
    --chart: #4f46e5;
    --code-bg: #eef0f4;
    color: var(--text);
    font: 15px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
    display: block;
  }
  @media (prefers-color-scheme: dark) {
    :host {
      --bg: #111318;
      --surface: #1b1e25;
      --text: #eceef2;
      --muted: #b3b9c6;
      --border: #3a3f4b;
      --accent: #a5b4fc;
      --accent-text: #111318;
      --danger: #fca5a5;
      --ok: #86efac;
      --focus: #93c5fd;
      --chart: #a5b4fc;
      --code-bg: #262a33;
    }
  }
  *, *::before, *::after { box-sizing: border-box; }
  h1 { font-size: 1.5rem; margin: 0 0 1rem; line-height: 1.25; }
  /* A name without spaces (a long snake_case flow name) wraps instead of widening the page. */
  h1, h2, h3, legend { overflow-wrap: anywhere; }
  h2 { font-size: 1.15rem; margin: 1.5rem 0 0.5rem; }
  h3 { font-size: 1rem; margin: 1rem 0 0.5rem; }
  p { margin: 0.5rem 0; }
  /* Headings focused by script when a page opens (not by the user) show no ring. */
  [tabindex='-1']:focus { outline: none; }
  .card > h2:first-child, .card > h3:first-child { margin-top: 0; }
  a { color: var(--accent); }
  .muted { color: var(--muted); }
  .card {
    background: var(--surface);
    border: 1px solid var(--border);
    border-radius: 8px;
    padding: 1rem;
    margin: 0 0 1rem;
  }
  button, .button {
    font: inherit;
    border: 1px solid var(--border);
    background: var(--surface);
    color: var(--text);
    border-radius: 6px;
    padding: 0.35rem 0.8rem;
    cursor: pointer;
    text-decoration: none;
    display: inline-block;
    min-height: 2.25rem;
  }
  button.primary, .button.primary { background: var(--accent); color: var(--accent-text); border-color: var(--accent); }
  button.danger { color: var(--danger); border-color: var(--danger); }
  button:disabled { opacity: 0.55; cursor: not-allowed; }
  :focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
  input, select, textarea {
    font: inherit;
    color: var(--text);
    background: var(--surface);
    border: 1px solid var(--muted);
    border-radius: 6px;
    padding: 0.35rem 0.5rem;
    min-height: 2.25rem;
    max-width: 100%;
  }
  textarea { width: 100%; min-height: 4rem; }
  input[type='url'], input[type='email'], input[type='search'] { width: min(30rem, 100%); }
  label { display: inline-flex; flex-direction: column; gap: 0.2rem; font-weight: 500; }
  label.inline { flex-direction: row; align-items: center; gap: 0.4rem; font-weight: 400; }
  fieldset { border: 1px solid var(--border); border-radius: 8px; margin: 0 0 1rem; padding: 0.75rem 1rem; min-width: 0; }
  legend { font-weight: 600; padding: 0 0.3rem; }
  .row { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: flex-end; }
  /* A select as wide as its longest option would otherwise widen its row past a phone's screen. */
  .row > * { min-width: 0; max-width: 100%; }
  .stack > * + * { margin-top: 0.75rem; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: 0.4rem 0.5rem; border-bottom: 1px solid var(--border); vertical-align: top; }
  th { font-weight: 600; }
  .table-wrap { overflow-x: auto; }
  code, .secret { font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace; font-size: 0.9em; background: var(--code-bg); padding: 0.1rem 0.3rem; border-radius: 4px; overflow-wrap: anywhere; }
  td code { white-space: nowrap; overflow-wrap: normal; }
  .error { color: var(--danger); }
  .ok { color: var(--ok); }
  .badge { display: inline-block; border: 1px solid var(--border); border-radius: 999px; padding: 0 0.5rem; font-size: 0.85em; }
  .visually-hidden {
    position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden;
    clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0;
  }
  ul.plain { list-style: none; padding: 0; margin: 0; }
`;
