/**
 * Host hooks over imported rows (docs/importer.md, "Hooks"): `transformRow` changes values and
 * `validateRow` adds messages of the host's own, each called with batches of rows, sync or async.
 * One signature for the widget (`<inlay-importer>` properties, run on the page's main thread over
 * batches its worker sends) and `@inlay/node`'s `validateRowsWithHooks`.
 */
import type { ImportValue, NumberFormat } from './types.js';
import type { TableValidator } from './table-validator.js';

/** One row handed to a hook: its index (0-based, in file order) and its values by field key. */
export interface HookRow {
  row: number;
  /** Values as validated: `null` for an empty or invalid cell. */
  values: Readonly<Record<string, ImportValue>>;
}

/** A message for one cell, shown to the end user as an error with code `custom`. */
export interface HookCellMessage {
  row: number;
  field: string;
  message: string;
}

/** New values for some cells of one row (only the cells that change); they are validated again. */
export interface HookRowChange {
  row: number;
  values: Readonly<Record<string, ImportValue>>;
}

/**
 * Checks a batch of rows and answers messages for the cells it refuses (none for a valid batch).
 *
 * @example
 * importer.validateRow = async (rows) => {
 *   const taken = await api.existingEmails(rows.map((r) => r.values.email));
 *   return rows.filter((r) => taken.has(r.values.email)).map((r) => ({ row: r.row, field: 'email', message: 'Already a member' }));
 * };
 */
export type ValidateRowHook = (rows: readonly HookRow[]) => readonly HookCellMessage[] | Promise<readonly HookCellMessage[]>;

/**
 * Changes values of a batch of rows before they are checked: answers the changed cells only.
 *
 * @example
 * importer.transformRow = (rows) => rows.map((r) => ({ row: r.row, values: { country: String(r.values.country ?? '').toUpperCase() } }));
 */
export type TransformRowHook = (rows: readonly HookRow[]) => readonly HookRowChange[] | Promise<readonly HookRowChange[]>;

export interface RowHooks {
  transformRow?: TransformRowHook | undefined;
  validateRow?: ValidateRowHook | undefined;
  /** Rows per call; default {@link HOOK_BATCH_SIZE}. */
  batchSize?: number | undefined;
}

/** Rows per hook call unless set. */
export const HOOK_BATCH_SIZE = 500;

/**
 * Where hooks read and write rows: a {@link TableValidator} in the same thread, or the widget's
 * engine across `postMessage`.
 * @internal
 */
export interface HookTarget {
  readonly rowCount: number;
  /** The rows `start` to `start + count - 1` that are not excluded. */
  batch(start: number, count: number): readonly HookRow[] | Promise<readonly HookRow[]>;
  /** Sets the changed cells (validated again). */
  transform(changes: readonly HookRowChange[]): void | Promise<void>;
  /** Sets the messages of a batch, taking away earlier hook messages of its rows. */
  validate(rows: readonly number[], messages: readonly HookCellMessage[]): void | Promise<void>;
}

/**
 * Runs `transformRow` over every batch and then `validateRow` over every batch, so the messages
 * are about the transformed values. A hook's answer about a row outside its batch or a field the
 * config does not have is a programming error and throws.
 * @internal
 */
export async function runRowHooks(target: HookTarget, hooks: RowHooks, fieldKeys: readonly string[]): Promise<void> {
  const size = hooks.batchSize ?? HOOK_BATCH_SIZE;
  if (!Number.isInteger(size) || size < 1) throw new RangeError('Inlay: batchSize must be a whole number of at least 1.');
  const known = new Set(fieldKeys);
  for (const [name, hook] of [
    ['transformRow', hooks.transformRow],
    ['validateRow', hooks.validateRow],
  ] as const) {
    if (hook === undefined) continue;
    for (let start = 0; start < target.rowCount; start += size) {
      const rows = await target.batch(start, Math.min(size, target.rowCount - start));
      if (rows.length === 0) continue;
      const inBatch = new Set(rows.map((row) => row.row));
      const answer = await hook(rows);
      if (!Array.isArray(answer)) throw new TypeError(`Inlay: ${name} must return an array (or a promise of one).`);
      for (const item of answer as readonly (HookRowChange | HookCellMessage)[]) {
        if (!inBatch.has(item.row)) throw new RangeError(`Inlay: ${name} answered for row ${String(item.row)}, which is not in its batch.`);
        for (const field of 'field' in item ? [item.field] : Object.keys(item.values)) {
          if (!known.has(field)) throw new RangeError(`Inlay: ${name} answered for field ${JSON.stringify(field)}, which the importer does not have.`);
        }
      }
      if (name === 'transformRow') await target.transform(answer as readonly HookRowChange[]);
      else await target.validate([...inBatch], answer as readonly HookCellMessage[]);
    }
  }
}

/**
 * A value a hook set, as the cell text the validator reads again: numbers in the table's format,
 * booleans as `true`/`false`, `null` as an empty cell.
 * @internal
 */
export function hookValueText(value: ImportValue, numberFormat: NumberFormat): string {
  if (value === null) return '';
  if (typeof value === 'number') return numberFormat === 'comma' ? String(value).replace('.', ',') : String(value);
  return String(value);
}

/**
 * {@link HookTarget} over a validator in this thread (`@inlay/node`, the server, tests).
 * @internal
 */
export function validatorHookTarget(
  validator: TableValidator,
  fieldKeys: readonly string[],
  numberFormat: NumberFormat,
  excluded: ReadonlySet<number> = new Set(),
): HookTarget {
  return {
    get rowCount() {
      return validator.rowCount;
    },
    batch(start, count) {
      const rows: HookRow[] = [];
      for (let row = start; row < start + count; row++) if (!excluded.has(row)) rows.push({ row, values: validator.record(row) });
      return rows;
    },
    transform(changes) {
      applyHookChanges(validator, changes, numberFormat);
    },
    validate(rows, messages) {
      applyHookMessages(validator, fieldKeys, rows, messages);
    },
  };
}

/**
 * Sets a transform's changed cells, each validated again as the user's edit would be. Returns the
 * rows whose errors changed.
 * @internal
 */
export function applyHookChanges(validator: TableValidator, changes: readonly HookRowChange[], numberFormat: NumberFormat): number[] {
  const changed = new Set<number>();
  for (const change of changes) {
    for (const [field, value] of Object.entries(change.values)) {
      changed.add(change.row);
      for (const row of validator.revalidateCell(change.row, field, hookValueText(value, numberFormat)).changedRows) changed.add(row);
    }
  }
  return [...changed].sort((a, b) => a - b);
}

/**
 * Sets a batch's hook messages, taking away the earlier ones of its rows (a row the hook now
 * accepts loses them). Returns the rows whose errors changed.
 * @internal
 */
export function applyHookMessages(validator: TableValidator, fieldKeys: readonly string[], rows: readonly number[], messages: readonly HookCellMessage[]): number[] {
  const changed = new Set<number>();
  const given = new Set(messages.map((message) => `${message.row}\u0000${message.field}`));
  for (const row of rows) {
    for (const field of fieldKeys) {
      if (given.has(`${row}\u0000${field}`)) continue;
      for (const at of validator.setCustomError(row, field, null)) changed.add(at);
    }
  }
  for (const message of messages) for (const at of validator.setCustomError(message.row, message.field, String(message.message))) changed.add(at);
  return [...changed].sort((a, b) => a - b);
}
