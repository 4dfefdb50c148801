import { html, nothing, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import type { ChecklistItem, EligibilityRule, FlowConfig } from '@inlay/core';
import { checkbox, listOf, moved, optional, originsInput, replaced, select, textArea, textInput, traitValue, without } from './fields.js';
import { describedBy, invalidMessage, invalidState, messageAt, type Place } from './invalid.js';
import { anchorFields, presentationFields } from './tour-fields.js';

type Update = (config: FlowConfig) => void;

const TOGGLES: [keyof FlowConfig['toggles'], string][] = [
  ['allowDismiss', 'Users can dismiss the checklist'],
  ['allowSkip', 'Users can skip items'],
  ['allowSnooze', 'Users can snooze the checklist'],
  ['showProgress', 'Show the progress bar'],
  ['autoOpen', 'Open automatically'],
  ['shareProgressAcrossAccount', 'Share progress across the account (workspaceKey)'],
];

const OPS: [EligibilityRule['op'], string][] = [
  ['eq', 'equals'],
  ['neq', 'does not equal'],
  ['in', 'is one of'],
  ['gt', 'is greater than'],
  ['lt', 'is less than'],
  ['exists', 'exists'],
];

function ruleValueText(rule: EligibilityRule): string {
  return Array.isArray(rule.value) ? rule.value.join(', ') : String(rule.value);
}

function ruleOf(trait: string, op: EligibilityRule['op'], text: string): EligibilityRule {
  if (op === 'in') return { trait, op, value: listOf(text, /,/).map(traitValue) };
  if (op === 'exists') return { trait, op, value: text.trim() !== 'false' };
  if (op === 'gt' || op === 'lt') {
    const value = traitValue(text);
    return { trait, op, value: typeof value === 'boolean' ? String(value) : value };
  }
  return { trait, op, value: traitValue(text) };
}

function item(config: FlowConfig, index: number, update: Update, items: Place): TemplateResult {
  const entry = config.items[index] as ChecklistItem;
  const set = (patch: Partial<ChecklistItem>): void => update({ ...config, items: replaced(config.items, index, { ...entry, ...patch }) });
  const others = config.items.filter((other) => other.id !== entry.id);
  const dependsOn = entry.dependsOn ?? [];
  const label = `Item ${index + 1}`;
  const place = items.in(index, label);
  // A dependency the server refused (a cycle) is shown at the group of checkboxes.
  const dependsInvalid = messageAt(place.at('dependsOn', true), 'Depends on');
  // Other items' dependencies name this one by id: a renamed id takes them along.
  const rename = (id: string): void =>
    update({
      ...config,
      items: config.items.map((other, i) =>
        i === index ? { ...entry, id } : other.dependsOn?.includes(entry.id) ? { ...other, dependsOn: other.dependsOn.map((dep) => (dep === entry.id ? id : dep)) } : other,
      ),
    });
  return html`
    <fieldset class="item">
      <legend>${label}: ${entry.title || entry.id}</legend>
      <div class="row">
        ${textInput('Id', entry.id, (id) => rename(id), { required: true, at: place.at('id') })}
        ${textInput('Title', entry.title, (title) => set({ title }), { required: true, at: place.at('title') })}
      </div>
      ${textArea('Description', entry.description, (text) => set({ description: optional(text) }), { at: place.at('description') })}
      <div class="row">
        ${textInput('Button label', entry.action?.label, (text) => set({ action: optional(text) || entry.action?.href ? { label: text, href: entry.action?.href ?? '' } : undefined }), { at: place.at('action.label') })}
        ${textInput('Button link', entry.action?.href, (href) => set({ action: optional(href) || entry.action?.label ? { label: entry.action?.label ?? '', href } : undefined }), { placeholder: '/settings or https://…', at: place.at('action.href') })}
      </div>
      <div class="row">
        ${select(
          'Completed by',
          entry.completion.kind,
          [
            ['manual', 'the user ticking it'],
            ['event', 'an event from your app'],
          ],
          (kind) => set({ completion: kind === 'event' ? { kind: 'event', event: '' } : { kind: 'manual' } }),
          place.at('completion.kind'),
        )}
        ${entry.completion.kind === 'event' ? textInput('Event name', entry.completion.event, (event) => set({ completion: { kind: 'event', event } }), { required: true, at: place.at('completion.event') }) : nothing}
        ${checkbox('Optional', entry.optional, (value) => set({ optional: value || undefined }), { at: place.at('optional') })}
      </div>
      ${anchorFields(entry, set, place)}
      ${others.length > 0
        ? html`<fieldset class="deps" aria-invalid=${invalidState(dependsInvalid)} aria-describedby=${ifDefined(describedBy(dependsInvalid))}>
            <legend>Depends on</legend>
            ${invalidMessage(dependsInvalid)}
            ${others.map((other) =>
              checkbox(other.title || other.id, dependsOn.includes(other.id), (on) => {
                const next = on ? [...dependsOn, other.id] : dependsOn.filter((id) => id !== other.id);
                set({ dependsOn: next.length > 0 ? next : undefined });
              }),
            )}
          </fieldset>`
        : nothing}
      <div class="row">
        <button type="button" ?disabled=${index === 0} @click=${() => update({ ...config, items: moved(config.items, index, -1) })} aria-label="Move up: ${label}">Move up</button>
        <button type="button" ?disabled=${index === config.items.length - 1} @click=${() => update({ ...config, items: moved(config.items, index, 1) })} aria-label="Move down: ${label}">Move down</button>
        <button type="button" class="danger" aria-label="Remove: ${label}" @click=${() => update({ ...config, items: without(config.items, index).map((other) => ({ ...other, dependsOn: other.dependsOn?.filter((id) => id !== entry.id) })) })}>Remove</button>
      </div>
    </fieldset>
  `;
}

function eligibility(config: FlowConfig, update: Update, flow: Place): TemplateResult {
  const current = config.eligibility;
  const mode = current === undefined ? 'none' : 'all' in current ? 'all' : 'any';
  const rules: EligibilityRule[] = current === undefined ? [] : 'all' in current ? current.all : current.any;
  const setRules = (next: EligibilityRule[], as: string = mode): void =>
    update({ ...config, eligibility: as === 'none' ? undefined : as === 'all' ? { all: next } : { any: next } });
  const place = flow.in('eligibility', 'Eligibility');
  return html`
    <fieldset>
      <legend>Eligibility</legend>
      ${select(
        'Who sees this checklist',
        mode,
        [
          ['none', 'Everyone'],
          ['all', 'Users matching every rule'],
          ['any', 'Users matching any rule'],
        ],
        (as) => setRules(as === 'none' ? [] : rules.length > 0 ? rules : [{ trait: 'plan', op: 'eq', value: 'pro' }], as),
        place.at(mode),
      )}
      ${rules.map((rule, i) => {
        const at = place.in(mode).in(i);
        return html`
          <div class="row rule">
            ${textInput(`Rule ${i + 1} trait`, rule.trait, (trait) => setRules(replaced(rules, i, ruleOf(trait, rule.op, ruleValueText(rule)))), { at: at.at('trait') })}
            ${select(`Rule ${i + 1} condition`, rule.op, OPS, (op) => setRules(replaced(rules, i, ruleOf(rule.trait, op as EligibilityRule['op'], ruleValueText(rule)))), at.at('op'))}
            ${textInput(`Rule ${i + 1} value`, ruleValueText(rule), (text) => setRules(replaced(rules, i, ruleOf(rule.trait, rule.op, text))), { placeholder: rule.op === 'in' ? 'a, b, c' : '', at: at.at('value', true) })}
            <button type="button" class="danger" aria-label="Remove rule ${i + 1}" @click=${() => setRules(without(rules, i))}>Remove</button>
          </div>
        `;
      })}
      ${mode !== 'none' ? html`<button type="button" @click=${() => setRules([...rules, { trait: '', op: 'eq', value: '' }])}>Add rule</button>` : nothing}
      <p class="muted">Traits are what your page passes to the widget, e.g. <code>plan</code> or <code>seats</code>. Numbers and true/false are typed as such.</p>
    </fieldset>
  `;
}

/** The form of a flow's draft (docs/onboarding.md); `place` is the config's (`config`). */
export function flowForm(config: FlowConfig, update: Update, place: Place): TemplateResult {
  const addItem = (): void => {
    let n = config.items.length + 1;
    while (config.items.some((entry) => entry.id === `item-${n}`)) n += 1;
    update({ ...config, items: [...config.items, { id: `item-${n}`, title: `New item ${n}`, completion: { kind: 'manual' } }] });
  };
  const behaviour = place.named('Behaviour');
  return html`
    ${presentationFields(config, update, place.named('Presentation'))}
    <fieldset>
      <legend>Checklist items</legend>
      ${config.items.length === 0 ? html`<p class="muted">No items yet.</p>` : config.items.map((_entry, i) => item(config, i, update, place.in('items')))}
      <button type="button" @click=${addItem}>Add item</button>
    </fieldset>
    ${eligibility(config, update, place)}
    <fieldset>
      <legend>Behaviour</legend>
      <div class="stack">
        ${TOGGLES.map(([key, label]) => html`<div>${checkbox(label, config.toggles[key], (on) => update({ ...config, toggles: { ...config.toggles, [key]: on } }), { at: behaviour.in('toggles').at(key) })}</div>`)}
        <div>${checkbox('Require an author token', config.requireAuthorToken, (on) => update({ ...config, requireAuthorToken: on }), { at: behaviour.at('requireAuthorToken') })}</div>
        ${textInput('Snooze choices (days, comma-separated)', config.snoozeDays.join(', '), (text) => update({ ...config, snoozeDays: listOf(text, /,/).map(Number).filter((days) => Number.isInteger(days)) }), { at: behaviour.at('snoozeDays', true) })}
        ${textInput('Text when every item is done', config.emptyState, (emptyState) => update({ ...config, emptyState }), { at: behaviour.at('emptyState') })}
        ${originsInput(config.allowedOrigins, (allowedOrigins) => update({ ...config, allowedOrigins: allowedOrigins ?? [] }), { keepEmpty: true, at: behaviour.at('allowedOrigins', true) })}
      </div>
    </fieldset>
  `;
}
