import { describe, expect, it } from 'vitest';
import { FlowConfigSchema, type FlowConfigInput } from '../schemas/onboarding.js';
import { ProgressSchema, type FlowState, type Progress, type ProgressOperation } from '../schemas/progress.js';
import {
  applyOperation,
  blockingDependencies,
  completeByEvent,
  flowStateOf,
  newProgress,
  reconcile,
  type ApplyResult,
  type ProgressContext,
  type ProgressEvent,
  type ProgressRefusal,
} from './progress.js';

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

type Config = ProgressContext['config'];

const DAY = 86_400_000;
const BASE = Date.parse('2025-03-01T09:00:00.000Z');
/** A fixed instant `minutes` after BASE. */
const at = (minutes: number): Date => new Date(BASE + minutes * 60_000);
const T0 = at(0);
const T1 = at(10);
const T2 = at(20);
const T3 = at(30);
const T4 = at(40);
const iso = (date: Date): string => date.toISOString();

/** A complete config from a partial one, with the schema's defaults (toggles on, snoozeDays [1, 3, 7]). */
function config(input: FlowConfigInput): Config {
  const parsed = FlowConfigSchema.parse(input);
  return { items: parsed.items, toggles: parsed.toggles, snoozeDays: parsed.snoozeDays };
}

function context(flowConfig: Config, revisionId = 'rev_1'): ProgressContext {
  return { flowId: 'flow_1', userId: 'user_1', workspaceKey: 'acct_1', mode: 'test', revisionId, config: flowConfig };
}

/** A deep copy of plain JSON data (the progress and config are JSON on the wire). */
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key]);
  }
  return value;
}

/** The accepted result of a write; fails the test when it was refused or the progress is off the wire schema. */
function ok(result: ApplyResult): Extract<ApplyResult, { ok: true }> {
  if (!result.ok) throw new Error(`expected the write to be accepted, got ${result.refusal}: ${result.message}`);
  expect(ProgressSchema.safeParse(result.progress).success).toBe(true);
  return result;
}

/** The refusal of a write; fails the test when it was accepted. */
function refused(result: ApplyResult): Extract<ApplyResult, { ok: false }> {
  if (result.ok) throw new Error(`expected a refusal, got progress in state ${result.progress.state}`);
  return result;
}

const complete = (itemId: string): ProgressOperation => ({ type: 'complete', itemId });
const skip = (itemId: string): ProgressOperation => ({ type: 'skip', itemId });
const dismiss: ProgressOperation = { type: 'dismiss' };
const snooze = (days: number): ProgressOperation => ({ type: 'snooze', days });
const resume: ProgressOperation = { type: 'resume' };
const reset: ProgressOperation = { type: 'reset' };

/** Applies writes in order, each one minute after the previous, all of which must be accepted. */
function run(progress: Progress, flowConfig: Config, operations: ProgressOperation[], start: Date = T1): Progress {
  let current = progress;
  operations.forEach((operation, i) => {
    current = ok(applyOperation(current, operation, flowConfig, new Date(start.getTime() + i * 60_000))).progress;
  });
  return current;
}

const stateOf = (progress: Progress): Record<string, string> =>
  Object.fromEntries(progress.items.map((item) => [item.id, item.state]));

/** a, then b (needs a), and an optional item. */
const STANDARD = config({
  items: [
    { id: 'a', title: 'Create a project' },
    { id: 'b', title: 'Invite a teammate', dependsOn: ['a'] },
    { id: 'opt', title: 'Read the docs', optional: true },
  ],
});

/**
 * The standard flow in each flow state: not_started (fresh, T0), in_progress (a completed at T1),
 * completed (b completed at T2), dismissed (dismissed at T2), snoozed (3 days at T2).
 */
function standardIn(state: FlowState): Progress {
  const fresh = newProgress(context(STANDARD), T0);
  const started = state === 'not_started' ? fresh : ok(applyOperation(fresh, complete('a'), STANDARD, T1)).progress;
  const operation = { not_started: null, in_progress: null, completed: complete('b'), dismissed: dismiss, snoozed: snooze(3) }[state];
  const progress = operation === null ? started : ok(applyOperation(started, operation, STANDARD, T2)).progress;
  expect(progress.state).toBe(state);
  return progress;
}

const FLOW_STATES: FlowState[] = ['not_started', 'in_progress', 'completed', 'dismissed', 'snoozed'];

// ---------------------------------------------------------------------------------------------
// newProgress
// ---------------------------------------------------------------------------------------------

describe('newProgress', () => {
  it('starts every item pending and untouched, in the flow order, with no timestamps', () => {
    expect(newProgress(context(STANDARD), T0)).toEqual({
      object: 'progress',
      flowId: 'flow_1',
      userId: 'user_1',
      workspaceKey: 'acct_1',
      mode: 'test',
      revisionId: 'rev_1',
      state: 'not_started',
      items: [
        { id: 'a', state: 'pending', updatedAt: null },
        { id: 'b', state: 'pending', updatedAt: null },
        { id: 'opt', state: 'pending', updatedAt: null },
      ],
      doneCount: 0,
      requiredCount: 2,
      startedAt: null,
      completedAt: null,
      dismissedAt: null,
      snoozedUntil: null,
      updatedAt: null,
    });
  });

  it('produces progress that matches the wire schema', () => {
    expect(ProgressSchema.safeParse(newProgress(context(STANDARD), T0)).success).toBe(true);
  });

  it('keeps a null workspaceKey and the live mode from the context', () => {
    const progress = newProgress({ ...context(STANDARD), workspaceKey: null, mode: 'live' }, T0);
    expect(progress.workspaceKey).toBeNull();
    expect(progress.mode).toBe('live');
  });

  it('counts every item as required when all items are optional', () => {
    const allOptional = config({ items: [{ id: 'x', title: 'X', optional: true }, { id: 'y', title: 'Y', optional: true }] });
    expect(newProgress(context(allOptional), T0).requiredCount).toBe(2);
  });

  it('gives an empty flow no items, nothing required and the not_started state', () => {
    const progress = newProgress(context(config({})), T0);
    expect(progress.items).toEqual([]);
    expect(progress.requiredCount).toBe(0);
    expect(progress.doneCount).toBe(0);
    expect(progress.state).toBe('not_started');
    expect(progress.completedAt).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// The transition matrix: every operation from every flow state
// ---------------------------------------------------------------------------------------------

type Expectation =
  | { changed: true; state: FlowState; events: ProgressEvent[] }
  | { changed: false }
  | { refusal: ProgressRefusal };

const SNOOZE_UNTIL = iso(new Date(T3.getTime() + 3 * DAY));

const MATRIX: [FlowState, ProgressOperation, Expectation][] = [
  // complete an item that has no dependencies (the optional one is pending in every state)
  ['not_started', complete('opt'), { changed: true, state: 'in_progress', events: [{ type: 'item_completed', itemId: 'opt' }] }],
  ['in_progress', complete('opt'), { changed: true, state: 'in_progress', events: [{ type: 'item_completed', itemId: 'opt' }] }],
  ['completed', complete('opt'), { changed: true, state: 'completed', events: [{ type: 'item_completed', itemId: 'opt' }] }],
  ['dismissed', complete('opt'), { changed: true, state: 'dismissed', events: [{ type: 'item_completed', itemId: 'opt' }] }],
  ['snoozed', complete('opt'), { changed: true, state: 'snoozed', events: [{ type: 'item_completed', itemId: 'opt' }] }],
  // skip
  ['not_started', skip('opt'), { changed: true, state: 'in_progress', events: [{ type: 'item_skipped', itemId: 'opt' }] }],
  ['in_progress', skip('opt'), { changed: true, state: 'in_progress', events: [{ type: 'item_skipped', itemId: 'opt' }] }],
  ['completed', skip('opt'), { changed: true, state: 'completed', events: [{ type: 'item_skipped', itemId: 'opt' }] }],
  ['dismissed', skip('opt'), { changed: true, state: 'dismissed', events: [{ type: 'item_skipped', itemId: 'opt' }] }],
  ['snoozed', skip('opt'), { changed: true, state: 'snoozed', events: [{ type: 'item_skipped', itemId: 'opt' }] }],
  // dismiss
  ['not_started', dismiss, { changed: true, state: 'dismissed', events: [{ type: 'dismissed' }] }],
  ['in_progress', dismiss, { changed: true, state: 'dismissed', events: [{ type: 'dismissed' }] }],
  ['completed', dismiss, { changed: true, state: 'dismissed', events: [{ type: 'dismissed' }] }],
  ['dismissed', dismiss, { changed: false }],
  ['snoozed', dismiss, { changed: true, state: 'dismissed', events: [{ type: 'dismissed' }] }],
  // snooze
  ['not_started', snooze(3), { changed: true, state: 'snoozed', events: [{ type: 'snoozed', until: SNOOZE_UNTIL }] }],
  ['in_progress', snooze(3), { changed: true, state: 'snoozed', events: [{ type: 'snoozed', until: SNOOZE_UNTIL }] }],
  ['completed', snooze(3), { refusal: 'invalid_transition' }],
  ['dismissed', snooze(3), { refusal: 'invalid_transition' }],
  ['snoozed', snooze(3), { changed: false }],
  // resume
  ['not_started', resume, { changed: false }],
  ['in_progress', resume, { changed: false }],
  ['completed', resume, { changed: false }],
  ['dismissed', resume, { changed: true, state: 'in_progress', events: [{ type: 'resumed' }] }],
  ['snoozed', resume, { changed: true, state: 'in_progress', events: [{ type: 'resumed' }] }],
  // reset
  ['not_started', reset, { changed: false }],
  ['in_progress', reset, { changed: true, state: 'not_started', events: [{ type: 'reset' }] }],
  ['completed', reset, { changed: true, state: 'not_started', events: [{ type: 'reset' }] }],
  ['dismissed', reset, { changed: true, state: 'not_started', events: [{ type: 'reset' }] }],
  ['snoozed', reset, { changed: true, state: 'not_started', events: [{ type: 'reset' }] }],
];

const describeOperation = (operation: ProgressOperation): string =>
  'itemId' in operation ? `${operation.type}(${operation.itemId})` : 'days' in operation ? `snooze(${operation.days})` : operation.type;

const describeExpectation = (expectation: Expectation): string =>
  'refusal' in expectation
    ? `is refused with ${expectation.refusal}`
    : expectation.changed
      ? `moves to ${expectation.state}`
      : 'changes nothing';

describe('applyOperation transition matrix', () => {
  it('covers every operation from every flow state', () => {
    const covered = new Set(MATRIX.map(([from, operation]) => `${from}:${operation.type}`));
    const types: ProgressOperation['type'][] = ['complete', 'skip', 'dismiss', 'snooze', 'resume', 'reset'];
    expect(covered.size).toBe(FLOW_STATES.length * types.length);
  });

  for (const [from, operation, expectation] of MATRIX) {
    describe(`${describeOperation(operation)} from ${from}`, () => {
      it(describeExpectation(expectation), () => {
        const before = standardIn(from);
        const result = applyOperation(before, operation, STANDARD, T3);
        if ('refusal' in expectation) {
          expect(refused(result).refusal).toBe(expectation.refusal);
          return;
        }
        const accepted = ok(result);
        expect(accepted.changed).toBe(expectation.changed);
        if (expectation.changed) {
          expect(accepted.progress.state).toBe(expectation.state);
          expect(accepted.events).toEqual(expectation.events);
          expect(accepted.progress.updatedAt).toBe(iso(T3));
          expect(accepted.progress.state).toBe(flowStateOf(accepted.progress, T3));
        } else {
          expect(accepted.events).toEqual([]);
          expect(accepted.progress).toEqual(before);
        }
      });

      it('gives the same answer, changing nothing, when repeated', () => {
        const first = applyOperation(standardIn(from), operation, STANDARD, T3);
        const again = first.ok ? applyOperation(first.progress, operation, STANDARD, T4) : applyOperation(standardIn(from), operation, STANDARD, T4);
        if (!first.ok) {
          expect(refused(again)).toEqual(first);
          return;
        }
        const repeated = ok(again);
        expect(repeated.changed).toBe(false);
        expect(repeated.events).toEqual([]);
        expect(repeated.progress).toEqual(first.progress);
      });
    });
  }
});

// ---------------------------------------------------------------------------------------------
// complete / skip
// ---------------------------------------------------------------------------------------------

describe('applyOperation complete', () => {
  it('marks the item completed, stamps it and the flow, and reports item_completed', () => {
    const result = ok(applyOperation(newProgress(context(STANDARD), T0), complete('a'), STANDARD, T1));
    expect(result.changed).toBe(true);
    expect(result.events).toEqual([{ type: 'item_completed', itemId: 'a' }]);
    expect(result.progress.items).toEqual([
      { id: 'a', state: 'completed', updatedAt: iso(T1) },
      { id: 'b', state: 'pending', updatedAt: null },
      { id: 'opt', state: 'pending', updatedAt: null },
    ]);
    expect(result.progress).toMatchObject({ state: 'in_progress', doneCount: 1, requiredCount: 2, startedAt: iso(T1), updatedAt: iso(T1) });
  });

  it('refuses an unknown item with item_not_found and names it', () => {
    const result = refused(applyOperation(newProgress(context(STANDARD), T0), complete('nope'), STANDARD, T1));
    expect(result).toEqual({ ok: false, refusal: 'item_not_found', message: 'The flow has no item "nope".' });
  });

  it('refuses an item whose dependency is pending with dependency_incomplete, naming the dependency', () => {
    const result = refused(applyOperation(newProgress(context(STANDARD), T0), complete('b'), STANDARD, T1));
    expect(result).toEqual({ ok: false, refusal: 'dependency_incomplete', message: 'Item "b" depends on "a", not done yet.' });
  });

  it('names every pending dependency, in dependsOn order, and only the pending ones', () => {
    const flow = config({
      items: [
        { id: 'x', title: 'X' },
        { id: 'y', title: 'Y' },
        { id: 'z', title: 'Z' },
        { id: 'last', title: 'Last', dependsOn: ['z', 'x', 'y'] },
      ],
    });
    const fresh = newProgress(context(flow), T0);
    expect(refused(applyOperation(fresh, complete('last'), flow, T1)).message).toBe('Item "last" depends on "z", "x", "y", not done yet.');
    const yDone = run(fresh, flow, [complete('y')]);
    expect(refused(applyOperation(yDone, complete('last'), flow, T2)).message).toBe('Item "last" depends on "z", "x", not done yet.');
  });

  it('allows an item once its dependency is completed', () => {
    const progress = run(newProgress(context(STANDARD), T0), STANDARD, [complete('a'), complete('b')]);
    expect(stateOf(progress)).toEqual({ a: 'completed', b: 'completed', opt: 'pending' });
  });

  it('treats a skipped dependency as satisfied', () => {
    const progress = run(newProgress(context(STANDARD), T0), STANDARD, [skip('a'), complete('b')]);
    expect(stateOf(progress)).toEqual({ a: 'skipped', b: 'completed', opt: 'pending' });
  });

  it('does not let a refused write change anything (a refusal carries no progress)', () => {
    const result = applyOperation(newProgress(context(STANDARD), T0), complete('b'), STANDARD, T1);
    expect(result).not.toHaveProperty('progress');
    expect(result.ok).toBe(false);
  });

  it('completes a skipped item, reporting item_completed', () => {
    const skipped = run(newProgress(context(STANDARD), T0), STANDARD, [skip('a')], T1);
    const result = ok(applyOperation(skipped, complete('a'), STANDARD, T3));
    expect(result.changed).toBe(true);
    expect(result.events).toEqual([{ type: 'item_completed', itemId: 'a' }]);
    expect(result.progress.items[0]).toEqual({ id: 'a', state: 'completed', updatedAt: iso(T3) });
    expect(result.progress.startedAt).toBe(iso(T1));
  });

  it('changes nothing when the item is already completed, keeping its first timestamp', () => {
    const once = run(newProgress(context(STANDARD), T0), STANDARD, [complete('a')], T1);
    const twice = ok(applyOperation(once, complete('a'), STANDARD, T3));
    expect(twice).toEqual({ ok: true, progress: once, changed: false, events: [] });
    expect(twice.progress.items[0]?.updatedAt).toBe(iso(T1));
    expect(twice.progress.updatedAt).toBe(iso(T1));
  });

  it('changes nothing when an already completed item with dependencies is completed again', () => {
    const done = run(newProgress(context(STANDARD), T0), STANDARD, [complete('a'), complete('b')]);
    expect(ok(applyOperation(done, complete('b'), STANDARD, T3)).changed).toBe(false);
  });
});

describe('applyOperation skip', () => {
  it('marks the item skipped, stamps it and the flow, and reports item_skipped', () => {
    const result = ok(applyOperation(newProgress(context(STANDARD), T0), skip('a'), STANDARD, T1));
    expect(result.changed).toBe(true);
    expect(result.events).toEqual([{ type: 'item_skipped', itemId: 'a' }]);
    expect(result.progress.items[0]).toEqual({ id: 'a', state: 'skipped', updatedAt: iso(T1) });
    expect(result.progress).toMatchObject({ state: 'in_progress', doneCount: 1, startedAt: iso(T1), updatedAt: iso(T1) });
  });

  it('refuses when toggles.allowSkip is off with feature_disabled', () => {
    const noSkip = config({ items: [{ id: 'a', title: 'A' }], toggles: { allowSkip: false } });
    const result = refused(applyOperation(newProgress(context(noSkip), T0), skip('a'), noSkip, T1));
    expect(result).toEqual({ ok: false, refusal: 'feature_disabled', message: 'Skipping is turned off for this flow (toggles.allowSkip).' });
  });

  it('still lets complete work when skipping is turned off', () => {
    const noSkip = config({ items: [{ id: 'a', title: 'A' }], toggles: { allowSkip: false } });
    expect(ok(applyOperation(newProgress(context(noSkip), T0), complete('a'), noSkip, T1)).changed).toBe(true);
  });

  it('refuses an unknown item with item_not_found', () => {
    const result = refused(applyOperation(newProgress(context(STANDARD), T0), skip('nope'), STANDARD, T1));
    expect(result).toEqual({ ok: false, refusal: 'item_not_found', message: 'The flow has no item "nope".' });
  });

  it('refuses to skip a completed item with invalid_transition', () => {
    const done = run(newProgress(context(STANDARD), T0), STANDARD, [complete('a')]);
    const result = refused(applyOperation(done, skip('a'), STANDARD, T3));
    expect(result).toEqual({
      ok: false,
      refusal: 'invalid_transition',
      message: 'Item "a" is completed; reset the flow to skip it.',
    });
  });

  it('changes nothing when the item is already skipped', () => {
    const once = run(newProgress(context(STANDARD), T0), STANDARD, [skip('a')], T1);
    expect(applyOperation(once, skip('a'), STANDARD, T3)).toEqual({ ok: true, progress: once, changed: false, events: [] });
  });
});

// ---------------------------------------------------------------------------------------------
// dismiss / snooze / resume / reset
// ---------------------------------------------------------------------------------------------

describe('applyOperation dismiss', () => {
  it('sets dismissedAt, reports dismissed and does not mark the flow started', () => {
    const result = ok(applyOperation(newProgress(context(STANDARD), T0), dismiss, STANDARD, T1));
    expect(result.events).toEqual([{ type: 'dismissed' }]);
    expect(result.progress).toMatchObject({ state: 'dismissed', dismissedAt: iso(T1), startedAt: null, updatedAt: iso(T1) });
  });

  it('clears a running snooze', () => {
    const snoozed = standardIn('snoozed');
    expect(snoozed.snoozedUntil).not.toBeNull();
    const result = ok(applyOperation(snoozed, dismiss, STANDARD, T3));
    expect(result.progress).toMatchObject({ state: 'dismissed', dismissedAt: iso(T3), snoozedUntil: null });
  });

  it('keeps completedAt when a completed flow is dismissed', () => {
    const result = ok(applyOperation(standardIn('completed'), dismiss, STANDARD, T3));
    expect(result.progress).toMatchObject({ state: 'dismissed', completedAt: iso(T2) });
  });

  it('keeps the first dismissedAt when repeated', () => {
    const dismissed = standardIn('dismissed');
    const result = ok(applyOperation(dismissed, dismiss, STANDARD, T4));
    expect(result.changed).toBe(false);
    expect(result.progress.dismissedAt).toBe(iso(T2));
  });

  it('refuses when toggles.allowDismiss is off with feature_disabled', () => {
    const noDismiss = config({ items: [{ id: 'a', title: 'A' }], toggles: { allowDismiss: false } });
    const result = refused(applyOperation(newProgress(context(noDismiss), T0), dismiss, noDismiss, T1));
    expect(result).toEqual({
      ok: false,
      refusal: 'feature_disabled',
      message: 'Dismissing is turned off for this flow (toggles.allowDismiss).',
    });
  });
});

describe('applyOperation snooze', () => {
  it('sets snoozedUntil to now plus the days, and reports snoozed with until', () => {
    const result = ok(applyOperation(newProgress(context(STANDARD), T0), snooze(7), STANDARD, T1));
    const until = iso(new Date(T1.getTime() + 7 * DAY));
    expect(until).toBe('2025-03-08T09:10:00.000Z');
    expect(result.events).toEqual([{ type: 'snoozed', until }]);
    expect(result.progress).toMatchObject({ state: 'snoozed', snoozedUntil: until, startedAt: null, updatedAt: iso(T1) });
  });

  it.each([1, 3, 7])('accepts %i days, one of the default snoozeDays', (days) => {
    const result = ok(applyOperation(newProgress(context(STANDARD), T0), snooze(days), STANDARD, T1));
    expect(result.progress.snoozedUntil).toBe(iso(new Date(T1.getTime() + days * DAY)));
  });

  it.each([2, 5, 14, 365])('refuses %i days, not in snoozeDays, with snooze_days_not_allowed listing the allowed days', (days) => {
    const result = refused(applyOperation(newProgress(context(STANDARD), T0), snooze(days), STANDARD, T1));
    expect(result).toEqual({
      ok: false,
      refusal: 'snooze_days_not_allowed',
      message: "days must be one of the flow's snoozeDays: 1, 3, 7.",
    });
  });

  it('uses the flow\'s own snoozeDays, not the defaults', () => {
    const custom = config({ items: [{ id: 'a', title: 'A' }], snoozeDays: [2, 30] });
    expect(ok(applyOperation(newProgress(context(custom), T0), snooze(30), custom, T1)).changed).toBe(true);
    expect(refused(applyOperation(newProgress(context(custom), T0), snooze(7), custom, T1)).message).toBe(
      "days must be one of the flow's snoozeDays: 2, 30.",
    );
  });

  it('says "none" when the flow allows no snooze durations', () => {
    const noDays = config({ items: [{ id: 'a', title: 'A' }], snoozeDays: [] });
    expect(refused(applyOperation(newProgress(context(noDays), T0), snooze(1), noDays, T1))).toEqual({
      ok: false,
      refusal: 'snooze_days_not_allowed',
      message: "days must be one of the flow's snoozeDays: none.",
    });
  });

  it('refuses when toggles.allowSnooze is off with feature_disabled, even for an allowed day count', () => {
    const noSnooze = config({ items: [{ id: 'a', title: 'A' }], toggles: { allowSnooze: false } });
    const result = refused(applyOperation(newProgress(context(noSnooze), T0), snooze(1), noSnooze, T1));
    expect(result).toEqual({
      ok: false,
      refusal: 'feature_disabled',
      message: 'Snoozing is turned off for this flow (toggles.allowSnooze).',
    });
  });

  it('reports feature_disabled before checking the day count', () => {
    const noSnooze = config({ items: [{ id: 'a', title: 'A' }], toggles: { allowSnooze: false } });
    expect(refused(applyOperation(newProgress(context(noSnooze), T0), snooze(2), noSnooze, T1)).refusal).toBe('feature_disabled');
  });

  it('refuses to snooze a dismissed flow with invalid_transition', () => {
    expect(refused(applyOperation(standardIn('dismissed'), snooze(1), STANDARD, T3))).toEqual({
      ok: false,
      refusal: 'invalid_transition',
      message: 'The flow is dismissed; resume it before snoozing.',
    });
  });

  it('refuses to snooze a completed flow with invalid_transition', () => {
    expect(refused(applyOperation(standardIn('completed'), snooze(1), STANDARD, T3))).toEqual({
      ok: false,
      refusal: 'invalid_transition',
      message: 'The flow is completed; there is nothing to snooze.',
    });
  });

  it('keeps the first snoozedUntil when the same snooze is repeated', () => {
    const snoozed = standardIn('snoozed');
    const result = ok(applyOperation(snoozed, snooze(3), STANDARD, T4));
    expect(result.changed).toBe(false);
    expect(result.progress.snoozedUntil).toBe(iso(new Date(T2.getTime() + 3 * DAY)));
  });

  it('ends a snooze at its snoozedUntil to the millisecond', () => {
    const snoozed = standardIn('snoozed');
    const until = new Date(T2.getTime() + 3 * DAY);
    const before = new Date(until.getTime() - 1);
    expect(ok(applyOperation(snoozed, complete('b'), STANDARD, before)).progress).toMatchObject({ state: 'snoozed', snoozedUntil: iso(until) });
    expect(ok(applyOperation(snoozed, complete('b'), STANDARD, until)).progress).toMatchObject({ state: 'completed', snoozedUntil: null });
  });

  it('snoozes anew once the previous snooze has run out', () => {
    const snoozed = standardIn('snoozed');
    const later = new Date(T2.getTime() + 3 * DAY + 1);
    const result = ok(applyOperation(snoozed, snooze(1), STANDARD, later));
    expect(result.changed).toBe(true);
    expect(result.events).toEqual([{ type: 'snoozed', until: iso(new Date(later.getTime() + DAY)) }]);
    expect(result.progress.state).toBe('snoozed');
  });
});

describe('applyOperation resume', () => {
  it('clears dismissedAt, reports resumed and shows the underlying state', () => {
    const result = ok(applyOperation(standardIn('dismissed'), resume, STANDARD, T3));
    expect(result.events).toEqual([{ type: 'resumed' }]);
    expect(result.progress).toMatchObject({ state: 'in_progress', dismissedAt: null, snoozedUntil: null, updatedAt: iso(T3) });
  });

  it('clears snoozedUntil, reports resumed and shows the underlying state', () => {
    const result = ok(applyOperation(standardIn('snoozed'), resume, STANDARD, T3));
    expect(result.events).toEqual([{ type: 'resumed' }]);
    expect(result.progress).toMatchObject({ state: 'in_progress', dismissedAt: null, snoozedUntil: null, updatedAt: iso(T3) });
  });

  it('brings a dismissed completed flow back as completed, keeping completedAt', () => {
    const dismissed = ok(applyOperation(standardIn('completed'), dismiss, STANDARD, T3)).progress;
    const result = ok(applyOperation(dismissed, resume, STANDARD, T4));
    expect(result.progress).toMatchObject({ state: 'completed', completedAt: iso(T2) });
  });

  it('brings a dismissed untouched flow back as not_started', () => {
    const dismissed = run(newProgress(context(STANDARD), T0), STANDARD, [dismiss]);
    expect(ok(applyOperation(dismissed, resume, STANDARD, T3)).progress.state).toBe('not_started');
  });

  it('is allowed even when dismissing and snoozing are turned off (a way back is never disabled)', () => {
    const locked = { ...STANDARD, toggles: { ...STANDARD.toggles, allowDismiss: false, allowSnooze: false } };
    expect(ok(applyOperation(standardIn('dismissed'), resume, locked, T3)).progress.state).toBe('in_progress');
  });

  it('changes nothing when the snooze has already run out', () => {
    const snoozed = standardIn('snoozed');
    const later = new Date(T2.getTime() + 4 * DAY);
    const result = ok(applyOperation(snoozed, resume, STANDARD, later));
    expect(result.changed).toBe(false);
    expect(result.events).toEqual([]);
    expect(result.progress).toMatchObject({ state: 'in_progress', snoozedUntil: null, updatedAt: iso(T2) });
  });
});

describe('applyOperation reset', () => {
  it('puts every item back to pending and untouched and clears every flow timestamp but updatedAt', () => {
    const result = ok(applyOperation(standardIn('completed'), reset, STANDARD, T3));
    expect(result.events).toEqual([{ type: 'reset' }]);
    expect(result.progress.items).toEqual([
      { id: 'a', state: 'pending', updatedAt: null },
      { id: 'b', state: 'pending', updatedAt: null },
      { id: 'opt', state: 'pending', updatedAt: null },
    ]);
    expect(result.progress).toMatchObject({
      state: 'not_started',
      doneCount: 0,
      requiredCount: 2,
      startedAt: null,
      completedAt: null,
      dismissedAt: null,
      snoozedUntil: null,
      updatedAt: iso(T3),
    });
  });

  it('clears a dismissal of an untouched flow', () => {
    const dismissed = run(newProgress(context(STANDARD), T0), STANDARD, [dismiss]);
    const result = ok(applyOperation(dismissed, reset, STANDARD, T3));
    expect(result.changed).toBe(true);
    expect(result.progress).toMatchObject({ state: 'not_started', dismissedAt: null });
  });

  it('clears a snooze of an untouched flow', () => {
    const snoozed = run(newProgress(context(STANDARD), T0), STANDARD, [snooze(1)]);
    const result = ok(applyOperation(snoozed, reset, STANDARD, T3));
    expect(result.changed).toBe(true);
    expect(result.progress).toMatchObject({ state: 'not_started', snoozedUntil: null });
  });

  it('resets touched items even when the stored progress never recorded startedAt (e.g. a host\'s own store)', () => {
    const stored: Progress = {
      ...newProgress(context(STANDARD), T0),
      state: 'in_progress',
      items: [
        { id: 'a', state: 'completed', updatedAt: iso(T1) },
        { id: 'b', state: 'pending', updatedAt: null },
        { id: 'opt', state: 'pending', updatedAt: null },
      ],
      doneCount: 1,
      updatedAt: iso(T1),
    };
    const result = ok(applyOperation(stored, reset, STANDARD, T3));
    expect(result.changed).toBe(true);
    expect(result.events).toEqual([{ type: 'reset' }]);
    expect(stateOf(result.progress)).toEqual({ a: 'pending', b: 'pending', opt: 'pending' });
  });

  it('changes nothing on a fresh progress', () => {
    const fresh = newProgress(context(STANDARD), T0);
    expect(applyOperation(fresh, reset, STANDARD, T1)).toEqual({ ok: true, progress: fresh, changed: false, events: [] });
  });

  it('changes nothing when repeated', () => {
    const once = ok(applyOperation(standardIn('in_progress'), reset, STANDARD, T3)).progress;
    expect(applyOperation(once, reset, STANDARD, T4)).toEqual({ ok: true, progress: once, changed: false, events: [] });
  });

  it('lets the flow be worked through again, reporting flow_completed again', () => {
    const again = ok(applyOperation(standardIn('completed'), reset, STANDARD, T3)).progress;
    const redone = run(again, STANDARD, [complete('a')], T3);
    const result = ok(applyOperation(redone, complete('b'), STANDARD, T4));
    expect(result.events).toEqual([{ type: 'item_completed', itemId: 'b' }, { type: 'flow_completed' }]);
    expect(result.progress).toMatchObject({ startedAt: iso(T3), completedAt: iso(T4) });
  });
});

// ---------------------------------------------------------------------------------------------
// Completion
// ---------------------------------------------------------------------------------------------

describe('flow completion', () => {
  it('reports flow_completed after the item event when the last required item is completed', () => {
    const inProgress = standardIn('in_progress');
    const result = ok(applyOperation(inProgress, complete('b'), STANDARD, T3));
    expect(result.events).toEqual([{ type: 'item_completed', itemId: 'b' }, { type: 'flow_completed' }]);
    expect(result.progress).toMatchObject({ state: 'completed', completedAt: iso(T3), doneCount: 2, requiredCount: 2 });
  });

  it('reports flow_completed when the last required item is skipped', () => {
    const result = ok(applyOperation(standardIn('in_progress'), skip('b'), STANDARD, T3));
    expect(result.events).toEqual([{ type: 'item_skipped', itemId: 'b' }, { type: 'flow_completed' }]);
    expect(result.progress).toMatchObject({ state: 'completed', completedAt: iso(T3) });
  });

  it('completes a flow whose required items were all skipped', () => {
    const progress = run(newProgress(context(STANDARD), T0), STANDARD, [skip('a'), skip('b')]);
    expect(progress.state).toBe('completed');
  });

  it('reports flow_completed exactly once: later writes on a completed flow do not repeat it', () => {
    const events: ProgressEvent[] = [];
    let progress = newProgress(context(STANDARD), T0);
    const operations = [complete('a'), complete('b'), complete('opt'), dismiss, resume, complete('b')];
    operations.forEach((operation, i) => {
      const result = ok(applyOperation(progress, operation, STANDARD, at(10 + i)));
      events.push(...result.events);
      progress = result.progress;
    });
    expect(events.filter((event) => event.type === 'flow_completed')).toHaveLength(1);
    expect(progress.completedAt).toBe(iso(at(11)));
  });

  it('keeps completedAt when a skipped item of a completed flow is completed, without flow_completed', () => {
    const completed = run(newProgress(context(STANDARD), T0), STANDARD, [complete('a'), skip('b')], T1);
    const result = ok(applyOperation(completed, complete('b'), STANDARD, T4));
    expect(result.events).toEqual([{ type: 'item_completed', itemId: 'b' }]);
    expect(result.progress.completedAt).toBe(iso(at(11)));
  });

  it('does not need optional items: pending optional items leave the flow completed', () => {
    const progress = standardIn('completed');
    expect(stateOf(progress).opt).toBe('pending');
    expect(progress).toMatchObject({ state: 'completed', doneCount: 2, requiredCount: 2 });
  });

  it('does not complete on optional items alone while a required item is pending', () => {
    const progress = run(newProgress(context(STANDARD), T0), STANDARD, [complete('opt'), complete('a')]);
    expect(progress).toMatchObject({ state: 'in_progress', completedAt: null, doneCount: 2, requiredCount: 2 });
  });

  describe('when every item is optional', () => {
    const allOptional = config({
      items: [
        { id: 'x', title: 'X', optional: true },
        { id: 'y', title: 'Y', optional: true },
      ],
    });

    it('needs every item', () => {
      const progress = run(newProgress(context(allOptional), T0), allOptional, [complete('x')]);
      expect(progress).toMatchObject({ state: 'in_progress', completedAt: null, doneCount: 1, requiredCount: 2 });
    });

    it('completes when every item is completed or skipped, reporting flow_completed', () => {
      const partial = run(newProgress(context(allOptional), T0), allOptional, [complete('x')]);
      const result = ok(applyOperation(partial, skip('y'), allOptional, T3));
      expect(result.events).toEqual([{ type: 'item_skipped', itemId: 'y' }, { type: 'flow_completed' }]);
      expect(result.progress).toMatchObject({ state: 'completed', completedAt: iso(T3) });
    });
  });

  describe('an empty flow', () => {
    const empty = config({});

    it('never completes', () => {
      const progress = newProgress(context(empty), T0);
      expect(progress.state).toBe('not_started');
      expect(progress.completedAt).toBeNull();
      const resumed = run(progress, empty, [dismiss, resume]);
      expect(resumed.state).toBe('not_started');
      expect(resumed.completedAt).toBeNull();
    });

    it('refuses to complete or skip any item with item_not_found', () => {
      const progress = newProgress(context(empty), T0);
      expect(refused(applyOperation(progress, complete('a'), empty, T1)).refusal).toBe('item_not_found');
      expect(refused(applyOperation(progress, skip('a'), empty, T1)).refusal).toBe('item_not_found');
    });

    it('can still be dismissed and snoozed', () => {
      const progress = newProgress(context(empty), T0);
      expect(ok(applyOperation(progress, dismiss, empty, T1)).progress.state).toBe('dismissed');
      expect(ok(applyOperation(progress, snooze(1), empty, T1)).progress.state).toBe('snoozed');
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Timestamps
// ---------------------------------------------------------------------------------------------

describe('timestamps', () => {
  it('sets startedAt on the first item write and keeps it on later ones', () => {
    const progress = run(newProgress(context(STANDARD), T0), STANDARD, [complete('a'), complete('b'), skip('opt')], T1);
    expect(progress.startedAt).toBe(iso(T1));
    expect(progress.updatedAt).toBe(iso(at(12)));
  });

  it('sets startedAt when the first item write is a skip', () => {
    const progress = run(newProgress(context(STANDARD), T0), STANDARD, [skip('opt')], T2);
    expect(progress.startedAt).toBe(iso(T2));
  });

  it('does not set startedAt on dismiss, snooze or resume', () => {
    const progress = run(newProgress(context(STANDARD), T0), STANDARD, [snooze(1), resume, dismiss, resume]);
    expect(progress.startedAt).toBeNull();
    expect(progress.state).toBe('not_started');
  });

  it('stamps only the item that changed', () => {
    const progress = run(newProgress(context(STANDARD), T0), STANDARD, [complete('a'), skip('opt')], T1);
    expect(progress.items).toEqual([
      { id: 'a', state: 'completed', updatedAt: iso(T1) },
      { id: 'b', state: 'pending', updatedAt: null },
      { id: 'opt', state: 'skipped', updatedAt: iso(at(11)) },
    ]);
  });

  it('leaves updatedAt alone on a write that changes nothing', () => {
    const progress = standardIn('in_progress');
    expect(ok(applyOperation(progress, complete('a'), STANDARD, T4)).progress.updatedAt).toBe(iso(T1));
    expect(ok(applyOperation(progress, resume, STANDARD, T4)).progress.updatedAt).toBe(iso(T1));
  });

  it('uses the given now, never the clock', () => {
    const past = new Date('2001-02-03T04:05:06.000Z');
    const result = ok(applyOperation(newProgress(context(STANDARD), past), complete('a'), STANDARD, past));
    expect(result.progress).toMatchObject({ startedAt: past.toISOString(), updatedAt: past.toISOString() });
  });
});

// ---------------------------------------------------------------------------------------------
// Snooze expiry and flowStateOf
// ---------------------------------------------------------------------------------------------

describe('snooze expiry', () => {
  const snoozedAt = T2;
  const until = new Date(snoozedAt.getTime() + 3 * DAY);

  it('is still snoozed one millisecond before until', () => {
    expect(flowStateOf(standardIn('snoozed'), new Date(until.getTime() - 1))).toBe('snoozed');
  });

  it('shows the underlying state from until on, without any write', () => {
    const stored = standardIn('snoozed');
    expect(flowStateOf(stored, until)).toBe('in_progress');
    expect(flowStateOf(stored, new Date(until.getTime() + DAY))).toBe('in_progress');
    expect(stored.snoozedUntil).toBe(iso(until));
  });

  it('shows not_started for an untouched flow whose snooze ran out', () => {
    const stored = run(newProgress(context(STANDARD), T0), STANDARD, [snooze(1)], T1);
    expect(flowStateOf(stored, new Date(T1.getTime() + 2 * DAY))).toBe('not_started');
  });

  it('reads snoozedUntil as null and the underlying state in the progress any later call returns', () => {
    const stored = standardIn('snoozed');
    const later = new Date(until.getTime() + 1);
    const noop = ok(applyOperation(stored, complete('a'), STANDARD, later));
    expect(noop.changed).toBe(false);
    expect(noop.progress).toMatchObject({ state: 'in_progress', snoozedUntil: null, updatedAt: iso(snoozedAt) });
    expect(reconcile(stored, context(STANDARD), later)).toMatchObject({ state: 'in_progress', snoozedUntil: null });
    expect(completeByEvent(stored, 'nothing', STANDARD, later).progress).toMatchObject({ state: 'in_progress', snoozedUntil: null });
  });

  it('lets an item write after expiry leave the flow unsnoozed', () => {
    const later = new Date(until.getTime() + 1);
    const result = ok(applyOperation(standardIn('snoozed'), complete('opt'), STANDARD, later));
    expect(result.progress).toMatchObject({ state: 'in_progress', snoozedUntil: null });
  });

  it('shows completed once the snooze of a flow completed while snoozed runs out', () => {
    const snoozed = standardIn('snoozed');
    const completedWhileSnoozed = ok(applyOperation(snoozed, complete('b'), STANDARD, T3));
    expect(completedWhileSnoozed.events).toEqual([{ type: 'item_completed', itemId: 'b' }, { type: 'flow_completed' }]);
    expect(completedWhileSnoozed.progress.state).toBe('snoozed');
    expect(flowStateOf(completedWhileSnoozed.progress, until)).toBe('completed');
  });
});

describe('flowStateOf', () => {
  const pending = [{ id: 'a', state: 'pending' as const, updatedAt: null }];
  const touched = [{ id: 'a', state: 'skipped' as const, updatedAt: iso(T1) }];
  const none = { dismissedAt: null, snoozedUntil: null, completedAt: null };

  it('is not_started while every item is pending', () => {
    expect(flowStateOf({ ...none, items: pending }, T2)).toBe('not_started');
  });

  it('is in_progress once any item is completed or skipped', () => {
    expect(flowStateOf({ ...none, items: touched }, T2)).toBe('in_progress');
  });

  it('is completed when completedAt is set', () => {
    expect(flowStateOf({ ...none, items: touched, completedAt: iso(T1) }, T2)).toBe('completed');
  });

  it('puts a running snooze over completed', () => {
    expect(flowStateOf({ ...none, items: touched, completedAt: iso(T1), snoozedUntil: iso(T4) }, T2)).toBe('snoozed');
  });

  it('puts dismissed over everything, even a running snooze', () => {
    expect(flowStateOf({ items: touched, completedAt: iso(T1), snoozedUntil: iso(T4), dismissedAt: iso(T1) }, T2)).toBe('dismissed');
  });
});

// ---------------------------------------------------------------------------------------------
// reconcile (republish)
// ---------------------------------------------------------------------------------------------

describe('reconcile', () => {
  const REVISED = config({
    items: [
      { id: 'new', title: 'Brand new step' },
      { id: 'opt', title: 'Read the docs', optional: true },
      { id: 'a', title: 'Create a project (renamed)' },
    ],
  });

  it('keeps surviving items with their state and timestamp, drops removed ones and adds new ones pending, in the new order', () => {
    const before = run(newProgress(context(STANDARD), T0), STANDARD, [complete('a'), complete('b'), skip('opt')], T1);
    const after = reconcile(before, context(REVISED, 'rev_2'), T4);
    expect(after.items).toEqual([
      { id: 'new', state: 'pending', updatedAt: null },
      { id: 'opt', state: 'skipped', updatedAt: iso(at(12)) },
      { id: 'a', state: 'completed', updatedAt: iso(T1) },
    ]);
    expect(ProgressSchema.safeParse(after).success).toBe(true);
  });

  it('moves the progress to the new revisionId', () => {
    const after = reconcile(standardIn('in_progress'), context(REVISED, 'rev_2'), T4);
    expect(after.revisionId).toBe('rev_2');
  });

  it('keeps the identity, startedAt, updatedAt, dismissal and snooze', () => {
    const dismissed = standardIn('dismissed');
    expect(reconcile(dismissed, context(REVISED, 'rev_2'), T4)).toMatchObject({
      flowId: 'flow_1',
      userId: 'user_1',
      workspaceKey: 'acct_1',
      mode: 'test',
      state: 'dismissed',
      startedAt: iso(T1),
      updatedAt: iso(T2),
      dismissedAt: iso(T2),
    });
    const snoozed = standardIn('snoozed');
    expect(reconcile(snoozed, context(REVISED, 'rev_2'), T4)).toMatchObject({ state: 'snoozed', snoozedUntil: snoozed.snoozedUntil });
  });

  it('sends a completed flow back to in_progress when a new required item appears', () => {
    const completed = standardIn('completed');
    const after = reconcile(completed, context(REVISED, 'rev_2'), T4);
    expect(after).toMatchObject({ state: 'in_progress', completedAt: null, doneCount: 1, requiredCount: 2 });
  });

  it('lets the flow complete again, with flow_completed, once the new required item is done', () => {
    const after = reconcile(standardIn('completed'), context(REVISED, 'rev_2'), T3);
    const result = ok(applyOperation(after, complete('new'), REVISED, T4));
    expect(result.events).toEqual([{ type: 'item_completed', itemId: 'new' }, { type: 'flow_completed' }]);
    expect(result.progress).toMatchObject({ state: 'completed', completedAt: iso(T4), revisionId: 'rev_2' });
  });

  it('keeps a completed flow completed, with its completedAt, when only an optional item is added', () => {
    const withOptional = config({ items: [...STANDARD.items, { id: 'extra', title: 'Extra', optional: true }] });
    const after = reconcile(standardIn('completed'), context(withOptional, 'rev_2'), T4);
    expect(after).toMatchObject({ state: 'completed', completedAt: iso(T2), requiredCount: 2 });
    expect(after.items.at(-1)).toEqual({ id: 'extra', state: 'pending', updatedAt: null });
  });

  it('completes a flow whose only pending required item was removed', () => {
    const withoutB = config({ items: [{ id: 'a', title: 'A' }, { id: 'opt', title: 'Opt', optional: true }] });
    const after = reconcile(standardIn('in_progress'), context(withoutB, 'rev_2'), T4);
    expect(after.state).toBe('completed');
    expect(after.completedAt).not.toBeNull();
    expect(after).toMatchObject({ doneCount: 1, requiredCount: 1 });
  });

  it('recounts completion when an item becomes optional', () => {
    const bOptional = config({ items: [{ id: 'a', title: 'A' }, { id: 'b', title: 'B', dependsOn: ['a'], optional: true }] });
    const after = reconcile(standardIn('in_progress'), context(bOptional, 'rev_2'), T4);
    expect(after).toMatchObject({ state: 'completed', requiredCount: 1, doneCount: 1 });
  });

  it('uncompletes a flow when an optional item that was not done becomes required', () => {
    const optRequired = config({ items: [{ id: 'a', title: 'A' }, { id: 'b', title: 'B', dependsOn: ['a'] }, { id: 'opt', title: 'Opt' }] });
    const after = reconcile(standardIn('completed'), context(optRequired, 'rev_2'), T4);
    expect(after).toMatchObject({ state: 'in_progress', completedAt: null, requiredCount: 3 });
  });

  it('never completes a flow republished with no items', () => {
    const after = reconcile(standardIn('completed'), context(config({}), 'rev_2'), T4);
    expect(after).toMatchObject({ items: [], state: 'not_started', completedAt: null, doneCount: 0, requiredCount: 0 });
  });

  it('gives the same progress when run twice', () => {
    const once = reconcile(standardIn('in_progress'), context(REVISED, 'rev_2'), T4);
    expect(reconcile(once, context(REVISED, 'rev_2'), T4)).toEqual(once);
  });

  it('returns an equal progress for the same revision and items', () => {
    const progress = standardIn('completed');
    expect(reconcile(progress, context(STANDARD), T4)).toEqual(progress);
  });
});

// ---------------------------------------------------------------------------------------------
// completeByEvent
// ---------------------------------------------------------------------------------------------

describe('completeByEvent', () => {
  const EVENTS = config({
    items: [
      { id: 'connect', title: 'Connect', completion: { kind: 'event', event: 'integration_connected' } },
      { id: 'invite', title: 'Invite', dependsOn: ['connect'], completion: { kind: 'event', event: 'teammate_invited' } },
      { id: 'invite_more', title: 'Invite more', optional: true, completion: { kind: 'event', event: 'teammate_invited' } },
      { id: 'teammate_invited', title: 'Manual item named like the event', optional: true },
    ],
  });
  const fresh = (): Progress => newProgress(context(EVENTS), T0);

  it('completes every pending item whose completion event matches, ignoring dependsOn', () => {
    const result = completeByEvent(fresh(), 'teammate_invited', EVENTS, T1);
    expect(result.completedItemIds).toEqual(['invite', 'invite_more']);
    expect(result.events).toEqual([
      { type: 'item_completed', itemId: 'invite' },
      { type: 'item_completed', itemId: 'invite_more' },
    ]);
    expect(stateOf(result.progress)).toEqual({ connect: 'pending', invite: 'completed', invite_more: 'completed', teammate_invited: 'pending' });
    expect(ProgressSchema.safeParse(result.progress).success).toBe(true);
  });

  it('matches by completion event only, never by item id or a manual item', () => {
    const result = completeByEvent(fresh(), 'teammate_invited', EVENTS, T1);
    expect(result.completedItemIds).not.toContain('teammate_invited');
  });

  it('matches the event name exactly', () => {
    expect(completeByEvent(fresh(), 'Teammate_Invited', EVENTS, T1).completedItemIds).toEqual([]);
    expect(completeByEvent(fresh(), 'teammate', EVENTS, T1).completedItemIds).toEqual([]);
  });

  it('stamps the items, startedAt and updatedAt with now', () => {
    const { progress } = completeByEvent(fresh(), 'integration_connected', EVENTS, T2);
    expect(progress.items[0]).toEqual({ id: 'connect', state: 'completed', updatedAt: iso(T2) });
    expect(progress).toMatchObject({ state: 'in_progress', startedAt: iso(T2), updatedAt: iso(T2), doneCount: 1 });
  });

  it('keeps an earlier startedAt', () => {
    const started = ok(applyOperation(fresh(), skip('teammate_invited'), EVENTS, T1)).progress;
    expect(completeByEvent(started, 'integration_connected', EVENTS, T3).progress.startedAt).toBe(iso(T1));
  });

  it('completes skipped items too, counting them in completedItemIds', () => {
    const skipped = run(fresh(), EVENTS, [skip('connect')], T1);
    const result = completeByEvent(skipped, 'integration_connected', EVENTS, T3);
    expect(result.completedItemIds).toEqual(['connect']);
    expect(result.events).toEqual([{ type: 'item_completed', itemId: 'connect' }]);
    expect(result.progress.items[0]).toEqual({ id: 'connect', state: 'completed', updatedAt: iso(T3) });
  });

  it('leaves already completed items out of completedItemIds and untouched', () => {
    const once = completeByEvent(fresh(), 'teammate_invited', EVENTS, T1).progress;
    const again = completeByEvent(once, 'teammate_invited', EVENTS, T3);
    expect(again).toEqual({ progress: once, completedItemIds: [], events: [] });
  });

  it('returns the progress unchanged, with no events, when nothing matches', () => {
    const progress = fresh();
    expect(completeByEvent(progress, 'unknown_event', EVENTS, T1)).toEqual({ progress, completedItemIds: [], events: [] });
  });

  it('reports flow_completed once, after the item events, when the event completes the flow', () => {
    const connected = completeByEvent(fresh(), 'integration_connected', EVENTS, T1);
    expect(connected.events).not.toContainEqual({ type: 'flow_completed' });
    const result = completeByEvent(connected.progress, 'teammate_invited', EVENTS, T2);
    expect(result.events).toEqual([
      { type: 'item_completed', itemId: 'invite' },
      { type: 'item_completed', itemId: 'invite_more' },
      { type: 'flow_completed' },
    ]);
    expect(result.progress).toMatchObject({ state: 'completed', completedAt: iso(T2) });
  });

  it('does not report flow_completed again for a flow already completed', () => {
    const completed = run(fresh(), EVENTS, [skip('connect'), skip('invite')], T1);
    expect(completed.state).toBe('completed');
    const result = completeByEvent(completed, 'integration_connected', EVENTS, T3);
    expect(result.events).toEqual([{ type: 'item_completed', itemId: 'connect' }]);
    expect(result.progress.completedAt).toBe(iso(at(11)));
  });

  it('records the completion while the flow stays dismissed', () => {
    const dismissed = run(fresh(), EVENTS, [dismiss], T1);
    const result = completeByEvent(dismissed, 'integration_connected', EVENTS, T3);
    expect(result.completedItemIds).toEqual(['connect']);
    expect(result.progress).toMatchObject({ state: 'dismissed', dismissedAt: iso(T1) });
  });

  it('completes an event item in a flow where skipping is turned off', () => {
    const noSkip = { ...EVENTS, toggles: { ...EVENTS.toggles, allowSkip: false } };
    expect(completeByEvent(newProgress(context(noSkip), T0), 'integration_connected', noSkip, T1).completedItemIds).toEqual(['connect']);
  });
});

// ---------------------------------------------------------------------------------------------
// blockingDependencies
// ---------------------------------------------------------------------------------------------

describe('blockingDependencies', () => {
  it('lists the pending dependencies of an item', () => {
    expect(blockingDependencies(newProgress(context(STANDARD), T0), STANDARD, 'b')).toEqual(['a']);
  });

  it('is empty once the dependencies are completed or skipped', () => {
    expect(blockingDependencies(run(newProgress(context(STANDARD), T0), STANDARD, [complete('a')]), STANDARD, 'b')).toEqual([]);
    expect(blockingDependencies(run(newProgress(context(STANDARD), T0), STANDARD, [skip('a')]), STANDARD, 'b')).toEqual([]);
  });

  it('is empty for an item without dependencies and for an unknown item', () => {
    const fresh = newProgress(context(STANDARD), T0);
    expect(blockingDependencies(fresh, STANDARD, 'a')).toEqual([]);
    expect(blockingDependencies(fresh, STANDARD, 'nope')).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Inputs are never mutated
// ---------------------------------------------------------------------------------------------

describe('purity', () => {
  const OPERATIONS: ProgressOperation[] = [complete('a'), complete('b'), complete('opt'), skip('a'), skip('opt'), dismiss, snooze(3), snooze(2), resume, reset];

  for (const state of FLOW_STATES) {
    it(`applyOperation never mutates a frozen ${state} progress, config or operation`, () => {
      for (const operation of OPERATIONS) {
        const progress = standardIn(state);
        const snapshot = clone(progress);
        const flowConfig = deepFreeze(clone(STANDARD));
        const frozenOperation = deepFreeze({ ...operation });
        deepFreeze(progress);
        expect(() => applyOperation(progress, frozenOperation, flowConfig, T3)).not.toThrow();
        expect(progress).toEqual(snapshot);
      }
    });
  }

  it('newProgress, reconcile, completeByEvent, flowStateOf and blockingDependencies never mutate frozen inputs', () => {
    const ctx = deepFreeze(context(clone(STANDARD)));
    expect(() => newProgress(ctx, T0)).not.toThrow();
    const progress = deepFreeze(standardIn('snoozed'));
    const snapshot = clone(progress);
    const revised = deepFreeze(context(config({ items: [{ id: 'a', title: 'A' }, { id: 'z', title: 'Z' }] }), 'rev_2'));
    const events = deepFreeze(
      config({ items: [{ id: 'a', title: 'A', completion: { kind: 'event', event: 'done' } }, { id: 'b', title: 'B' }] }),
    );
    expect(() => reconcile(progress, revised, new Date(T4.getTime() + 10 * DAY))).not.toThrow();
    expect(() => completeByEvent(progress, 'done', events, new Date(T4.getTime() + 10 * DAY))).not.toThrow();
    expect(() => flowStateOf(progress, T4)).not.toThrow();
    expect(() => blockingDependencies(progress, ctx.config, 'b')).not.toThrow();
    expect(progress).toEqual(snapshot);
  });

  it('returns a new progress object for a changing write', () => {
    const progress = deepFreeze(newProgress(context(STANDARD), T0));
    const result = ok(applyOperation(progress, complete('a'), STANDARD, T1));
    expect(result.progress).not.toBe(progress);
    expect(result.progress.items).not.toBe(progress.items);
    expect(progress.items[0]?.state).toBe('pending');
  });
});
