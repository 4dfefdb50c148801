import type { ReactiveControllerHost } from 'lit';
import type { ProgressStore } from '@inlay/client';
import { onboardingWrites, type OnboardingWrites, type Transport } from '@inlay/client/internal';
import { applyOperation, type Progress, type ProgressOperation } from '@inlay/core';
import type { Guard, ResourceController } from '../base/resource-controller.js';
import { ResourceSync } from '../base/resource-sync.js';
import { InlayDismissEvent, InlayFlowCompleteEvent, InlayItemCompleteEvent } from '../events.js';
import { type ChecklistStrings, type ChecklistWriteKey, checklistWriteStrings } from './checklist.strings.js';
import { counts, isProgress, type PublishedFlow, reconcileWith, titleOf } from './flow-progress.js';

/**
 * The checklist's write path: completions, skips, snoozes, dismissals, resume and reset, shown at
 * once with `@inlay/core`'s state machine and rolled back if the store refuses them. Not needed
 * to show the checklist, so the script-tag bundle loads it as a module beside itself
 * (`inlay-checklist.writes.js`) when the element connects (docs/widgets.md, "Files of the
 * script-tag bundles"). It imports neither Lit nor the request core: what it needs of the element
 * comes in through a {@link ChecklistPort}.
 */

/**
 * The texts a write path needs of its element (`<inlay-checklist>`'s or `<inlay-tour>`'s): the
 * progress summary and the failure announcement; the English announcements of writes are this
 * module's (checklistWriteStrings), and an element's translation may replace them.
 */
export type WriteTexts = Pick<ChecklistStrings, 'progress' | 'announceFailure'> & Partial<ChecklistStrings>;

/** The element, as its write path sees it. Names without `_`: the bundle shortens those (vite.config.ts). */
export interface ChecklistPort {
  readonly flow?: PublishedFlow;
  /** The store's last word on progress. */
  readonly confirmed?: Progress;
  readonly store?: ProgressStore;
  /** The element's texts; the English announcements of writes are this module's (checklistWriteStrings). */
  readonly text: WriteTexts;
  /**
   * The element and its loader, for the refetch on return and the other tabs (base/resource-sync.ts);
   * its attributes name the other tabs' channel.
   */
  readonly host: ReactiveControllerHost & { readonly baseUrl: string; readonly flowId: string; readonly workspaceKey?: string | undefined; readonly userId?: string | undefined };
  readonly resource: ResourceController;
  /** The user the author token names (its `sub`), when there is one. */
  subject(): string | undefined;
  /** A check that the shown source is still the one loaded now (base/resource-controller.ts). */
  current(): () => boolean;
  /** Adopts a saved progress as the store's last word, and renders. */
  confirm(progress: Progress): void;
  /** Sets the live region's text and the control to focus after the next render, and renders. */
  announce(text: string, focus?: string): void;
  emit(event: Event): void;
  report(error: unknown, operation: ProgressOperation): void;
}

export class ProgressWrites {
  /** Writes in flight, in the order they were made: what is shown is the confirmed progress with these applied. */
  pending: readonly ProgressOperation[] = [];
  readonly #port: ChecklistPort;
  /** Writes reach the store one at a time, in the order they were made. */
  #queue: Promise<void> = Promise.resolve();

  /**
   * The `BroadcastChannel` name of the other tabs of this user and flow (same server, flow,
   * account and user), or undefined before they are known.
   */
  #channel(): string | undefined {
    const { host, flow } = this.#port;
    const user = host.userId || this.#port.subject();
    if (!user || !flow) return undefined;
    return `inlay:checklist\n${host.baseUrl}\n${host.flowId}\n${host.workspaceKey || ''}\n${user}`;
  }

  /**
   * Sends a write to the hosted progress routes over the element's `transport`: the `apply` of its
   * hosted store (flow-element.ts), so the write routes come with this module, not the bundle.
   */
  send(transport: Transport, ...write: Parameters<OnboardingWrites['apply']>): ReturnType<OnboardingWrites['apply']> {
    return onboardingWrites(transport).apply(...write);
  }

  /**
   * The refetch when the page comes back into view and the user's other tabs (docs/widgets.md,
   * "Several tabs"): here rather than in the bundle, as neither is needed for the first paint.
   */
  readonly #sync: ResourceSync;

  constructor(port: ChecklistPort) {
    this.#port = port;
    this.#sync = new ResourceSync(port.host, port.resource, {
      refresh: (guard) => this.#refresh(guard),
      channel: () => this.#channel(),
      receive: (message) => this.#receive(message),
    });
  }

  /** Back in view: the server's progress replaces the shown one, unless writes are in flight. */
  #refresh(guard: Guard): Promise<void> | undefined {
    const { store, flow, confirmed } = this.#port;
    if (!store || !flow || !confirmed) return undefined;
    return (async () => {
      const loaded = await guard(store.load());
      if (!this.pending.length) this.#port.confirm(reconcileWith(flow, loaded));
    })();
  }

  /**
   * Progress another tab saved. Adopted as the store's last word without events: the tab that
   * made the change sent them (a dismissal there never fires `inlay-flow-complete` here).
   */
  #receive(message: unknown): void {
    const progress = (message as { progress?: unknown } | null)?.progress;
    const flow = this.#port.flow;
    if (!flow || !isProgress(progress) || progress.flowId !== flow.id) return;
    this.#port.confirm(reconcileWith(flow, progress));
  }

  /** Rereads the progress quietly while `itemId` (a tour's step done by an outcome) shows; undefined stops (base/resource-sync.ts). */
  poll(itemId: string | undefined): void {
    this.#sync.poll(itemId);
  }

  /** A new flow, user or store: writes of the old one no longer count (each also checks `current`). */
  reset(): void {
    this.pending = [];
    this.#queue = Promise.resolve();
  }

  /** The confirmed progress with the writes still in flight applied on top. */
  shown(): Progress | undefined {
    let progress = this.#port.confirmed;
    const flow = this.#port.flow;
    if (!progress || !flow) return progress;
    for (const operation of this.pending) {
      const result = applyOperation(progress, operation, flow.config);
      if (result.ok) progress = result.progress;
    }
    return progress;
  }

  /** Shows the write at once, then saves it; a refusal rolls it back. */
  write(operation: ProgressOperation, focus?: string): void {
    const port = this.#port;
    const { flow, store } = port;
    const shown = this.shown();
    if (!flow || !shown || !store) return;
    const result = applyOperation(shown, operation, flow.config);
    if (!result.ok) {
      // The controls offer only legal moves; this is a click on a render that is out of date.
      port.report(Object.assign(new Error(result.message), { code: result.refusal }), operation);
      return;
    }
    if (!result.changed) return;
    this.pending = [...this.pending, operation];
    const current = port.current();
    port.announce(this.#announce(operation, result.progress, flow), focus);
    this.#queue = this.#queue.then(() => this.#save(store, flow, operation, current));
  }

  async #save(store: ProgressStore, flow: PublishedFlow, operation: ProgressOperation, current: () => boolean): Promise<void> {
    const port = this.#port;
    let saved: Progress | undefined;
    let failure: unknown;
    try {
      saved = reconcileWith(flow, await store.apply(operation));
    } catch (error) {
      failure = error;
      // A conflict carries the server's current progress: adopt it rather than a stale copy.
      const latest = (error as { current?: unknown } | null | undefined)?.current;
      if (isProgress(latest)) saved = reconcileWith(flow, latest);
    }
    if (!current()) return;
    const before = port.confirmed;
    if (saved) {
      port.confirm(saved);
      this.#sync.publish({ progress: saved });
    }
    this.pending = this.pending.filter((entry) => entry !== operation);
    if (failure === undefined && saved) {
      this.#emitOutcome(operation, before, saved);
    } else {
      port.announce(port.text.announceFailure);
      port.report(failure, operation);
    }
  }

  /** Events for what a confirmed write changed (an idempotent repeat changes nothing). */
  #emitOutcome(operation: ProgressOperation, before: Progress | undefined, saved: Progress): void {
    const { flowId } = saved;
    const port = this.#port;
    const completed = (progress: Progress | undefined): boolean =>
      operation.type === 'complete' && progress?.items.find((item) => item.id === operation.itemId)?.state === 'completed';
    if (operation.type === 'complete' && !completed(before) && completed(saved)) {
      port.emit(new InlayItemCompleteEvent({ flowId, itemId: operation.itemId, progress: saved }));
    }
    if (before?.completedAt === null && saved.completedAt !== null) {
      port.emit(new InlayFlowCompleteEvent({ flowId, progress: saved }));
    }
    if (operation.type === 'dismiss' && before?.state !== 'dismissed' && saved.state === 'dismissed') {
      port.emit(new InlayDismissEvent({ flowId, progress: saved }));
    }
  }

  #announce(operation: ProgressOperation, next: Progress, flow: PublishedFlow): string {
    const t: Pick<ChecklistStrings, ChecklistWriteKey | 'progress'> = { ...checklistWriteStrings, ...this.#port.text };
    const after = ` ${t.progress(...counts(flow, next))}.${next.state === 'completed' ? ` ${t.announceFlowComplete}` : ''}`;
    switch (operation.type) {
      case 'complete':
        return t.announceComplete(titleOf(flow, operation.itemId)) + after;
      case 'skip':
        return t.announceSkip(titleOf(flow, operation.itemId)) + after;
      case 'snooze':
        return t.announceSnooze(new Date(next.snoozedUntil ?? 0));
      case 'dismiss':
        return t.announceDismiss;
      case 'resume':
        return t.announceResume;
      case 'reset':
        return t.announceReset;
    }
  }
}
