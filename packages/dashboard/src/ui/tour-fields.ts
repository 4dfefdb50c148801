import { html, nothing, type TemplateResult } from 'lit';
import type { ChecklistItem, FlowConfig, ItemAnchor } from '@inlay/core';
import { checkbox, listOf, optional, select, textInput } from './fields.js';
import type { Place } from './invalid.js';

/**
 * The tour fields of a flow's form (docs/onboarding.md, "Tours and hotspots"): how the flow shows,
 * where and when it starts, and per item the element it points at and how it is done. Absent
 * fields stay absent, so a checklist saved here keeps the config it had.
 */

type Update = (config: FlowConfig) => void;

/** The flow-level fields: presentation, pages and start; `place` is the config's. */
export function presentationFields(config: FlowConfig, update: Update, place: Place): TemplateResult {
  return html`
    <fieldset>
      <legend>Presentation</legend>
      <div class="row">
        ${select(
          'Show as',
          config.presentation ?? 'checklist',
          [
            ['checklist', 'a checklist'],
            ['tour', 'a tour (one step at a time, next to its element)'],
            ['hotspots', 'hotspots (a beacon on each anchored item)'],
          ],
          (value) => update({ ...config, presentation: value === 'checklist' ? undefined : (value as FlowConfig['presentation']) }),
          place.at('presentation'),
        )}
        ${select(
          'Starts',
          config.start ?? 'auto',
          [
            ['auto', 'on the first eligible visit'],
            ['manual', 'when your page calls start()'],
          ],
          (value) => update({ ...config, start: value === 'auto' ? undefined : 'manual' }),
          place.at('start'),
        )}
      </div>
      ${textInput('Pages it runs on (globs over the path, comma-separated; empty: every page)', (config.pages ?? []).join(', '), (text) => {
        const pages = listOf(text, /,/);
        update({ ...config, pages: pages.length > 0 ? pages : undefined });
      }, { placeholder: '/app/*, /projects/*/settings', at: place.at('pages', true) })}
    </fieldset>
  `;
}

/** An item's anchor and advance; `set` patches the item, at `item` in the config. */
export function anchorFields(entry: ChecklistItem, set: (patch: Partial<ChecklistItem>) => void, item: Place): TemplateResult {
  const anchor = entry.anchor;
  const place = item.in('anchor');
  const setAnchor = (patch: Partial<ItemAnchor>): void => {
    const next = { ...anchor, selector: anchor?.selector ?? '', ...patch };
    set({ anchor: next.selector === '' && !next.page ? undefined : next });
  };
  return html`
    <div class="row">
      ${textInput('Points at (CSS selector)', anchor?.selector, (selector) => setAnchor({ selector }), { placeholder: '[data-tour="new-project"]', at: place.at('selector') })}
      ${anchor ? textInput('On page (glob)', anchor.page, (page) => setAnchor({ page: optional(page) }), { placeholder: '/app/*', at: place.at('page') }) : nothing}
    </div>
    ${anchor
      ? html`<div class="row">
          ${select(
            'Side',
            anchor.placement ?? 'bottom',
            [
              ['bottom', 'below'],
              ['top', 'above'],
              ['start', 'before (left in LTR)'],
              ['end', 'after (right in LTR)'],
            ],
            (placement) => setAnchor({ placement: placement === 'bottom' ? undefined : (placement as ItemAnchor['placement']) }),
            place.at('placement'),
          )}
          ${select(
            'Done when',
            entry.advance ?? 'next',
            [
              ['next', 'the user presses Next'],
              ['click', 'the user clicks the element'],
              ['event', 'its completion event arrives'],
            ],
            (advance) => set({ advance: advance === 'next' ? undefined : (advance as ChecklistItem['advance']) }),
            item.at('advance'),
          )}
          ${checkbox('Dim the page around it', anchor.modal, (modal) => setAnchor({ modal: modal || undefined }), { at: place.at('modal') })}
        </div>`
      : nothing}
  `;
}
