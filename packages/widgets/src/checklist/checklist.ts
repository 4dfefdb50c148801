// Lit first, then the SDK, then the rest: the order modules take in the script-tag bundle, and
// this one lets gzip find more of this file's code within its 32 KB window (about 90 bytes).
import { html, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { createClient, createHostedProgressStore, type GetAuthorToken, isInlayError, type ProgressStore } from '@inlay/client';
import {
  applyOperation,
  blockingDependencies,
  type FlowConfig,
  isEligible,
  type Progress,
  type ProgressItem,
  type ProgressOperation,
  type PublishedConfig,
  reconcile,
  type Traits,
} from '@inlay/core';
import { AuthorSession } from '../base/author-session.js';
import { InlayElement } from '../base/inlay-element.js';
import { type Guard, ResourceController, StaleAnswer } from '../base/resource-controller.js';
import { InlayDismissEvent, InlayFlowCompleteEvent, InlayItemCompleteEvent } from '../events.js';
import { checklistStyles } from './checklist.styles.js';
import { checklistLocales } from './locales.js';
import { type ChecklistStrings, defaultChecklistStrings } from './checklist.strings.js';

type PublishedFlow = PublishedConfig<'flow', FlowConfig>;

/** Properties whose change means another flow, user, server, token source, store or preview config: everything is reloaded. */
const SOURCE = ['flowId', 'publishableKey', 'baseUrl', 'userId', 'workspaceKey', 'store', 'getAuthorToken', 'previewConfig'] as const;

const closeIcon = html`<svg width="16" height="16" aria-hidden="true"><path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" /></svg>`;

/**
 * An onboarding checklist (docs/onboarding.md): renders a published flow and the end user's progress,
 * and writes completions, skips, snoozes and dismissals through the hosted progress routes, or
 * through a host-supplied store on the BYO plan. Writes are optimistic: the next state is
 * computed with `@inlay/core`'s state machine and shown at once, then rolled back if the store
 * refuses it.
 *
 * @example
 * ```html
 * <inlay-checklist flow-id="flow_123" publishable-key="svc_live_pub_…"
 *   base-url="https://inlay.example.com/onboarding" user-id="user_42"></inlay-checklist>
 * ```
 *
 * @fires {InlayItemCompleteEvent} inlay-item-complete - An item was completed and saved. `detail: {flowId, itemId, progress}`.
 * @fires {InlayFlowCompleteEvent} inlay-flow-complete - The flow became complete and it was saved. `detail: {flowId, progress}`.
 * @fires {InlayDismissEvent} inlay-dismiss - The checklist was dismissed and it was saved. `detail: {flowId, progress}`.
 * @fires {InlayErrorEvent} inlay-error - Loading or a write failed (the write was rolled back). `detail: {error, operation?}`.
 *
 * @slot complete - Replaces the message shown once the flow is complete ("All done! …").
 *
 * @csspart base - The card around everything.
 * @csspart header - The title row.
 * @csspart title - The flow's name.
 * @csspart dismiss-button - The close button in the header.
 * @csspart summary - The "2 of 5 done" text.
 * @csspart progress - The progress bar's track (`role="progressbar"`).
 * @csspart progress-fill - The progress bar's filled part.
 * @csspart list - The `<ul>` of items.
 * @csspart item - One `<li>`.
 * @csspart item-checkbox - An item's checkbox.
 * @csspart item-title - An item's title (its checkbox's label).
 * @csspart item-description - An item's description.
 * @csspart item-action - An item's action link.
 * @csspart skip-button - An item's skip button.
 * @csspart footer - The row with snooze and reset.
 * @csspart snooze-button - One snooze choice.
 * @csspart reset-button - The "start over" button.
 * @csspart complete - The message shown when the flow is complete.
 * @csspart empty - The text shown when the flow has no items.
 * @csspart show-button - The button that brings back a dismissed or snoozed checklist.
 * @csspart error - The error state.
 * @csspart retry-button - The error state's retry button.
 *
 * @cssproperty --inlay-accent - Checkboxes, progress bar, links and focus ring. Default `#4f46e5`.
 * @cssproperty --inlay-accent-text - Text on the accent colour. Default `#fff`.
 * @cssproperty --inlay-font - Font family. Default: the system UI font.
 * @cssproperty --inlay-font-size - Base font size. Default `14px`.
 * @cssproperty --inlay-radius - Corner radius of the card. Default `12px`.
 * @cssproperty --inlay-spacing - Base spacing unit. Default `16px`.
 * @cssproperty --inlay-text-color - Main text. Default `#111827`.
 * @cssproperty --inlay-muted-color - Secondary text. Default `#4b5563`.
 * @cssproperty --inlay-surface-color - Card background. Default `#fff`.
 * @cssproperty --inlay-border-color - Card and separator lines. Default `#e5e7eb`.
 * @cssproperty --inlay-track-color - Progress bar track and loading placeholders. Default `#eceef2`.
 * @cssproperty --inlay-danger-color - Error text. Default `#b91c1c`.
 * @cssproperty --inlay-focus-color - Focus ring. Default: the accent.
 * @cssproperty --inlay-checklist-min-height - Space reserved while loading. Default `17rem`.
 * @cssproperty --inlay-shadow-color - Shadows, used at low opacity. Default `#101828`.
 */
export class InlayChecklist extends InlayElement {
  static override styles = [...InlayElement.styles, checklistStyles];
  static override locales = checklistLocales;

  // Declared without decorators: a static map is smaller in the script-tag bundle than decorator
  // calls plus Lit's decorator module, and needs no decorator transform in any tool. Field
  // initialisers below are plain assignments (useDefineForClassFields: false in tsconfig.json).
  static override properties: PropertyDeclarations = {
    flowId: { attribute: 'flow-id' },
    publishableKey: { attribute: 'publishable-key' },
    baseUrl: { attribute: 'base-url' },
    userId: { attribute: 'user-id' },
    workspaceKey: { attribute: 'workspace-key' },
    traits: { attribute: false },
    getAuthorToken: { attribute: false },
    store: { attribute: false },
    previewConfig: { attribute: false },
    strings: { attribute: false },
    _flow: { state: true },
    _confirmed: { state: true },
    _pending: { state: true },
    _announcement: { state: true },
  };

  /** Required: the published flow to show (`flow_…`). Attribute `flow-id`. */
  flowId = '';
  /** Required: a publishable key (`svc_test_pub_…` / `svc_live_pub_…`), never a secret key. Attribute `publishable-key`. */
  publishableKey = '';
  /** Required: the onboarding base URL, e.g. `https://inlay.example.com/onboarding`. Attribute `base-url`. */
  baseUrl = '';
  /** The host app's user; the hosted store needs it unless an author token names the user. Attribute `user-id`. */
  userId?: string;
  /** The host app's account the user belongs to, when progress is kept per account. Attribute `workspace-key`. */
  workspaceKey?: string;
  /**
   * Facts about the user for the flow's eligibility rules (`{plan: 'pro', seats: 3}`), evaluated in
   * the browser and never sent. A user who is not eligible sees nothing, and no event fires.
   */
  traits: Traits = {};
  /** Supplies author tokens (docs/concepts.md#author-tokens); passed to `@inlay/client`'s `createClient`. */
  getAuthorToken?: GetAuthorToken;
  /**
   * A host-supplied progress store (BYO plan). When set, the widget reads and writes progress
   * only through it and never calls the hosted progress routes; the config is still fetched.
   */
  store?: ProgressStore;
  /**
   * A config shown instead of the published one, which is then not fetched: the dashboard's
   * draft preview, with a `store` so no progress is read or written either.
   */
  previewConfig?: PublishedFlow;
  /** Overrides of any of the built-in texts, for translation; see {@link ChecklistStrings}. */
  strings: Partial<ChecklistStrings> = {};

  // Reactive state (Lit needs named properties for it; TypeScript keeps them private). The `_`
  // prefix marks them internal: the script-tag bundle shortens such names (vite.config.ts).
  private _flow?: PublishedFlow;
  /** The store's last word on progress; what is shown is this plus the writes in flight. */
  private _confirmed?: Progress;
  private _pending: readonly ProgressOperation[] = [];
  private _announcement = '';

  #store?: ProgressStore;
  readonly #session = new AuthorSession(
    () => this.getAuthorToken,
    () => this.requestUpdate(),
  );
  /** Loads the flow and progress, dropping answers for an older source (base/resource-controller.ts). */
  readonly #resource = new ResourceController(this, {
    key: () => SOURCE.map((name) => this[name]),
    load: (guard) => this.#load(guard),
    refresh: (guard) => this.#refresh(guard),
    channel: () => this.#channelName(),
    receive: (message) => this.#receive(message),
    report: (error) => this.reportError(error),
  });
  /** Writes reach the store one at a time, in the order they were made. */
  #queue: Promise<void> = Promise.resolve();
  /** A selector to focus after the next render, when a control the user pressed goes away. */
  #focus?: string;

  get #text(): ChecklistStrings {
    return { ...defaultChecklistStrings, ...this._locale.strings, ...this.strings };
  }

  get #eligible(): boolean {
    return this._flow !== undefined && isEligible(this._flow.config.eligibility, this.traits ?? {});
  }

  /** What is shown: the confirmed progress with the writes still in flight applied on top. */
  get #progress(): Progress | undefined {
    let progress = this._confirmed;
    const flow = this._flow;
    if (!progress || !flow) return progress;
    for (const operation of this._pending) {
      const result = applyOperation(progress, operation, flow.config);
      if (result.ok) progress = result.progress;
    }
    return progress;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // A changed source reloads through the controller (its hostUpdate runs after this).
    if (SOURCE.some((name) => changed.has(name))) return;
    if (changed.has('traits') && this.#resource.status === 'ready' && !this._confirmed && this.#eligible && !this.#signedOut) {
      void this.#resource.run((guard) => this.#loadProgress(guard));
    }
  }

  /** A visitor the host's `getAuthorToken` says is signed out: the checklist stays hidden (docs/widgets.md, "Sign-in and tokens"). */
  get #signedOut(): boolean {
    return !this.store && this.getAuthorToken !== undefined && this.#session.signedOut;
  }

  protected override updated(): void {
    if (this.#focus === undefined) return;
    this.renderRoot.querySelector<HTMLElement>(this.#focus)?.focus();
    this.#focus = undefined;
  }

  /** Fetches the published config, then (if the user is eligible) the progress. */
  #load(guard: Guard): Promise<void> | undefined {
    this._flow = this._confirmed = this.#store = undefined;
    this._pending = [];
    this.#queue = Promise.resolve();
    const { flowId, publishableKey, baseUrl } = this;
    // A removed attribute leaves null, an empty one ''; both mean "not given".
    const userId = this.userId || undefined;
    const workspaceKey = this.workspaceKey || undefined;
    if (!(flowId && publishableKey && baseUrl)) return undefined;
    return (async () => {
      const client = createClient({ publishableKey, baseUrl, getAuthorToken: this.#session.getAuthorToken });
      this.#store = this.store ?? createHostedProgressStore(client, { flowId, userId, workspaceKey });
      this._flow = this.previewConfig ?? (await guard(client.getConfig(flowId)));
      // Progress is only read for eligible users; traits may still change (willUpdate).
      if (this.#eligible) await this.#loadProgress(guard);
    })();
  }

  async #loadProgress(guard: Guard): Promise<void> {
    const store = this.#store;
    const flow = this._flow;
    if (!store || !flow) return;
    let loaded: Progress | undefined;
    try {
      loaded = await guard(store.load());
    } catch (error) {
      // Signed out: the server's refusal (no author token) is not a failure to show.
      if (error instanceof StaleAnswer || !this.#signedOut) throw error;
    }
    this._confirmed = loaded && !this.#signedOut ? reconcileWith(flow, loaded) : undefined;
  }

  /** Back in view: the server's progress replaces the shown one, unless writes are in flight. */
  #refresh(guard: Guard): Promise<void> | undefined {
    const store = this.#store;
    const flow = this._flow;
    if (!store || !flow || !this._confirmed) return undefined;
    return (async () => {
      const loaded = await guard(store.load());
      if (this._pending.length === 0) this._confirmed = reconcileWith(flow, loaded);
    })();
  }

  /** The other tabs of this user and flow: same server, flow, account and user. */
  #channelName(): string | undefined {
    const user = this.userId || this.#session.subject;
    if (!user || !this._flow) return undefined;
    return `inlay:checklist\n${this.baseUrl}\n${this.flowId}\n${this.workspaceKey || ''}\n${user}`;
  }

  /**
   * Progress another tab saved. Adopted as the store's last word without events: the tab that
   * made the change sent them (a dismissal there never fires `inlay-flow-complete` here).
   */
  #receive(message: unknown): void {
    const progress = (message as { progress?: unknown } | null)?.progress;
    const flow = this._flow;
    if (!flow || !isProgress(progress) || progress.flowId !== flow.id) return;
    this._confirmed = reconcileWith(flow, progress);
  }

  /** Shows the write at once, then saves it; a refusal rolls it back. */
  #write(operation: ProgressOperation, focus?: string): void {
    const flow = this._flow;
    const shown = this.#progress;
    const store = this.#store;
    if (!flow || !shown || !store) return;
    const result = applyOperation(shown, operation, flow.config);
    if (!result.ok) {
      // The controls offer only legal moves; this is a click on a render that is out of date.
      this.reportError(Object.assign(new Error(result.message), { code: result.refusal }), operation);
      return;
    }
    if (!result.changed) return;
    this._pending = [...this._pending, operation];
    this._announcement = this.#announce(operation, result.progress, flow);
    this.#focus = focus;
    const current = this.#resource.current();
    this.#queue = this.#queue.then(() => this.#save(store, flow, operation, current));
  }

  async #save(store: ProgressStore, flow: PublishedFlow, operation: ProgressOperation, current: () => boolean): Promise<void> {
    let saved: Progress | undefined;
    let failure: unknown;
    try {
      saved = reconcileWith(flow, await store.apply(operation));
    } catch (error) {
      failure = error;
      // A conflict carries the server's current progress: adopt it rather than a stale copy.
      const current: unknown = isInlayError(error) ? error.current : undefined;
      if (isProgress(current)) saved = reconcileWith(flow, current);
    }
    if (!current()) return;
    const before = this._confirmed;
    if (saved) {
      this._confirmed = saved;
      this.#resource.publish({ progress: saved });
    }
    this._pending = this._pending.filter((entry) => entry !== operation);
    if (failure === undefined && saved) {
      this.#emitOutcome(operation, before, saved);
    } else {
      this._announcement = this.#text.announceFailure;
      this.reportError(failure, operation);
    }
  }

  /** Events for what a confirmed write changed (an idempotent repeat changes nothing). */
  #emitOutcome(operation: ProgressOperation, before: Progress | undefined, saved: Progress): void {
    const flowId = saved.flowId;
    const completed = (progress: Progress | undefined): boolean =>
      operation.type === 'complete' && progress?.items.find((item) => item.id === operation.itemId)?.state === 'completed';
    if (operation.type === 'complete' && !completed(before) && completed(saved)) {
      this.emit(new InlayItemCompleteEvent({ flowId, itemId: operation.itemId, progress: saved }));
    }
    if (before?.completedAt === null && saved.completedAt !== null) {
      this.emit(new InlayFlowCompleteEvent({ flowId, progress: saved }));
    }
    if (operation.type === 'dismiss' && before?.state !== 'dismissed' && saved.state === 'dismissed') {
      this.emit(new InlayDismissEvent({ flowId, progress: saved }));
    }
  }

  #announce(operation: ProgressOperation, next: Progress, flow: PublishedFlow): string {
    const t = this.#text;
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

  protected override render(): TemplateResult | typeof nothing {
    const t = this.#text;
    if (this.#resource.status === 'error') return this.#renderError(t);
    if (this.#resource.status === 'loading') return this.#renderLoading(t);
    const flow = this._flow;
    const progress = this.#progress;
    // Nothing while idle (flow-id, publishable-key or base-url not set yet), and nothing for a
    // user the eligibility rules exclude (who gets no events either).
    if (!flow || !progress || !this.#eligible) return nothing;
    const hidden = progress.state === 'dismissed' || progress.state === 'snoozed';
    // The live region outlives the switch between card and compact view, so both are announced.
    return html`${hidden ? this.#renderCompact(t, flow, progress) : this.#renderCard(t, flow, progress)}
      <div class="visually-hidden" role="status">${this._announcement}</div>`;
  }

  #renderLoading(t: ChecklistStrings): TemplateResult {
    // Placeholders shaped like a title, the progress bar and three items (checklist.styles.ts).
    return html`<div class="card loading" part="base" aria-busy="true">
      <span class="visually-hidden">${t.loading}</span>
      <div></div><div></div><div></div><div></div><div></div>
    </div>`;
  }

  #renderError(t: ChecklistStrings): TemplateResult {
    const code = isInlayError(this.#resource.error) ? this.#resource.error.code : undefined;
    return html`<div class="card" part="base error" role="alert">
      <p class="error-title">${t.errorTitle}</p>
      <p class="muted error-text">${t.errorMessage(code)}</p>
      <button class="button" part="retry-button" @click=${() => void this.#resource.reload()}>${t.retry}</button>
    </div>`;
  }

  #renderCompact(t: ChecklistStrings, flow: PublishedFlow, progress: Progress): TemplateResult {
    const status =
      progress.state === 'snoozed'
        ? t.snoozedUntil(new Date(progress.snoozedUntil ?? 0))
        : t.progress(...counts(flow, progress));
    return html`<div class="card compact row" part="base">
      <p><strong>${flow.name}</strong><br /><span class="muted">${status}</span></p>
      <button class="button secondary" part="show-button" @click=${() => this.#write({ type: 'resume' }, 'h2')}>${t.show}</button>
    </div>`;
  }

  #renderCard(t: ChecklistStrings, flow: PublishedFlow, progress: Progress): TemplateResult {
    const { config } = flow;
    const { toggles, snoozeDays } = config;
    const total = progress.items.length;
    const complete = progress.state === 'completed';
    const started = progress.startedAt !== null || progress.items.some((item) => item.state !== 'pending');
    const snooze = toggles.allowSnooze && !complete && total > 0 && snoozeDays.length > 0;
    const showButton = '[part~="show-button"]';
    return html`<section class="card" part="base" aria-labelledby="title">
      <header part="header">
        <h2 id="title" part="title" tabindex="-1">${flow.name}</h2>
        ${toggles.allowDismiss
          ? html`<button class="icon" part="dismiss-button" aria-label=${t.dismissLabel}
              @click=${() => this.#write({ type: 'dismiss' }, showButton)}>${closeIcon}</button>`
          : nothing}
      </header>
      ${total > 0 && toggles.showProgress ? this.#renderProgress(t, ...counts(flow, progress)) : nothing}
      ${complete
        ? html`<div class="note complete" part="complete">
            <slot name="complete"><strong>${t.completeTitle}</strong> ${t.completeMessage}</slot>
          </div>`
        : nothing}
      ${total === 0
        ? html`<p class="note muted" part="empty">${config.emptyState || t.empty}</p>`
        : html`<ul part="list">
            ${progress.items.map((entry) => this.#renderItem(t, flow, progress, entry))}
          </ul>`}
      ${snooze || started
        ? html`<footer part="footer">
            ${snooze
              ? html`<div class="row" role="group" aria-labelledby="snooze-label">
                  <span id="snooze-label" class="muted">${t.snoozeLabel}</span>
                  ${snoozeDays.map(
                    (days) => html`<button class="chip" part="snooze-button"
                      @click=${() => this.#write({ type: 'snooze', days }, showButton)}>${t.snoozeDays(days)}</button>`,
                  )}
                </div>`
              : nothing}
            ${started
              ? html`<button class="link" part="reset-button" @click=${() => this.#write({ type: 'reset' }, 'h2')}>${t.reset}</button>`
              : nothing}
          </footer>`
        : nothing}
    </section>`;
  }

  // The fill's width is set through CSSOM (`.style` is `style.cssText`), which a strict
  // `style-src` allows; a `style="…"` attribute it would block.
  #renderProgress(t: ChecklistStrings, done: number, total: number): TemplateResult {
    const summary = t.progress(done, total);
    return html`<div class="meter">
      <span class="muted" part="summary" aria-hidden="true">${summary}</span>
      <div class="track" part="progress" role="progressbar" aria-label=${t.progressLabel}
        aria-valuemin="0" aria-valuemax=${total} aria-valuenow=${done} aria-valuetext=${summary}>
        <div class="fill" part="progress-fill" .style=${`--_value:${done / total}`}></div>
      </div>
    </div>`;
  }

  #renderItem(t: ChecklistStrings, flow: PublishedFlow, progress: Progress, entry: ProgressItem): TemplateResult | typeof nothing {
    const item = flow.config.items.find((candidate) => candidate.id === entry.id);
    if (!item) return nothing;
    const id = `item-${item.id}`;
    const { state } = entry;
    const blocking = state === 'pending' ? blockingDependencies(progress, flow.config, item.id) : [];
    const blocked = blocking.length > 0;
    // Completed items cannot be un-completed (only reset) and blocked ones cannot be completed
    // yet; both stay focusable (aria-disabled, not disabled) so keyboard focus is never lost.
    const locked = state === 'completed' || blocked;
    const describedBy = `${item.description ? `${id}-desc` : ''} ${blocked ? `${id}-hint` : ''}`.trim();
    const canSkip = flow.config.toggles.allowSkip && state === 'pending';
    return html`<li part="item" data-state=${state}>
      <input type="checkbox" part="item-checkbox" id=${id}
        .checked=${state === 'completed'} aria-disabled=${locked} aria-describedby=${describedBy || nothing}
        @click=${(event: Event) => locked && event.preventDefault()}
        @change=${(event: Event) => {
          this.#write({ type: 'complete', itemId: item.id });
          // Keep the box in step with the shown state also when the write changed nothing.
          (event.target as HTMLInputElement).checked = this.#progress?.items.find((other) => other.id === item.id)?.state === 'completed';
        }} />
      <div>
        <label part="item-title" for=${id}>${item.title}</label>
        ${item.optional ? html`<span class="badge">${t.optional}</span>` : nothing}${state === 'skipped' ? html`<span class="badge">${t.skipped}</span>` : nothing}
        ${item.description ? html`<p class="muted small" part="item-description" id="${id}-desc">${item.description}</p>` : nothing}
        ${blocked ? html`<p class="muted small hint" id="${id}-hint">${t.blockedBy(blocking.map((dep) => titleOf(flow, dep)))}</p>` : nothing}
        ${item.action || canSkip
          ? html`<div class="row actions">
              ${item.action ? html`<a class="button" part="item-action" href=${item.action.href}>${item.action.label}</a>` : nothing}
              ${canSkip
                ? html`<button class="link" part="skip-button" aria-label=${t.skipItem(item.title)} ?disabled=${blocked}
                    @click=${() => this.#write({ type: 'skip', itemId: item.id }, `#${id}`)}>${t.skip}</button>`
                : nothing}
            </div>`
          : nothing}
      </div>
    </li>`;
  }
}

/**
 * Progress as "done of total" over the items completion needs (core's `requiredCount`): the
 * non-optional ones, or all when every item is optional. The bar is full exactly when the flow
 * is complete; optional items are labelled as such in the list.
 */
function counts(flow: PublishedFlow, progress: Progress): [done: number, total: number] {
  const optional = new Set(flow.config.items.filter((item) => item.optional).map((item) => item.id));
  const required = progress.items.filter((item) => !optional.has(item.id));
  const needed = required.length > 0 ? required : progress.items;
  return [needed.filter((item) => item.state !== 'pending').length, needed.length];
}

function titleOf(flow: PublishedFlow, itemId: string): string {
  return flow.config.items.find((item) => item.id === itemId)?.title ?? itemId;
}

/** Brings a store's answer in line with the config being shown (new items pending, expired snoozes cleared). */
function reconcileWith(flow: PublishedFlow, progress: Progress): Progress {
  // The progress carries the rest of the context (flowId, userId, workspaceKey, mode).
  return reconcile(progress, { ...progress, revisionId: flow.revisionId, config: flow.config });
}

function isProgress(value: unknown): value is Progress {
  const candidate = value as Partial<Progress> | null | undefined;
  return candidate?.object === 'progress' && Array.isArray(candidate.items);
}

declare global {
  interface HTMLElementTagNameMap {
    'inlay-checklist': InlayChecklist;
  }
}
