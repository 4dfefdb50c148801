import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { pagePatternProblem } from '../logic/pages.js';
import { AllowedOriginsSchema, EmptyStateSchema, LinkHrefSchema } from './common.js';
import { selectorProblem } from './selectors.js';

/** Item ids are chosen by the author and survive republishing (progress is kept per item id). */
export const ChecklistItemIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'item ids are 1–64 letters, digits, _ or -' });

export const ItemCompletionSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('manual') }),
  z.strictObject({ kind: z.literal('event'), event: z.string().trim().min(1).max(120) }),
]);
export type ItemCompletion = z.infer<typeof ItemCompletionSchema>;

/** A glob over `location.pathname`: `*` matches any characters (logic/pages.ts). */
export const PagePatternSchema = z
  .string()
  .min(1)
  .max(200)
  .superRefine((value, ctx) => {
    const problem = pagePatternProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: `${JSON.stringify(value)}: ${problem}` });
  });

/** Where a tour step or hotspot points (docs/onboarding.md, "Tours and hotspots"). */
export const ItemAnchorSchema = z.strictObject({
  selector: z
    .string()
    .trim()
    .min(1, { error: 'selector must not be empty' })
    .max(500)
    .superRefine((value, ctx) => {
      const problem = selectorProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: `${JSON.stringify(value)}: ${problem}` });
    }),
  /** The page the element is on; absent, any page the flow runs on. */
  page: PagePatternSchema.optional(),
  /** The preferred side of the element; the popover flips when there is no room. Absent: `bottom`. */
  placement: z.enum(['top', 'bottom', 'start', 'end']).optional(),
  /** Dims the page around the element while the step shows. */
  modal: z.boolean().optional(),
  /** When the element does not appear in time: show the step unanchored (`center`, the default) or pass over it (`skip`). */
  fallback: z.enum(['center', 'skip']).optional(),
});
export type ItemAnchor = z.infer<typeof ItemAnchorSchema>;

export const ChecklistItemSchema = z.strictObject({
  id: ChecklistItemIdSchema,
  title: z.string().trim().min(1, { error: 'title must not be empty' }).max(200),
  description: z.string().max(2000).optional(),
  action: z.strictObject({ label: z.string().trim().min(1).max(80), href: LinkHrefSchema }).optional(),
  completion: ItemCompletionSchema.default({ kind: 'manual' }),
  dependsOn: z.array(ChecklistItemIdSchema).max(LIMITS.checklistItemsMax).optional(),
  optional: z.boolean().optional(),
  anchor: ItemAnchorSchema.optional(),
  /** How a tour step is done: Next (the default), a click on its element, or its completion event. */
  advance: z.enum(['next', 'click', 'event']).optional(),
});
export type ChecklistItem = z.infer<typeof ChecklistItemSchema>;

const TraitNameSchema = z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, { error: 'trait names are 1–64 letters, digits, _ . or -' });
const TraitValueSchema = z.union([z.string().max(500), z.number(), z.boolean()]);

/** One condition on a trait the host page passes to the widget. */
export const EligibilityRuleSchema = z.discriminatedUnion('op', [
  z.strictObject({ trait: TraitNameSchema, op: z.enum(['eq', 'neq']), value: TraitValueSchema }),
  z.strictObject({ trait: TraitNameSchema, op: z.literal('in'), value: z.array(TraitValueSchema).min(1).max(100) }),
  z.strictObject({ trait: TraitNameSchema, op: z.enum(['gt', 'lt']), value: z.union([z.number(), z.string().max(100)]) }),
  z.strictObject({ trait: TraitNameSchema, op: z.literal('exists'), value: z.boolean().default(true) }),
]);
export type EligibilityRule = z.infer<typeof EligibilityRuleSchema>;

/** `{all: [...]}` (every rule holds) or `{any: [...]}` (at least one holds). */
export const EligibilitySchema = z.union([
  z.strictObject({ all: z.array(EligibilityRuleSchema).max(50) }),
  z.strictObject({ any: z.array(EligibilityRuleSchema).max(50) }),
]);
export type Eligibility = z.infer<typeof EligibilitySchema>;

export const ChecklistTogglesSchema = z.strictObject({
  allowDismiss: z.boolean().default(true),
  allowSkip: z.boolean().default(true),
  allowSnooze: z.boolean().default(true),
  showProgress: z.boolean().default(true),
  autoOpen: z.boolean().default(false),
  /**
   * One progress per account (`workspaceKey`) instead of per user: a team works through one
   * checklist together.
   */
  shareProgressAcrossAccount: z.boolean().default(false),
});
export type ChecklistToggles = z.infer<typeof ChecklistTogglesSchema>;

export { OriginPatternSchema } from './common.js';

/**
 * A flow's config (docs/onboarding.md). Absent fields take their defaults, so a stored
 * draft and a published config are always complete.
 */
export const FlowConfigSchema = z
  .strictObject({
    requireAuthorToken: z.boolean().default(false),
    emptyState: EmptyStateSchema.default(''),
    allowedOrigins: AllowedOriginsSchema.default([]),
    snoozeDays: z
      .array(z.number().int().min(1).max(365))
      .max(10)
      .default([1, 3, 7])
      .refine((days) => new Set(days).size === days.length, { error: 'snoozeDays must not repeat a value' }),
    items: z
      .array(ChecklistItemSchema)
      .max(LIMITS.checklistItemsMax, { error: `a checklist has at most ${LIMITS.checklistItemsMax} items` })
      .default([]),
    eligibility: EligibilitySchema.optional(),
    toggles: ChecklistTogglesSchema.default(ChecklistTogglesSchema.parse({})),
    /** How the flow shows: a checklist (absent), a tour (one step at a time) or hotspots (a beacon per anchored item). */
    presentation: z.enum(['checklist', 'tour', 'hotspots']).optional(),
    /** The pages the flow runs on; absent or empty, every page. */
    pages: z.array(PagePatternSchema).max(50).optional(),
    /** `auto` (absent): on the first eligible visit; `manual`: through `element.start()` or a checklist's "Show me". */
    start: z.enum(['auto', 'manual']).optional(),
  })
  .superRefine((config, ctx) => {
    checkItemGraph(config.items, ctx);
    checkAdvance(config.items, ctx);
  });
export type FlowConfig = z.infer<typeof FlowConfigSchema>;
export type FlowConfigInput = z.input<typeof FlowConfigSchema>;

/** `advance: "event"` needs the event that advances it: a `completion` of kind `event`. */
function checkAdvance(items: readonly ChecklistItem[], ctx: z.RefinementCtx): void {
  items.forEach((item, i) => {
    if (item.advance === 'event' && item.completion.kind !== 'event') {
      ctx.addIssue({ code: 'custom', path: ['items', i, 'advance'], message: 'advance "event" needs completion {"kind": "event", "event": …}' });
    }
  });
}

/** Item ids are unique, `dependsOn` names other items of the flow, and there is no cycle. */
function checkItemGraph(items: readonly ChecklistItem[], ctx: z.RefinementCtx): void {
  const index = new Map<string, number>();
  items.forEach((item, i) => {
    if (index.has(item.id)) {
      ctx.addIssue({ code: 'custom', path: ['items', i, 'id'], message: `item id ${JSON.stringify(item.id)} is used twice` });
    }
    index.set(item.id, i);
  });
  items.forEach((item, i) => {
    item.dependsOn?.forEach((dep, j) => {
      if (item.dependsOn?.indexOf(dep) !== j) {
        ctx.addIssue({ code: 'custom', path: ['items', i, 'dependsOn', j], message: `${JSON.stringify(dep)} is listed twice` });
      } else if (dep === item.id || !index.has(dep)) {
        const why = dep === item.id ? 'an item cannot depend on itself' : `no item has id ${JSON.stringify(dep)}`;
        ctx.addIssue({ code: 'custom', path: ['items', i, 'dependsOn', j], message: why });
      }
    });
  });
  // Depth-first search for a cycle; colours: 1 visiting, 2 done. Reports the dependsOn entry
  // that closes the cycle, so `param` points at an item.
  const colour = new Map<string, number>();
  const visit = (id: string): (string | number)[] | null => {
    colour.set(id, 1);
    const i = index.get(id) ?? -1;
    const deps = items[i]?.dependsOn ?? [];
    for (const [j, dep] of deps.entries()) {
      if (!index.has(dep) || dep === id) continue;
      if (colour.get(dep) === 1) return ['items', i, 'dependsOn', j];
      if (colour.get(dep) === undefined) {
        const found = visit(dep);
        if (found) return found;
      }
    }
    colour.set(id, 2);
    return null;
  };
  for (const item of items) {
    if (colour.get(item.id) !== undefined) continue;
    const path = visit(item.id);
    if (path) {
      ctx.addIssue({ code: 'custom', path, message: 'dependsOn forms a cycle' });
      return;
    }
  }
}
