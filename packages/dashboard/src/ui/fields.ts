import { html, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { type At, describedBy, invalidState, messageAt, withMessage } from './invalid.js';

/**
 * Small form controls shared by the draft editors; every value is a text binding. A control given
 * its place in the draft (`at`) shows the save error the server pinned on it (ui/invalid.ts).
 */

export const valueOf = (event: Event): string => (event.target as HTMLInputElement).value;
export const checkedOf = (event: Event): boolean => (event.target as HTMLInputElement).checked;

/** '' → undefined, so optional config fields are left out rather than sent empty. */
export const optional = (text: string): string | undefined => (text.trim() === '' ? undefined : text);

/** A comma- or newline-separated list, trimmed, without empty entries. */
export const listOf = (text: string, separator = /[,\n]/): string[] =>
  text
    .split(separator)
    .map((part) => part.trim())
    .filter((part) => part !== '');

export function textInput(label: string, value: string | undefined, onInput: (value: string) => void, options: { type?: string; required?: boolean; placeholder?: string; name?: string; at?: At } = {}): TemplateResult {
  const invalid = messageAt(options.at, label);
  return withMessage(
    html`<label>${label}
      <input type=${options.type ?? 'text'} name=${options.name ?? label} .value=${value ?? ''} ?required=${options.required ?? false} placeholder=${options.placeholder ?? ''} aria-invalid=${invalidState(invalid)} aria-describedby=${ifDefined(describedBy(invalid))} @input=${(event: Event) => onInput(valueOf(event))} />
    </label>`,
    invalid,
  );
}

/** A multi-line text box. */
export function textArea(label: string, value: string | undefined, onInput: (value: string) => void, options: { placeholder?: string; at?: At } = {}): TemplateResult {
  const invalid = messageAt(options.at, label);
  return withMessage(
    html`<label>${label}
      <textarea .value=${value ?? ''} placeholder=${options.placeholder ?? ''} aria-invalid=${invalidState(invalid)} aria-describedby=${ifDefined(describedBy(invalid))} @input=${(event: Event) => onInput(valueOf(event))}></textarea>
    </label>`,
    invalid,
  );
}

/** A colour picker (`#rrggbb`). */
export function colourInput(label: string, value: string, onInput: (value: string) => void, options: { at?: At } = {}): TemplateResult {
  const invalid = messageAt(options.at, label);
  return withMessage(
    html`<label>${label}
      <input type="color" .value=${value} aria-invalid=${invalidState(invalid)} aria-describedby=${ifDefined(describedBy(invalid))} @input=${(event: Event) => onInput(valueOf(event))} />
    </label>`,
    invalid,
  );
}

export function checkbox(label: string, checked: boolean | undefined, onChange: (checked: boolean) => void, options: { at?: At } = {}): TemplateResult {
  const invalid = messageAt(options.at, label);
  return withMessage(
    html`<label class="inline"><input type="checkbox" .checked=${checked ?? false} aria-invalid=${invalidState(invalid)} aria-describedby=${ifDefined(describedBy(invalid))} @change=${(event: Event) => onChange(checkedOf(event))} /> ${label}</label>`,
    invalid,
  );
}

export function select(label: string, value: string, options: readonly (readonly [string, string])[], onChange: (value: string) => void, at?: At): TemplateResult {
  const invalid = messageAt(at, label);
  return withMessage(
    html`<label>${label}
      <select aria-invalid=${invalidState(invalid)} aria-describedby=${ifDefined(describedBy(invalid))} @change=${(event: Event) => onChange(valueOf(event))}>
        ${options.map(([optionValue, text]) => html`<option value=${optionValue} ?selected=${optionValue === value}>${text}</option>`)}
      </select>
    </label>`,
    invalid,
  );
}

/** Moves entry `from` of a list by `by` places; answers a new list. */
export function moved<T>(list: readonly T[], from: number, by: number): T[] {
  const to = from + by;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [entry] = next.splice(from, 1) as [T];
  next.splice(to, 0, entry);
  return next;
}

/** A list with entry `index` replaced by `entry`. */
export const replaced = <T>(list: readonly T[], index: number, entry: T): T[] => list.map((old, i) => (i === index ? entry : old));

/** A list without entry `index`. */
export const without = <T>(list: readonly T[], index: number): T[] => list.filter((_old, i) => i !== index);

/** "true" → true, "42" → 42, anything else stays text: how an eligibility value is typed in. */
export function traitValue(text: string): string | number | boolean {
  const trimmed = text.trim();
  if (trimmed === 'true' || trimmed === 'false') return trimmed === 'true';
  if (trimmed !== '' && Number.isFinite(Number(trimmed))) return Number(trimmed);
  return text;
}

/**
 * A flow's, board's or importer's `allowedOrigins` (docs/security.md), one origin per line; an
 * empty list is left out of an optional config (`undefined`) rather than sent empty. `at` is the
 * place of the list: a refusal of one origin is shown here.
 */
export function originsInput(origins: readonly string[] | undefined, onChange: (origins: string[] | undefined) => void, options: { keepEmpty?: boolean; at?: At } = {}): TemplateResult {
  return textArea(
    'Allowed origins (one per line; empty: every site)',
    (origins ?? []).join('\n'),
    (text) => {
      const list = listOf(text, /\n/);
      onChange(list.length === 0 && options.keepEmpty !== true ? undefined : list);
    },
    { placeholder: 'https://app.example.com', at: options.at },
  );
}
