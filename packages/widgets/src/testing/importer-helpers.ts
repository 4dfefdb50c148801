// Helpers for the importer's browser tests (web-test-runner). Not part of the build.
import { fixture, html, waitUntil } from '@open-wc/testing';
import type { InlayImporter } from '../importer/importer.js';
import type { ImporterStrings } from '../importer/importer.strings.js';
import '../importer/define.js';

/** The importer service of the test server (web-test-runner.config.mjs, test/importers.mjs). */
export interface ImporterEnv {
  baseUrl: string;
  publishableKey: string;
  importers: Record<'contacts' | 'simple' | 'server' | 'issues' | 'logs' | 'keptPage' | 'keptServer' | 'unpublished', string>;
}

let cached: ImporterEnv | undefined;
export async function importerEnv(): Promise<ImporterEnv> {
  cached ??= ((await (await fetch('/__inlay/env.json')).json()) as { importer: ImporterEnv }).importer;
  return cached;
}

/** The engine module from source; the dev server compiles it for the worker as for the page. */
export const WORKER_URL = new URL('../importer/engine/worker.ts', import.meta.url).href;

export interface ImporterMountOptions {
  importerId?: string;
  workerUrl?: string;
  strings?: Partial<ImporterStrings>;
  metadata?: Record<string, string>;
  uploadChunkRows?: number;
}

/** Renders `<inlay-importer>` after a focusable button and waits for its first step. */
export async function mountImporter(options: ImporterMountOptions = {}): Promise<InlayImporter> {
  const env = await importerEnv();
  const wrapper = await fixture<HTMLDivElement>(html`<div>
    <button id="before">before</button>
    <inlay-importer
      importer-id=${options.importerId ?? env.importers.contacts}
      publishable-key=${env.publishableKey}
      base-url=${env.baseUrl}
      worker-url=${options.workerUrl ?? WORKER_URL}
      .strings=${options.strings ?? {}}
      .metadata=${options.metadata ?? {}}
      .uploadChunkRows=${options.uploadChunkRows}
    ></inlay-importer>
  </div>`);
  const element = wrapper.querySelector('inlay-importer') as InlayImporter;
  await waitUntil(() => !element.shadowRoot?.querySelector('[aria-busy="true"]'), 'the importer kept loading', { timeout: 8000 });
  await element.updateComplete;
  return element;
}

export function part<T extends Element = HTMLElement>(element: Element, name: string): T | null {
  return element.shadowRoot?.querySelector<T>(`[part~="${name}"]`) ?? null;
}

export function parts<T extends Element = HTMLElement>(element: Element, name: string): T[] {
  return [...(element.shadowRoot?.querySelectorAll<T>(`[part~="${name}"]`) ?? [])];
}

export function $<T extends Element = HTMLElement>(element: Element, selector: string): T {
  const found = element.shadowRoot?.querySelector<T>(selector);
  if (!found) throw new Error(`nothing matches ${selector}`);
  return found;
}

/** Waits until `selector` matches in the element's shadow root. */
export async function waitFor<T extends Element = HTMLElement>(element: Element, selector: string, message = `waited for ${selector}`): Promise<T> {
  await waitUntil(() => element.shadowRoot?.querySelector(selector), message, { timeout: 10_000 });
  return element.shadowRoot?.querySelector<T>(selector) as T;
}

/** Chooses a file on the file input, as the browser does when the user picks one. */
export async function chooseFile(element: InlayImporter, file: File): Promise<void> {
  selectFile(element, file);
  await waitFor(element, '.step.setup', 'the file was not read');
}

/** Puts `file` in the file input as a user's choice does, without waiting for what follows (a refusal, say). */
export function selectFile(element: InlayImporter, file: File): void {
  const input = $<HTMLInputElement>(element, 'input[type="file"]');
  const transfer = new DataTransfer();
  transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Pastes rows into the textarea and reads them. */
export async function pasteRows(element: InlayImporter, text: string): Promise<void> {
  const textarea = $<HTMLTextAreaElement>(element, 'textarea');
  textarea.value = text;
  $<HTMLButtonElement>(element, '[part~="paste-button"]').click();
  await waitFor(element, '.step.setup', 'the pasted rows were not read');
}

/** From the setup step: continue to mapping, then (with the proposed mapping) to the review grid. */
export async function continueToReview(element: InlayImporter): Promise<void> {
  if (element.shadowRoot?.querySelector('.step.setup')) {
    $<HTMLButtonElement>(element, '.step.setup [part~="primary"]').click();
    await waitFor(element, '.step.mapping');
  }
  $<HTMLButtonElement>(element, '.step.mapping [part~="primary"]').click();
  await waitFor(element, '.step.review', 'the rows were not checked');
  await waitUntil(() => element.shadowRoot?.querySelector('[role="row"][aria-rowindex="2"]:not(.pending)'), 'the grid showed no rows', { timeout: 8000 });
}

/** The grid's cells as text, row by row (rendered rows only), without the row number. */
export function gridText(element: InlayImporter): string[][] {
  const rows = [...(element.shadowRoot?.querySelectorAll('.body [role="row"]') ?? [])].sort(
    (a, b) => Number(a.getAttribute('aria-rowindex')) - Number(b.getAttribute('aria-rowindex')),
  );
  return rows.map((row) => [...row.querySelectorAll('[role="gridcell"] .text')].map((cell) => cell.textContent ?? ''));
}

/**
 * The grid column showing the field labelled `label`: fields no file column fills come after the
 * others (docs/importer.md, "Column order"), so a field's place depends on the file.
 */
export function columnOf(element: InlayImporter, label: string): number {
  const labels = [...(element.shadowRoot?.querySelectorAll('.head .colhead .label') ?? [])].map((node) => node.textContent);
  const col = labels.indexOf(label);
  if (col < 0) throw new Error(`no column ${label} in ${labels.join(', ')}`);
  return col;
}

/** The cell at view position `pos` and column `col`. */
export function cell(element: InlayImporter, pos: number, col: number): HTMLElement {
  return $(element, `[role="gridcell"][data-pos="${pos}"][data-col="${col}"]`);
}

/** The recent import sessions, as the server has them (usage route, read by the test plugin). */
export async function importSessions(): Promise<{ id: string; status: string; rowCount: number | null; errorCount: number | null }[]> {
  return (await (await fetch('/__inlay/import-sessions')).json()) as { id: string; status: string; rowCount: number | null; errorCount: number | null }[];
}

/** A fixture file of test/fixtures/ as the user would choose it, named `name`. */
export async function fixtureFile(path: string, name: string): Promise<File> {
  const response = await fetch(new URL(`../../test/fixtures/${path}`, import.meta.url));
  if (!response.ok) throw new Error(`no fixture ${path}`);
  return new File([await response.blob()], name);
}

/** The file columns of the mapping step, by the labels of their field selects. */
export function mappingColumns(element: InlayImporter): string[] {
  return parts<HTMLSelectElement>(element, 'field-select').map((select) => /“(.*)”/.exec(select.getAttribute('aria-label') ?? '')?.[1] ?? '');
}

/** The live region's text. */
export function announced(element: InlayImporter): string {
  return element.shadowRoot?.querySelector('[role="status"]')?.textContent?.trim() ?? '';
}
