/**
 * Every text `<inlay-checklist>` shows or announces that does not come from the flow's config.
 * Set `checklist.strings = { … }` with any subset to translate or reword them; functions receive
 * the values they interpolate.
 *
 * @example
 * ```ts
 * checklist.strings = {
 *   progress: (done, total) => `${done} sur ${total} terminées`,
 *   skip: 'Passer',
 * };
 * ```
 */
export interface ChecklistStrings {
  /** Accessible name of the whole widget while loading. */
  loading: string;
  /** Heading of the error state. */
  errorTitle: string;
  /** Shown under the heading of the error state; `code` is the error's code when known. */
  errorMessage: (code: string | undefined) => string;
  retry: string;
  /** Summary beside the progress bar, e.g. "2 of 5 done". */
  progress: (done: number, total: number) => string;
  /** Accessible name of the progress bar. */
  progressLabel: string;
  /** Shown when the flow has no items and no `emptyState` text. */
  empty: string;
  /** Heading and text of the completed state. */
  completeTitle: string;
  completeMessage: string;
  skip: string;
  /** Accessible name of the skip button for one item. */
  skipItem: (title: string) => string;
  skipped: string;
  /** The button of an item that points at an element of the page (`anchor`): shows its step. */
  showMe: string;
  /** Why an item cannot be done yet; `titles` are the items it depends on. */
  blockedBy: (titles: string[]) => string;
  optional: string;
  /** Accessible name of the dismiss button. */
  dismissLabel: string;
  /** Label of the snooze choice group. */
  snoozeLabel: string;
  snoozeDays: (days: number) => string;
  reset: string;
  /** The compact button shown while the checklist is dismissed or snoozed. */
  show: string;
  snoozedUntil: (until: Date) => string;
  /** Live-region announcements; the `progress` text follows the first two. */
  announceComplete: (title: string) => string;
  announceSkip: (title: string) => string;
  announceFlowComplete: string;
  announceSnooze: (until: Date) => string;
  announceDismiss: string;
  announceResume: string;
  announceReset: string;
  /** Announced when a write failed and the change was undone. */
  announceFailure: string;
}

const date = (until: Date): string => until.toLocaleDateString(undefined, { dateStyle: 'medium' });

/** The keys of the write path's texts (its defaults load with it). @internal */
export type ChecklistWriteKey = 'announceComplete' | 'announceSkip' | 'announceFlowComplete' | 'announceSnooze' | 'announceDismiss' | 'announceResume' | 'announceReset';

/** The texts an element has before its write path loads: all but the write path's defaults. @internal */
export type ChecklistViewStrings = Omit<ChecklistStrings, ChecklistWriteKey> & Partial<ChecklistStrings>;

/** The English texts the checklist shows itself: what it needs before its write path (progress-writes.ts) loads. @internal */
export const checklistViewStrings: Omit<ChecklistStrings, ChecklistWriteKey> = {
  loading: 'Loading checklist',
  errorTitle: 'This checklist could not be loaded',
  errorMessage: (code) => (code ? `Something went wrong (${code}).` : 'Check your connection and try again.'),
  retry: 'Try again',
  progress: (done, total) => `${done} of ${total} done`,
  progressLabel: 'Checklist progress',
  empty: 'Nothing to do here yet.',
  completeTitle: 'All done!',
  completeMessage: 'You have completed every step.',
  skip: 'Skip',
  skipItem: (title) => `Skip “${title}”`,
  skipped: 'Skipped',
  showMe: 'Show me',
  blockedBy: (titles) => `Finish ${titles.map((t) => `“${t}”`).join(', ')} first.`,
  optional: 'Optional',
  dismissLabel: 'Dismiss checklist',
  snoozeLabel: 'Remind me in',
  snoozeDays: (days) => (days === 7 ? '1 week' : `${days} day${days === 1 ? '' : 's'}`),
  reset: 'Start over',
  show: 'Show checklist',
  snoozedUntil: (until) => `Snoozed until ${date(until)}`,
  announceFailure: 'That change could not be saved and was undone.',
};

/** The English announcements of writes, in the write path's module. @internal */
export const checklistWriteStrings: Pick<ChecklistStrings, ChecklistWriteKey> = {
  announceComplete: (title) => `Completed “${title}”.`,
  announceSkip: (title) => `Skipped “${title}”.`,
  announceFlowComplete: 'Checklist complete.',
  announceSnooze: (until) => `Checklist snoozed until ${date(until)}.`,
  announceDismiss: 'Checklist dismissed.',
  announceResume: 'Checklist shown.',
  announceReset: 'Checklist started over.',
};

/**
 * The default (English) strings. A pure call, not a spread: a bundle that does not use it (the
 * script-tag bundles, which load the write path's texts with it) drops it whole.
 */
export const defaultChecklistStrings: ChecklistStrings = /* @__PURE__ */ Object.assign({}, checklistViewStrings, checklistWriteStrings);
