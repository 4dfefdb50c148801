import { type HookTarget, hookValueText, type NumberFormat, type RowHooks, runRowHooks } from '@inlay/core';
import type { ChangeResult, Method, ParamsOf, ResultOf } from './engine/protocol.js';

/*
 * The main thread's side of the host's row hooks (docs/importer.md, "Hooks"): `<inlay-importer>`'s
 * `transformRow` and `validateRow` properties are page functions, so they cannot run in the
 * engine's worker. The engine sends batches of rows (`hookRows`); the answers go back as changed
 * cells (`hookTransform`) and messages (`hookValidate`). The engine's side is `engine/row-hooks.ts`.
 * @internal
 */

/** Sends one engine request and answers its result. */
export type EngineCall = <M extends Method>(method: M, params: ParamsOf<M>) => Promise<ResultOf<M>>;

/**
 * Runs the hooks over every row of the loaded table, `transformRow` first. Answers the result of
 * the last change (its stats are the table's), or `undefined` when no hook changed anything.
 */
export async function runImporterHooks(
  call: EngineCall,
  hooks: RowHooks,
  table: { rowCount: number; numberFormat: NumberFormat; fieldKeys: readonly string[]; numberFormats?: Readonly<Record<string, NumberFormat>> },
  rows?: readonly number[],
): Promise<ChangeResult | undefined> {
  let last: ChangeResult | undefined;
  // A changed number is written back as text in its column's own format (docs/importer.md).
  const formatOf = (field: string): NumberFormat => (table.numberFormats !== undefined && Object.hasOwn(table.numberFormats, field) ? (table.numberFormats[field] as NumberFormat) : table.numberFormat);
  const target: HookTarget = {
    rowCount: rows === undefined ? table.rowCount : rows.length,
    async batch(start, count) {
      if (rows === undefined) return call('hookRows', { start, count });
      // Only some rows (after an edit): ask for each, which keeps removed rows out.
      const batch = [];
      for (const row of rows.slice(start, start + count)) batch.push(...(await call('hookRows', { start: row, count: 1 })));
      return batch;
    },
    async transform(changes) {
      const cells = changes.flatMap((change) => Object.entries(change.values).map(([field, value]) => ({ row: change.row, field, raw: hookValueText(value, formatOf(field)) })));
      if (cells.length > 0) last = await call('hookTransform', { cells });
    },
    async validate(batchRows, messages) {
      last = await call('hookValidate', { rows: [...batchRows], messages: messages.map(({ row, field, message }) => ({ row, field, message: String(message) })) });
    },
  };
  await runRowHooks(target, hooks, table.fieldKeys);
  return last;
}
