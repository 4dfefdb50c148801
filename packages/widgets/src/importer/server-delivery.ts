import { LIMITS, UPLOAD_ROWS_PER_CHUNK, type UploadRowsBody } from '@inlay/core';
import type { ImportedRow } from '../events.js';
import { isInlayError, type ImporterClient } from '@inlay/client';
import { html, nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { ImporterStrings } from './importer.strings.js';

/**
 * `delivery: "server"` (docs/importer.md#server-delivery): the rows are uploaded to the session in
 * chunks before it completes. The chunks are fixed once, so chunk N is always the same rows; each
 * attempt first asks the server which chunks it has and sends only the others, so a dropped
 * connection resumes where it stopped and never sends a stored chunk again. The client passed in
 * must not retry on its own (a chunk whose answer was lost would be sent again blindly): this
 * class retries a few times with a growing pause, then shows the failure and a Try again button;
 * nothing of the user's work is lost.
 */

/** Automatic attempts after a transient failure before the user is asked, and the first pause. */
const AUTO_RETRIES = 3;
const FIRST_PAUSE_MS = 500;

/** JSON bytes per chunk: well under the route's body limit, leaving room for the envelope. */
export const CHUNK_BYTES = Math.floor(LIMITS.importChunkBytes * 0.75);

type Row = ImportedRow;

/** Rows cut into chunks of at most `maxRows` rows and `maxBytes` bytes of JSON. @internal */
export function chunkRows(rows: readonly Row[], maxRows = UPLOAD_ROWS_PER_CHUNK, maxBytes = CHUNK_BYTES): Row[][] {
  const chunks: Row[][] = [];
  let current: Row[] = [];
  let bytes = 2;
  for (const row of rows) {
    const size = utf8Length(JSON.stringify(row)) + 1;
    if (current.length > 0 && (current.length >= maxRows || bytes + size > maxBytes)) {
      chunks.push(current);
      current = [];
      bytes = 2;
    }
    current.push(row);
    bytes += size;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/** UTF-8 bytes of a string: 1 per ASCII unit, 2 below U+0800, 3 above, 4 per surrogate pair. */
function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    // A surrogate half counts 2: its pair makes the 4 bytes of one astral character.
    bytes += code < 0x800 || (code >= 0xd800 && code <= 0xdfff) ? 1 : 2;
  }
  return bytes;
}

/** Whether trying again later may succeed: the connection, a timeout, a 408, 429 or 5xx. */
function transient(error: unknown): boolean {
  if (!isInlayError(error)) return false;
  // Status 0: no answer (the connection failed or timed out).
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

/** The upload of one session's rows, with its progress and failure shown by the element. */
export class ServerDelivery implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #client: ImporterClient;
  readonly #sessionId: string;
  readonly #chunks: Row[][];
  readonly #total: number;
  #sent = 0;
  #failed = false;
  #retry: (() => void) | undefined;

  constructor(host: ReactiveControllerHost, client: ImporterClient, sessionId: string, rows: readonly Row[], chunkSize?: number) {
    this.#host = host;
    this.#client = client;
    this.#sessionId = sessionId;
    this.#chunks = chunkRows(rows, chunkSize !== undefined && chunkSize > 0 ? Math.min(chunkSize, UPLOAD_ROWS_PER_CHUNK) : UPLOAD_ROWS_PER_CHUNK);
    this.#total = rows.length;
    host.addController(this);
  }

  hostConnected(): void {}

  /**
   * Uploads every chunk the server does not have yet. Resolves once all are stored; a transient
   * failure waits for the user's Try again (and `onFailure` reports it) and then resumes; any
   * other failure (an expired session, a refused chunk) rejects.
   */
  async deliver(onFailure: (error: unknown) => void): Promise<void> {
    let failures = 0;
    for (;;) {
      try {
        await this.#attempt();
        this.#failed = false;
        this.#host.requestUpdate();
        return;
      } catch (error) {
        if (!transient(error)) throw error;
        if (failures < AUTO_RETRIES) {
          await new Promise((resolve) => setTimeout(resolve, FIRST_PAUSE_MS * 2 ** failures));
          failures += 1;
          continue;
        }
        failures = 0;
        this.#failed = true;
        this.#host.requestUpdate();
        onFailure(error);
        await new Promise<void>((resolve) => (this.#retry = resolve));
        this.#failed = false;
        this.#host.requestUpdate();
      }
    }
  }

  async #attempt(): Promise<void> {
    const stored = new Set((await this.#client.uploadStatus(this.#sessionId)).chunks);
    this.#sent = this.#chunks.reduce((sum, rows, chunk) => sum + (stored.has(chunk) ? rows.length : 0), 0);
    this.#host.requestUpdate();
    for (const [chunk, rows] of this.#chunks.entries()) {
      if (stored.has(chunk)) continue;
      // A row's `extra` is the unmapped cells (header to text) only with `unmappedColumns: "keep"`,
      // where the config refuses a field keyed `extra`: the upload's row shape.
      await this.#client.uploadRows(this.#sessionId, { chunk, rows: rows as UploadRowsBody['rows'] });
      this.#sent += rows.length;
      this.#host.requestUpdate();
    }
  }

  /** Chunks the upload is cut in (for tests and the progress text). */
  get chunkCount(): number {
    return this.#chunks.length;
  }

  render(t: ImporterStrings): TemplateResult {
    const percent = this.#total === 0 ? 100 : Math.round((this.#sent / this.#total) * 100);
    return html`<div class="validating delivery" part="delivery">
      <p>${t.sendingRows(this.#sent, this.#total)}</p>
      <div class="track" part="progress" role="progressbar" aria-label=${t.sendingRows(this.#sent, this.#total)} aria-valuemin="0" aria-valuemax="100" aria-valuenow=${percent}>
        <div class="fill" .style=${`--_value:${percent / 100}`}></div>
      </div>
      ${this.#failed
        ? html`<p class="problem" part="error" role="alert">${t.sendFailed}</p>
            <button class="button primary" part="button primary retry-button" @click=${() => this.#retry?.()}>${t.tryAgain}</button>`
        : nothing}
    </div>`;
  }
}
