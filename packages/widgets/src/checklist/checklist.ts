// Lit first, then the SDK, then the rest: the order modules take in the script-tag bundle, and
// this one lets gzip find more of this file's code within its 32 KB window (about 90 bytes).
import { html, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { createClient, createHostedProgressStore, type GetAuthorToken, isInlayError, type ProgressStore } from '@inlay/client';
import { isEligible, type Progress, type ProgressOperation, type Traits } from '@inlay/core';
import { AuthorSession } from '../base/author-session.js';
import { InlayElement } from '../base/inlay-element.js';
import { loadOnce } from '../base/load-once.js';
import { type Guard, ResourceController, StaleAnswer } from '../base/resource-controller.js';
import { checklistStyles } from './checklist.styles.js';
import { checklistLocales } from './locales.js';
import { type ChecklistStrings, type ChecklistViewStrings, checklistViewStrings } from './checklist.strings.js';
import { type CardView, renderCard, renderCompact } from './checklist-card.js';
import { type PublishedFlow, reconcileWith } from './flow-progress.js';
import type { ChecklistPort, ProgressWrites } from './progress-writes.js';
import { loadProgressWrites } from './writes.js';

/** Properties whose change means another flow, user, server, token source, store or preview config: everything is reloaded. */
const SOURCE = ['flowId', 'publishableKey', 'baseUrl', 'userId', 'workspaceKey', 'store', 'getAuthorToken', 'previewConfig'] as const;

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
    report: (error) => this.reportError(error),
  });
  /** The write path (progress-writes.ts), once loaded; its loading starts when the element connects. */
  #writes?: ProgressWrites;
  /** A selector to focus after the next render, when a control the user pressed goes away. */
  #focus?: string;

  /** The English defaults of writes' announcements come with the write path (progress-writes.ts). */
  get #text(): ChecklistViewStrings {
    return { ...checklistViewStrings, ...this._locale.strings, ...this.strings };
  }

  get #eligible(): boolean {
    return this._flow !== undefined && isEligible(this._flow.config.eligibility, this.traits ?? {});
  }

  /** What is shown: the confirmed progress with the writes still in flight applied on top. */
  get #progress(): Progress | undefined {
    return this.#writes ? this.#writes.shown() : this._confirmed;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // In parallel with the config request, so a click never waits for it on a normal page; a
    // failure is reported when a write needs it (#write).
    this.#loadWrites().catch(() => undefined);
  }

  /** The write path, loaded once; a failed load is tried again by the next write. */
  readonly #loadWrites = loadOnce(() => loadProgressWrites().then(({ ProgressWrites }) => (this.#writes = new ProgressWrites(this.#port()))));

  /** The element as its write path sees it (progress-writes.ts). */
  #port(): ChecklistPort {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the port's getters read this element
    const host = this;
    return {
      get flow() {
        return host._flow;
      },
      get confirmed() {
        return host._confirmed;
      },
      get store() {
        return host.#store;
      },
      get text() {
        return host.#text;
      },
      host: this,
      resource: this.#resource,
      channel: () => this.#channelName(),
      current: () => this.#resource.current(),
      confirm: (progress) => (this._confirmed = progress),
      announce: (text, focus) => {
        this._announcement = text;
        this.#focus = focus;
        this.requestUpdate();
      },
      emit: (event) => this.emit(event),
      report: (error, operation) => this.reportError(error, operation),
    };
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
    this.#writes?.reset();
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

  /** The other tabs of this user and flow: same server, flow, account and user. */
  #channelName(): string | undefined {
    const user = this.userId || this.#session.subject;
    if (!user || !this._flow) return undefined;
    return `inlay:checklist\n${this.baseUrl}\n${this.flowId}\n${this.workspaceKey || ''}\n${user}`;
  }

  /**
   * Shows the write at once and saves it (progress-writes.ts). Before the write path has loaded, a
   * click waits for it; if it cannot load, the write fails as a refused one does: announced, and
   * reported as `inlay-error` with the operation (docs/widgets.md).
   */
  #write(operation: ProgressOperation, focus?: string): void {
    if (this.#writes) return this.#writes.write(operation, focus);
    const current = this.#resource.current();
    this.#loadWrites().then(
      (writes) => current() && writes.write(operation, focus),
      (error: unknown) => {
        if (!current()) return;
        this._announcement = this.#text.announceFailure;
        this.reportError(error, operation);
      },
    );
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
    const view: CardView = {
      t,
      flow,
      progress,
      write: (operation, focus) => this.#write(operation, focus),
      completed: (itemId) => this.#progress?.items.find((item) => item.id === itemId)?.state === 'completed',
    };
    const hidden = progress.state === 'dismissed' || progress.state === 'snoozed';
    // The live region outlives the switch between card and compact view, so both are announced.
    return html`${hidden ? renderCompact(view) : renderCard(view)}
      <div class="visually-hidden" role="status">${this._announcement}</div>`;
  }

  #renderLoading(t: ChecklistViewStrings): TemplateResult {
    // Placeholders shaped like a title, the progress bar and three items (checklist.styles.ts).
    return html`<div class="card loading" part="base" aria-busy="true">
      <span class="visually-hidden">${t.loading}</span>
      <div></div><div></div><div></div><div></div><div></div>
    </div>`;
  }

  #renderError(t: ChecklistViewStrings): TemplateResult {
    const code = isInlayError(this.#resource.error) ? this.#resource.error.code : undefined;
    return html`<div class="card" part="base error" role="alert">
      <p class="error-title">${t.errorTitle}</p>
      <p class="muted error-text">${t.errorMessage(code)}</p>
      <button class="button" part="retry-button" @click=${() => void this.#resource.reload()}>${t.retry}</button>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'inlay-checklist': InlayChecklist;
  }
}
