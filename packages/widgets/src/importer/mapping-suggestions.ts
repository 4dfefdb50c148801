import type { SuggestedMapping, SuggestMappingInput } from '@inlay/core';
import { type ImporterCore, setState } from './importer-core.js';
import type { ColumnChoice } from './mapping.js';

/*
 * The host's `suggestMapping` hook (docs/importer.md, "Mapping suggestions from your app"): once
 * the mapping step shows Inlay's own matches, the hook is asked about the columns left unmatched.
 * Its answers fill those columns as suggestions, which the user confirms one by one; a hook that
 * throws, or answers after `suggestMappingTimeout`, leaves Inlay's matching as it was and is
 * reported in `inlay-error`. The script-tag bundle loads this module only when the hook is set
 * (suggestions.ts).
 */

/** Data rows the hook sees. */
const SAMPLE_ROWS = 5;

/** Asks the hook, if the page set one, and applies what it answers in time. @internal */
export async function askForSuggestions(core: ImporterCore): Promise<void> {
  const { host } = core;
  const hook = host.suggestMapping;
  const opened = host.state.opened;
  const fields = core.published?.config.fields ?? [];
  if (hook === undefined || opened === undefined) return;
  const input = suggestionInput(host.state.columns, fields, opened.preview.slice(host.state.headerRow + 1, host.state.headerRow + 1 + SAMPLE_ROWS));
  if (input.headers.length === 0 || input.fields.length === 0) return;
  const generation = core.generation;
  setState(core, { suggesting: true });
  let answer: SuggestedMapping;
  try {
    answer = await withTimeout(Promise.resolve().then(() => hook(input)), host.suggestMappingTimeout);
  } catch (error) {
    if (generation !== core.generation) return;
    setState(core, { suggesting: false });
    host.reportError(error, { type: 'suggest-mapping' });
    return;
  }
  if (generation !== core.generation || host.phase !== 'mapping') return;
  const columns = applySuggestions(host.state.columns, answer, new Set(input.fields.map((field) => field.key)));
  const suggested = columns.filter((column) => column.suggested === true);
  const label = (key: string | null) => fields.find((field) => field.key === key)?.label ?? '';
  const t = core.text();
  setState(core, {
    columns,
    suggesting: false,
    announcement: suggested.length > 0 ? t.announceSuggestions(suggested.map((column) => [column.header || t.untitledColumn(column.column + 1), label(column.fieldKey)])) : host.state.announcement,
  });
}

/** The unmatched columns, their cells in the sample rows, and the fields no column fills. @internal */
export function suggestionInput(columns: readonly ColumnChoice[], fields: SuggestMappingInput['fields'], rows: readonly string[][]): SuggestMappingInput {
  const unmatched = columns.filter((column) => column.fieldKey === null);
  const used = new Set(columns.map((column) => column.fieldKey));
  return {
    headers: unmatched.map((column) => column.header),
    sampleRows: rows.map((row) => unmatched.map((column) => row[column.column] ?? '')),
    fields: fields.filter((field) => !used.has(field.key)),
  };
}

/**
 * The columns with the hook's answer applied: each header it names fills the first column of that
 * header still unmatched and untouched by the user, with a field that was offered and is still
 * free. Anything else in the answer is ignored.
 * @internal
 */
export function applySuggestions(columns: readonly ColumnChoice[], answer: unknown, offered: ReadonlySet<string>): ColumnChoice[] {
  if (typeof answer !== 'object' || answer === null) return [...columns];
  const next = [...columns];
  const used = new Set(next.map((column) => column.fieldKey));
  for (const [header, key] of Object.entries(answer as Record<string, unknown>)) {
    if (typeof key !== 'string' || !offered.has(key) || used.has(key)) continue;
    const at = next.findIndex((column) => column.header === header && column.fieldKey === null && column.chosen !== true);
    if (at < 0) continue;
    next[at] = { ...(next[at] as ColumnChoice), fieldKey: key, suggested: true, confidence: 0, method: null };
    used.add(key);
  }
  return next;
}

/** Settles as `promise` does, or rejects once `ms` have passed without an answer. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`suggestMapping did not answer within ${ms} ms; the columns keep Inlay's own matches.`), { name: 'SuggestMappingTimeoutError' })), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
