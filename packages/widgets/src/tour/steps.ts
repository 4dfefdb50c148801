import { blockingDependencies, type ChecklistItem, onPages, type Progress } from '@inlay/core';
import type { PublishedFlow } from '../checklist/flow-progress.js';

/**
 * Which steps `<inlay-tour>` shows (docs/onboarding.md, "Tours and hotspots"): pure, over the
 * published flow, the progress shown and the page's path.
 */

/** What the element asks for beyond the progress: a manual start, and steps passed over on this page. */
export interface TourView {
  /** `location.pathname`; undefined in the dashboard's preview, where every page matches. */
  path: string | undefined;
  /** `element.start(itemId?)` was called: a manual tour shows; a checklist shows the one item. */
  started: boolean;
  from?: string | undefined;
  /** Steps whose element did not appear in time and whose fallback is `skip`. */
  passed: ReadonlySet<string>;
}

const onPage = (item: ChecklistItem, path: string | undefined): boolean => path === undefined || !item.anchor?.page || onPages([item.anchor.page], path);

/** Whether the flow shows at all on this page for this progress. */
export function running(flow: PublishedFlow, progress: Progress, view: TourView): boolean {
  const { config } = flow;
  if ((view.path !== undefined && !onPages(config.pages, view.path)) || (progress.state !== 'not_started' && progress.state !== 'in_progress')) return false;
  // A checklist shows a step only through "Show me"; a manual tour once started, here or before.
  if ((config.presentation ?? 'checklist') === 'checklist') return view.started && view.from !== undefined;
  return config.start !== 'manual' || view.started || progress.startedAt !== null;
}

/** The items still to do, in order, that nothing blocks: a tour's candidates for its next step. */
function open(flow: PublishedFlow, progress: Progress): ChecklistItem[] {
  const pending = new Set(progress.items.filter((item) => item.state === 'pending').map((item) => item.id));
  return flow.config.items.filter((item) => pending.has(item.id) && blockingDependencies(progress, flow.config, item.id).length === 0);
}

/**
 * The step of a tour: the first open item not passed over, or the "Show me" item of a checklist;
 * undefined when that step belongs to another page (the tour waits for it).
 */
export function currentStep(flow: PublishedFlow, progress: Progress, view: TourView): ChecklistItem | undefined {
  const candidates = open(flow, progress).filter((item) => !view.passed.has(item.id));
  const step = (flow.config.presentation ?? 'checklist') === 'checklist' ? candidates.find((item) => item.id === view.from) : candidates[0];
  return step && onPage(step, view.path) ? step : undefined;
}

/** The done steps before `step` on this page, oldest first: where Back goes. */
export function earlierSteps(flow: PublishedFlow, progress: Progress, step: ChecklistItem, path: string | undefined): ChecklistItem[] {
  const done = new Set(progress.items.filter((item) => item.state !== 'pending').map((item) => item.id));
  const items = flow.config.items;
  return items.slice(0, items.indexOf(step)).filter((item) => done.has(item.id) && onPage(item, path));
}

/** The items a hotspots flow shows beacons for on this page: open and anchored. */
export function hotspotItems(flow: PublishedFlow, progress: Progress, path: string): ChecklistItem[] {
  return open(flow, progress).filter((item) => item.anchor && onPage(item, path));
}
