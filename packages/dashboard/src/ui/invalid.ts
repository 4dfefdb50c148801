import { html, nothing, type TemplateResult } from 'lit';
import { ApiError } from '../api.js';

/**
 * A save error at its control. The server names the field it refused by its dotted, 0-based path
 * in the request (`config.items.0.title`); the editor shows it by the name the operator sees
 * ("Item 1 · Title"), next to that control, which is marked `aria-invalid` and described by the
 * message.
 */

/** A refusal the server pinned on a field of the draft: `name` or `config.…`. */
export interface Invalid {
  /** The server's `param`: `config.items.0.title`. */
  path: string;
  /** The server's message, which may start with the path. */
  message: string;
  /**
   * The human name of the control that shows the path ("Item 1 · Title"), set by that control
   * while the form is drawn; undefined while no control of the form shows it.
   */
  name?: string;
}

/** The id of the message of the invalid control (one at a time), for its `aria-describedby`. */
export const INVALID_ID = 'invalid-field';

/** The field refusal of an error of the draft's save, if it is one. */
export function invalidOf(error: unknown): Invalid | undefined {
  if (!(error instanceof ApiError) || !error.param) return undefined;
  return error.param === 'name' || error.param.startsWith('config.') ? { path: error.param, message: error.message } : undefined;
}

/**
 * Where controls sit in the draft: a path (`config.items.0`) and the names of the groups around
 * them ("Item 1"), with the refusal to show, if any. Forms hand it down, each group adding itself.
 */
export class Place {
  constructor(
    readonly invalid: Invalid | undefined,
    readonly path = '',
    readonly name = '',
  ) {}

  /** A group inside this one, at `key`, named `name` ('' adds no name: a group without a heading). */
  in(key: string | number, name = ''): Place {
    return new Place(this.invalid, join(this.path, key), [this.name, name].filter(Boolean).join(' · '));
  }

  /** The same place inside a group named `name` that is not a part of the config ("Behaviour"). */
  named(name: string): Place {
    return new Place(this.invalid, this.path, [this.name, name].filter(Boolean).join(' · '));
  }

  /**
   * The control at `key`. One that holds a list (origins, dependencies) `covers` its entries: a
   * refusal of `allowedOrigins.2` is shown at the `allowedOrigins` text box.
   */
  at(key: string | number, covers = false): At {
    return { place: this, path: join(this.path, key), covers };
  }
}

/** A control's place in the draft: see `Place.at`. */
export interface At {
  place: Place;
  path: string;
  covers: boolean;
}

function join(path: string, key: string | number): string {
  return path === '' ? String(key) : `${path}.${key}`;
}

/**
 * The refusal's message if it is the control's at `at`, labelled `label`, with the server's path
 * replaced by the control's human name (which the refusal keeps for the editor's summary).
 */
export function messageAt(at: At | undefined, label: string): string | undefined {
  const invalid = at?.place.invalid;
  if (!at || !invalid || !(invalid.path === at.path || (at.covers && invalid.path.startsWith(`${at.path}.`)))) return undefined;
  // The label without its hint: "Allowed origins (one per line; …)" is named "Allowed origins".
  invalid.name = [at.place.name, label.replace(/\s*\(.*\)$/, '')].filter(Boolean).join(' · ');
  return humanMessage(invalid);
}

/** The refusal's message, naming its field by its human name (or, shown nowhere, by its path in words). */
export function humanMessage(invalid: Invalid): string {
  const name = invalid.name ?? pathInWords(invalid.path);
  const { message, path } = invalid;
  if (message.startsWith(path)) return `${name}${message.slice(path.length)}`;
  const quoted = JSON.stringify(path);
  return message.includes(quoted) ? message.split(quoted).join(`“${name}”`) : `${name}: ${message}`;
}

/** `config.items.0.completion.event` → "Item 1 · Completion · Event": for a path no control shows. */
export function pathInWords(path: string): string {
  const words: string[] = [];
  for (const key of path.replace(/^config\./, '').split('.')) {
    const previous = words[words.length - 1];
    if (/^\d+$/.test(key) && previous !== undefined) words[words.length - 1] = `${previous.replace(/ies$/, 'y').replace(/s$/, '')} ${Number(key) + 1}`;
    else words.push(key.charAt(0).toUpperCase() + key.slice(1).replace(/([A-Z])/g, ' $1').toLowerCase());
  }
  return words.join(' · ');
}

/** Whether the value at `path` (`config.items.0.title`) differs between two drafts (`{name, config}`). */
export function changedAt(path: string, before: unknown, after: unknown): boolean {
  const at = (draft: unknown): string | undefined =>
    JSON.stringify(path.split('.').reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), draft));
  return at(before) !== at(after);
}

/** The `aria-invalid` of a control whose save error's message is `message` (undefined: none). */
export const invalidState = (message: string | undefined): 'true' | 'false' => (message === undefined ? 'false' : 'true');

/** The `aria-describedby` of a control whose save error's message is `message`: that message. */
export const describedBy = (message: string | undefined): string | undefined => (message === undefined ? undefined : INVALID_ID);

/**
 * A control in its label, with the message of its save error under it, which its
 * `aria-describedby` names: outside the label, so that the message is no part of its name.
 */
export function withMessage(label: TemplateResult, message: string | undefined): TemplateResult {
  return html`<span class="field">${label}${invalidMessage(message)}</span>`;
}

/** The message of a save error, which the invalid control's `aria-describedby` names. */
export function invalidMessage(message: string | undefined): TemplateResult | typeof nothing {
  return message === undefined ? nothing : html`<span class="error invalid-message" id=${INVALID_ID}>${message}</span>`;
}
