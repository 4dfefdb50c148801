import { html, type TemplateResult } from 'lit';
import type { BoardConfig } from '@inlay/core';
import { checkbox, colourInput, optional, originsInput, replaced, textInput, without } from './fields.js';
import type { Place } from './invalid.js';

type Update = (config: BoardConfig) => void;

/** The board's on/off settings. */
type Toggle = 'submissionsEnabled' | 'votingEnabled' | 'showVoteCounts' | 'allowAnonymous' | 'requireAuthorToken';
const TOGGLES: [Toggle, string][] = [
  ['submissionsEnabled', 'Users can post ideas'],
  ['votingEnabled', 'Users can vote'],
  ['showVoteCounts', 'Show vote counts'],
  ['allowAnonymous', 'Allow anonymous posts and votes'],
  ['requireAuthorToken', 'Require an author token'],
];

/** The form of a board's draft: settings and branding (docs/feedback.md); `place` is the config's. */
export function boardForm(config: BoardConfig, update: Update, place: Place): TemplateResult {
  const branding = config.branding ?? {};
  const setBranding = (patch: Partial<NonNullable<BoardConfig['branding']>>): void => {
    const next = Object.fromEntries(Object.entries({ ...branding, ...patch }).filter(([, value]) => value !== undefined));
    update({ ...config, branding: Object.keys(next).length > 0 ? next : undefined });
  };
  const settings = place.named('Settings');
  const brand = place.in('branding', 'Branding');
  return html`
    <fieldset>
      <legend>Settings</legend>
      <div class="stack">
        ${TOGGLES.map(([key, label]) => html`<div>${checkbox(label, config[key], (on) => update({ ...config, [key]: on }), { at: settings.at(key) })}</div>`)}
        ${textInput('Text when the board is empty', config.emptyState, (emptyState) => update({ ...config, emptyState }), { at: settings.at('emptyState') })}
        ${originsInput(config.allowedOrigins, (allowedOrigins) => update({ ...config, allowedOrigins }), { at: settings.at('allowedOrigins', true) })}
      </div>
    </fieldset>
    ${categoriesForm(config, update, place.in('categories'))}
    <fieldset>
      <legend>Branding</legend>
      <div class="row">
        ${textInput('Title', branding.title, (title) => setBranding({ title: optional(title) }), { at: brand.at('title') })}
        ${textInput('Accent colour (#rrggbb)', branding.accentColor, (accentColor) => setBranding({ accentColor: optional(accentColor) }), { placeholder: '#4f46e5', at: brand.at('accentColor') })}
        ${colourInput('Pick a colour', branding.accentColor ?? '#4f46e5', (accentColor) => setBranding({ accentColor }))}
        ${textInput('Logo URL (https)', branding.logoUrl, (logoUrl) => setBranding({ logoUrl: optional(logoUrl) }), { type: 'url', at: brand.at('logoUrl') })}
      </div>
    </fieldset>
  `;
}

type Category = NonNullable<BoardConfig['categories']>[number];

/** A new category's id from its name: what `[a-z0-9_-]{1,40}` allows of it. */
function idOf(name: string): string {
  return name.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40);
}

/**
 * The board's categories (docs/feedback.md): name, id and colour each; a post may carry one.
 * A category's id is kept once saved (posts name it); a new one's follows its name until edited.
 */
function categoriesForm(config: BoardConfig, update: Update, list: Place): TemplateResult {
  const categories = config.categories ?? [];
  const set = (next: Category[]): void => update({ ...config, categories: next.length > 0 ? next : undefined });
  return html`
    <fieldset>
      <legend>Categories</legend>
      ${categories.length === 0 ? html`<p class="muted">No categories: posts carry none.</p>` : ''}
      ${categories.map((category, index) => {
        const label = category.name || `Category ${index + 1}`;
        const change = (patch: Partial<Category>): void => set(replaced(categories, index, { ...category, ...patch }));
        const place = list.in(index, `Category ${index + 1}`);
        return html`<fieldset class="row" aria-label=${`Category ${index + 1}: ${label}`}>
          ${textInput('Name', category.name, (name) => change(category.id === idOf(category.name) ? { name, id: idOf(name) } : { name }), { at: place.at('name') })}
          ${textInput('Id', category.id, (id) => change({ id: id.trim() }), { placeholder: 'ideas', at: place.at('id') })}
          ${colourInput('Colour', category.color, (color) => change({ color }), { at: place.at('color') })}
          <button type="button" class="danger" aria-label=${`Remove category: ${label}`} @click=${() => set(without(categories, index))}>Remove</button>
        </fieldset>`;
      })}
      <button type="button" ?disabled=${categories.length >= 50} @click=${() => set([...categories, { id: '', name: '', color: '#6b7280' }])}>Add category</button>
    </fieldset>
  `;
}

