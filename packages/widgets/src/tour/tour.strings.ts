import { type ChecklistStrings, checklistWriteStrings } from '../checklist/checklist.strings.js';

/**
 * Every text `<inlay-tour>` shows or announces that does not come from the flow's config. Set
 * `tour.strings = { … }` with any subset to translate or reword them; functions receive the
 * values they interpolate. The announcements of saved steps (`announceComplete`, …) are the
 * checklist's ({@link ChecklistStrings}), worded for a tour.
 */
export interface TourStrings
  extends Pick<ChecklistStrings, 'progress' | 'announceFailure' | 'announceComplete' | 'announceSkip' | 'announceFlowComplete' | 'announceDismiss'> {
  /** "Step 2 of 5". */
  stepOf: (step: number, total: number) => string;
  next: string;
  back: string;
  /** The last step's Next. */
  done: string;
  /** Skips the step (the progress operation `skip`). */
  skip: string;
  /** Accessible name of the close button, which dismisses the tour (as Escape does). */
  dismissLabel: string;
  /** Under a step done by clicking its element (`advance: "click"`). */
  clickHint: string;
  /** Under a step done by an outcome (`advance: "event"`). */
  eventHint: string;
  /** Accessible name of a hotspot's beacon. */
  openHotspot: (title: string) => string;
  /** A hotspot's button that marks it done. */
  gotIt: string;
  /** Accessible name of a hotspot's close button. */
  closeHotspot: string;
}

/** Texts whose English defaults load with the module that shows them (hotspots.ts, the write path). @internal */
type ModuleKey = 'openHotspot' | 'gotIt' | 'closeHotspot' | 'announceComplete' | 'announceSkip';

/** The texts the tour has before its modules load. @internal */
export type TourViewStrings = Omit<TourStrings, ModuleKey> & Partial<TourStrings>;

/** The English texts of the tour's steps: what its script-tag bundle carries. @internal */
export const tourViewStrings: Omit<TourStrings, ModuleKey> = {
  stepOf: (step, total) => `Step ${step} of ${total}`,
  next: 'Next',
  back: 'Back',
  done: 'Done',
  skip: 'Skip',
  dismissLabel: 'Close tour',
  clickHint: 'Click the highlighted element to continue.',
  eventHint: 'This step completes when you do it.',
  progress: (done, total) => `${done} of ${total} done`,
  announceFailure: 'That change could not be saved and was undone.',
  announceFlowComplete: 'Tour complete.',
  announceDismiss: 'Tour closed.',
};

/** The English texts of hotspots, in their module (hotspots.ts). @internal */
export const hotspotStrings: Pick<TourStrings, 'openHotspot' | 'gotIt' | 'closeHotspot'> = {
  openHotspot: (title) => `Hint: ${title}`,
  gotIt: 'Got it',
  closeHotspot: 'Close hint',
};

/**
 * The English texts of `<inlay-tour>`; a saved step's announcements are the checklist's write
 * path's. A pure call, not a spread: the script-tag bundle, which loads those with their modules,
 * drops it whole.
 */
export const defaultTourStrings: TourStrings = /* @__PURE__ */ Object.assign({}, tourViewStrings, hotspotStrings, {
  announceComplete: checklistWriteStrings.announceComplete,
  announceSkip: checklistWriteStrings.announceSkip,
});
