import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { EXTRA_KEY, isExtraObject, TableValidator, UploadRowsBodySchema, type CellError, type ImporterConfig, type RowCells } from '@inlay/core';
import { z } from 'zod';
import { ApiError } from '../../errors.js';
import type { ChunkKey, UploadedRow } from '../../repositories/importer/upload-chunks.js';
import { fromZodError } from '../../validation.js';
import { cellsOfRow, UPLOAD_FORMATS } from './row-validation.js';

/**
 * Work done between two yields to the event loop. Validating a full 8 MiB chunk takes far longer
 * than this in one go (docs/decisions.md, "Importer uploads"); in slices, `/healthz` and other
 * requests are answered in between.
 */
const SLICE_MS = 8;
/** Rows handled between two looks at the clock. */
const BATCH_ROWS = 64;
/** Errors an upload answers with (row numbers within the chunk). */
const ERRORS_SHOWN = 100;

const ROW_SCHEMA = UploadRowsBodySchema.shape.rows.element;

/** One chunk, validated on its own, with what the database needs to find repeats across chunks. */
export interface ChunkValidation {
  rowCount: number;
  /** Rows with errors, repeats within the chunk included: what the upload answers. */
  invalidRowCount: number;
  errors: CellError[];
  /** Rows with an error of their own (type, required): repeats are counted across chunks at completion. */
  ownInvalidRowCount: number;
  /** Every valid value of a `unique` or `duplicateKey` field, hashed. */
  keys: ChunkKey[];
  /** The rows as stored (a JSON array), and its UTF-8 bytes. */
  json: string;
  bytes: number;
}

/** Yields to the event loop when the current slice has run long enough. */
class Slicer {
  #started = performance.now();
  async pause(): Promise<void> {
    if (performance.now() - this.#started < SLICE_MS) return;
    await nextTurn();
    this.#started = performance.now();
  }
}

/**
 * Validates one chunk of uploaded rows in slices, yielding between them. With `checkShape`, each
 * row is first checked against the upload schema (the route leaves rows to this function so the
 * check is sliced too) and for fields the importer does not have.
 */
export async function validateChunk(config: ImporterConfig, rows: readonly unknown[], options: { checkShape: boolean }): Promise<ChunkValidation> {
  const keys = config.fields.map((field) => field.key);
  const known = new Set(keys);
  const validator = new TableValidator(
    { fields: config.fields, ...(config.duplicateKey !== undefined ? { duplicateKey: config.duplicateKey } : {}) },
    { ...UPLOAD_FORMATS, expectedRows: rows.length },
  );
  const slicer = new Slicer();
  const parts: string[] = [];
  // UTF-8 bytes counted per slice: one `Buffer.byteLength` of 8 MiB took 35 ms in one step.
  let partBytes = 0;
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const batch = rows.slice(start, start + BATCH_ROWS) as UploadedRow[];
    if (options.checkShape) checkRows(batch, start, known, config.unmappedColumns === 'keep');
    const cells: RowCells[] = batch.map((row) => cellsOfRow(keys, row));
    validator.addRows(cells);
    const json = JSON.stringify(batch);
    const part = json.slice(1, -1);
    parts.push(part);
    partBytes += Buffer.byteLength(part);
    await slicer.pause();
  }
  const json = `[${parts.join(',')}]`;
  const review = validator.review();
  const ownInvalid = new Set<number>();
  for (const error of review.errors) if (error.code !== 'duplicate_value' && error.code !== 'duplicate_key') ownInvalid.add(error.row);
  const chunkKeys: ChunkKey[] = [];
  for (const [field, definition] of config.fields.entries()) {
    if (!definition.unique && definition.key !== config.duplicateKey) continue;
    const column = validator.columnAt(field);
    const ignoreCase = definition.type === 'email';
    for (let row = 0; row < rows.length; row++) {
      const value = column.get(row);
      if (value === null) continue;
      chunkKeys.push({ field, hash: hashOfValue(value, ignoreCase), row, ownError: ownInvalid.has(row) ? 1 : 0 });
      if (row % BATCH_ROWS === 0) await slicer.pause();
    }
  }
  return {
    rowCount: review.rowCount,
    invalidRowCount: review.invalidRowCount,
    errors: review.errors.slice(0, ERRORS_SHOWN),
    ownInvalidRowCount: ownInvalid.size,
    keys: chunkKeys,
    json,
    // The parts, the commas between them and the brackets.
    bytes: partBytes + Math.max(0, parts.length - 1) + 2,
  };
}

/**
 * The key the core engine's `unique` index compares a value by (emails without case, -0 as 0),
 * tagged with its type and hashed: 128 bits of SHA-256 keep the table small for long values, with
 * no collision to expect among a session's values.
 */
function hashOfValue(value: string | number | boolean, ignoreCase: boolean): Buffer {
  const text = typeof value === 'string' ? `s${ignoreCase ? value.toLowerCase() : value}` : typeof value === 'number' ? `n${String(value)}` : `b${String(value)}`;
  return createHash('sha256').update(text).digest().subarray(0, 16);
}

function checkRows(batch: readonly unknown[], start: number, known: ReadonlySet<string>, keepsExtra: boolean): void {
  for (const [offset, row] of batch.entries()) {
    const index = start + offset;
    const parsed = ROW_SCHEMA.safeParse(row, { reportInput: true });
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => ({ ...issue, path: ['rows', index, ...issue.path] }));
      throw fromZodError(new z.ZodError(issues), 'body');
    }
    const extra = (parsed.data as Record<string, unknown>)[EXTRA_KEY];
    if (keepsExtra && extra !== undefined && !isExtraObject(extra)) {
      throw new ApiError('parameter_invalid', `rows.${index}.${EXTRA_KEY} must be an object of file headers to cell text (the importer keeps unmapped columns).`, { param: `rows.${index}.${EXTRA_KEY}` });
    }
    if (!keepsExtra && isExtraObject(extra)) {
      throw new ApiError('parameter_invalid', `rows.${index}.${EXTRA_KEY} holds unmapped columns, which this importer does not keep: its config has no unmappedColumns: "keep".`, { param: `rows.${index}.${EXTRA_KEY}` });
    }
    const unknown = Object.keys(parsed.data).find((key) => !known.has(key) && !(keepsExtra && key === EXTRA_KEY));
    if (unknown !== undefined) {
      throw new ApiError('parameter_invalid', `rows.${index} has ${JSON.stringify(unknown)}, which is not a field of this importer.`, { param: `rows.${index}.${unknown}` });
    }
  }
}
