import { html, type TemplateResult } from 'lit';
import type { BoardConfig } from '@inlay/core';
import { checkbox, optional, originsInput, textInput } from './fields.js';

type Update = (config: BoardConfig) => void;

const TOGGLES: [keyof Omit<BoardConfig, 'emptyState' | 'branding' | 'allowedOrigins'>, string][] = [
  ['submissionsEnabled', 'Users can post ideas'],
  ['votingEnabled', 'Users can vote'],
  ['showVoteCounts', 'Show vote counts'],
  ['allowAnonymous', 'Allow anonymous posts and votes'],
  ['requireAuthorToken', 'Require an author token'],
];

/** The form of a board's draft: settings and branding (docs/feedback.md). */
export function boardForm(config: BoardConfig, update: Update): TemplateResult {
  const branding = config.branding ?? {};
  const setBranding = (patch: Partial<NonNullable<BoardConfig['branding']>>): void => {
    const next = Object.fromEntries(Object.entries({ ...branding, ...patch }).filter(([, value]) => value !== undefined));
    update({ ...config, branding: Object.keys(next).length > 0 ? next : undefined });
  };
  return html`
    <fieldset>
      <legend>Settings</legend>
      <div class="stack">
        ${TOGGLES.map(([key, label]) => html`<div>${checkbox(label, config[key], (on) => update({ ...config, [key]: on }))}</div>`)}
        ${textInput('Text when the board is empty', config.emptyState, (emptyState) => update({ ...config, emptyState }))}
        ${originsInput(config.allowedOrigins, (allowedOrigins) => update({ ...config, allowedOrigins }))}
      </div>
    </fieldset>
    <fieldset>
      <legend>Branding</legend>
      <div class="row">
        ${textInput('Title', branding.title, (title) => setBranding({ title: optional(title) }))}
        ${textInput('Accent colour (#rrggbb)', branding.accentColor, (accentColor) => setBranding({ accentColor: optional(accentColor) }), { placeholder: '#4f46e5' })}
        <label>Pick a colour <input type="color" .value=${branding.accentColor ?? '#4f46e5'} @input=${(event: Event) => setBranding({ accentColor: (event.target as HTMLInputElement).value })} /></label>
        ${textInput('Logo URL (https)', branding.logoUrl, (logoUrl) => setBranding({ logoUrl: optional(logoUrl) }), { type: 'url' })}
      </div>
    </fieldset>
  `;
}
