import { IMPRECISE, NESTED } from '@inlay/core';
import { JsonFileError } from './json-items.js';

/**
 * JSON items as rows of text cells (docs/importer.md, "JSON and NDJSON files"): each item is an
 * object whose keys are columns; a nested object's keys become dotted columns (`address.city`),
 * a list of plain values one cell joined with `, `. What a cell cannot hold — a list of objects
 * or lists, a number too long to read exactly — is kept with core's mark, refused per cell.
 * Columns are the keys of the first {@link HEADER_ITEMS} items, in the order they first appear.
 * @internal
 */

/** Items read before the columns are settled and the header row is given. */
export const HEADER_ITEMS = 10_000;

export class JsonColumns {
  readonly names: string[] = [];
  readonly #index = new Map<string, number>();
  #settled = false;
  /** Keys first seen after the columns were settled: not read. */
  lateKeys = 0;

  /** Stops adding columns: keys first seen from now on are counted in {@link lateKeys}. */
  settle(): void {
    this.#settled = true;
  }

  get settled(): boolean {
    return this.#settled;
  }

  /** The cells of `item` (the `number`th of the file), by column; columns it lacks are `''`. */
  cells(item: unknown, number: number): string[] {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) throw new JsonFileError(`Item ${number} of the file is not an object.`);
    const cells: string[] = [];
    this.#flatten(item as Record<string, unknown>, '', cells);
    for (let i = 0; i < cells.length; i++) if (cells[i] === undefined) cells[i] = '';
    return cells;
  }

  /** Pads `cells` to every column (for rows read before later columns appeared). */
  pad(cells: string[]): string[] {
    while (cells.length < this.names.length) cells.push('');
    return cells;
  }

  #flatten(object: Record<string, unknown>, prefix: string, cells: string[]): void {
    for (const key of Object.keys(object)) {
      const value = object[key];
      const name = prefix === '' ? key : `${prefix}.${key}`;
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
        this.#flatten(value as Record<string, unknown>, name, cells);
        continue;
      }
      const column = this.#column(name);
      if (column >= 0) cells[column] = cellText(value);
    }
  }

  #column(name: string): number {
    const found = this.#index.get(name);
    if (found !== undefined) return found;
    if (this.#settled) {
      this.lateKeys += 1;
      return -1;
    }
    this.#index.set(name, this.names.length);
    this.names.push(name);
    return this.names.length - 1;
  }
}

/** A value that is not an object as one cell's text. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isInteger(value) && !Number.isSafeInteger(value) ? IMPRECISE + String(value) : String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) {
    if (value.every((element) => element === null || typeof element !== 'object')) return value.map(cellText).join(', ');
    return NESTED + JSON.stringify(value);
  }
  return String(value);
}
