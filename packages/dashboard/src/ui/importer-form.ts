import { html, nothing, type TemplateResult } from 'lit';
import type { FieldDefinition, FieldType, ImporterConfig } from '@inlay/core';
import { checkbox, listOf, moved, optional, originsInput, replaced, select, textArea, textInput, without } from './fields.js';
import type { Place } from './invalid.js';

type Update = (config: ImporterConfig) => void;

const TYPES: readonly FieldType[] = ['string', 'number', 'date', 'email', 'enum', 'boolean', 'url'];
const TEXT_TYPES = new Set<FieldType>(['string', 'email', 'url']);

const numberOrUndefined = (text: string): number | undefined => (text.trim() === '' || !Number.isFinite(Number(text)) ? undefined : Number(text));

function field(config: ImporterConfig, index: number, update: Update, fields: Place): TemplateResult {
  const entry = config.fields[index] as FieldDefinition;
  const set = (patch: Record<string, unknown>): void => {
    const next = Object.fromEntries(Object.entries({ ...entry, ...patch }).filter(([, value]) => value !== undefined));
    update({ ...config, fields: replaced(config.fields, index, next as unknown as FieldDefinition) });
  };
  const label = `Field ${index + 1}`;
  const place = fields.in(index, label);
  // The duplicate check names the field by key: a renamed key takes it along.
  const rename = (key: string): void => {
    const fields = replaced(config.fields, index, { ...entry, key });
    update({ ...config, fields, duplicateKey: config.duplicateKey === entry.key ? key : config.duplicateKey });
  };
  const changeType = (type: string): void => {
    // Rules of the old type would be refused with the new one (docs/importer.md).
    set({ type, enumValues: type === 'enum' ? (entry.enumValues ?? ['A', 'B']) : undefined, min: undefined, max: undefined, minLength: undefined, maxLength: undefined, pattern: undefined, patternMessage: undefined });
  };
  const bound = (key: 'min' | 'max') =>
    entry.type === 'number'
      ? textInput(key === 'min' ? 'Minimum' : 'Maximum', entry[key] === undefined ? '' : String(entry[key]), (text) => set({ [key]: numberOrUndefined(text) }), { type: 'number', at: place.at(key) })
      : textInput(key === 'min' ? 'Earliest (YYYY-MM-DD)' : 'Latest (YYYY-MM-DD)', entry[key] === undefined ? '' : String(entry[key]), (text) => set({ [key]: optional(text) }), { type: 'date', at: place.at(key) });
  return html`
    <fieldset class="item">
      <legend>${label}: ${entry.label || entry.key}</legend>
      <div class="row">
        ${textInput('Key', entry.key, (key) => rename(key), { required: true, at: place.at('key') })}
        ${textInput('Label', entry.label, (text) => set({ label: text }), { required: true, at: place.at('label') })}
        ${select('Type', entry.type, TYPES.map((type) => [type, type] as const), changeType, place.at('type'))}
      </div>
      <div class="row">
        ${checkbox('Required', entry.required, (on) => set({ required: on || undefined }), { at: place.at('required') })}
        ${checkbox('Unique', entry.unique, (on) => set({ unique: on || undefined }), { at: place.at('unique') })}
      </div>
      ${textInput('Aliases (other column names, comma-separated)', (entry.aliases ?? []).join(', '), (text) => set({ aliases: listOf(text, /,/).length > 0 ? listOf(text, /,/) : undefined }), { at: place.at('aliases', true) })}
      ${entry.type === 'enum'
        ? textArea('Allowed values (one per line)', (entry.enumValues ?? []).join('\n'), (text) => set({ enumValues: listOf(text, /\n/) }), { at: place.at('enumValues', true) })
        : nothing}
      ${entry.type === 'number' || entry.type === 'date' ? html`<div class="row">${bound('min')} ${bound('max')}</div>` : nothing}
      ${TEXT_TYPES.has(entry.type)
        ? html`<div class="row">
            ${textInput('Fewest characters', entry.minLength === undefined ? '' : String(entry.minLength), (text) => set({ minLength: numberOrUndefined(text) }), { type: 'number', at: place.at('minLength') })}
            ${textInput('Most characters', entry.maxLength === undefined ? '' : String(entry.maxLength), (text) => set({ maxLength: numberOrUndefined(text) }), { type: 'number', at: place.at('maxLength') })}
            ${textInput('Pattern (regular expression)', entry.pattern, (pattern) => set({ pattern: optional(pattern) }), { at: place.at('pattern') })}
            ${textInput('Message when the pattern does not match', entry.patternMessage, (text) => set({ patternMessage: optional(text) }), { at: place.at('patternMessage') })}
          </div>`
        : nothing}
      <div class="row">
        <button type="button" ?disabled=${index === 0} aria-label="Move up: ${label}" @click=${() => update({ ...config, fields: moved(config.fields, index, -1) })}>Move up</button>
        <button type="button" ?disabled=${index === config.fields.length - 1} aria-label="Move down: ${label}" @click=${() => update({ ...config, fields: moved(config.fields, index, 1) })}>Move down</button>
        <button type="button" class="danger" aria-label="Remove: ${label}" @click=${() => update({ ...config, fields: without(config.fields, index), duplicateKey: config.duplicateKey === entry.key ? undefined : config.duplicateKey })}>Remove</button>
      </div>
    </fieldset>
  `;
}

/** The form of an importer's draft: fields with types, rules and aliases (docs/importer.md); `place` is the config's. */
export function importerForm(config: ImporterConfig, update: Update, place: Place): TemplateResult {
  const addField = (): void => {
    let n = config.fields.length + 1;
    while (config.fields.some((entry) => entry.key === `field_${n}`)) n += 1;
    update({ ...config, fields: [...config.fields, { key: `field_${n}`, label: `Field ${n}`, type: 'string' }] });
  };
  const options = place.named('Import');
  return html`
    <fieldset>
      <legend>Fields</legend>
      ${config.fields.length === 0 ? html`<p class="muted">No fields yet.</p>` : config.fields.map((_entry, i) => field(config, i, update, place.in('fields')))}
      <button type="button" @click=${addField}>Add field</button>
    </fieldset>
    <fieldset>
      <legend>Import</legend>
      <div class="row">
        ${select('Duplicate rows are those with the same', config.duplicateKey ?? '', [['', '(no duplicate check)'], ...config.fields.map((entry) => [entry.key, entry.label || entry.key] as const)], (key) => update({ ...config, duplicateKey: optional(key) }), options.at('duplicateKey'))}
        ${select(
          'Rows go to',
          config.delivery ?? 'page',
          [
            ['page', 'the host page'],
            ['server', 'your server (through Inlay)'],
          ],
          (delivery) => update({ ...config, delivery: delivery as ImporterConfig['delivery'] }),
          options.at('delivery'),
        )}
      </div>
      ${checkbox('Neutralise cells that look like spreadsheet formulas', config.neutralizeFormulas, (on) => update({ ...config, neutralizeFormulas: on || undefined }), { at: options.at('neutralizeFormulas') })}
      ${checkbox('Keep columns no field is matched to (delivered under each row’s extra)', config.unmappedColumns === 'keep', (on) => update({ ...config, unmappedColumns: on ? 'keep' : undefined }), { at: options.at('unmappedColumns') })}
      ${originsInput(config.allowedOrigins, (allowedOrigins) => update({ ...config, allowedOrigins }), { at: options.at('allowedOrigins', true) })}
    </fieldset>
  `;
}
