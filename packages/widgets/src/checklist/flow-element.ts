// The element base first, then the SDK, then the rest: the order modules take in the script-tag
// bundles, and this one lets gzip find more of the code within its 32 KB window (about 90 bytes).
import { type ChangedProperties, LiteElement, type LiteProperties } from '../base/lite-element.js';
import { createHostedProgressStore, type GetAuthorToken, type ProgressStore } from '@inlay/client';
import { createTransport, onboardingReads, type OnboardingWrites } from '@inlay/client/internal';
import { isEligible, type Progress, type ProgressOperation, type Traits } from '@inlay/core';
import { errorEvent, type InlayErrorDetail } from '../events.js';
import { AuthorSession } from '../base/author-session.js';
import { baseStyles } from '../base/base.styles.js';
import type { CSSResult } from '../base/css.js';
import { type LoadedLocale, type LocaleLoader, localeWatcher } from '../base/locale.js';
import { loadOnce } from '../base/load-once.js';
import { type Guard, ResourceController, StaleAnswer } from '../base/resource-controller.js';
import { type PublishedFlow, reconcileWith } from './flow-progress.js';
import type { ChecklistPort, ProgressWrites, WriteTexts } from './progress-writes.js';
import { loadProgressWrites } from './writes.js';

/** Properties whose change means another flow, user, server, token source, store or preview config: everything is reloaded. */
const SOURCE = ['flowId', 'publishableKey', 'baseUrl', 'userId', 'workspaceKey', 'store', 'getAuthorToken', 'previewConfig'] as const;

/**
 * What `<inlay-checklist>` and `<inlay-tour>` share (docs/widgets.md): the theme, language and
 * error reporting every component has (as base/inlay-element.ts gives the Lit ones), the flow's
 * attributes, its published config and the user's progress loaded through one controller, and
 * writes through the checklist's write path (progress-writes.ts), loaded beside the bundle when
 * the element connects. On base/lite-element.ts rather than Lit's `LitElement`, for the bundle
 * budgets (docs/decisions.md, "Widget bundle budgets (measured)"). Subclasses draw; they read
 * {@link flow}, {@link progress} and {@link eligible} and call {@link write}.
 */
export abstract class FlowElement extends LiteElement {
  static override styles: readonly CSSResult[] = [baseStyles];
  /** Imports the component's translations (its `locales.ts`). @internal */
  static locales: LocaleLoader = () => undefined;
  // Field initialisers below are plain assignments (useDefineForClassFields: false in
  // tsconfig.json), so they go through the declared properties' accessors.
  static override properties: LiteProperties = {
    flowId: { attribute: 'flow-id' },
    publishableKey: { attribute: 'publishable-key' },
    baseUrl: { attribute: 'base-url' },
    userId: { attribute: 'user-id' },
    workspaceKey: { attribute: 'workspace-key' },
    traits: { attribute: false },
    getAuthorToken: { attribute: false },
    store: { attribute: false },
    previewConfig: { attribute: false },
    _flow: { state: true },
    _confirmed: { state: true },
    _announcement: { state: true },
    theme: { reflect: true },
    locale: {},
    _locale: { state: true },
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
  /**
   * `light` or `dark` forces a colour scheme; unset, the widget follows the visitor's
   * `prefers-color-scheme` (docs/widgets.md, Theming). Attribute `theme`.
   */
  theme?: 'light' | 'dark';
  /**
   * The language to show (a BCP 47 tag: `de`, `pt-BR`); unset, the nearest `lang` attribute
   * (the element's own, an ancestor's, the page's), else English. Attribute `locale`.
   */
  locale?: string;

  // Reactive state (Lit needs named properties for it; TypeScript keeps them protected). The `_`
  // prefix marks them internal: the script-tag bundles shorten such names (vite.config.ts).
  protected _flow?: PublishedFlow;
  /** The store's last word on progress; what is shown is this plus the writes in flight. */
  protected _confirmed?: Progress;
  protected _announcement = '';
  /** The loaded translation, under the component's `strings` overrides. */
  protected _locale: LoadedLocale = { tag: 'en', strings: {} };

  #store?: ProgressStore;
  readonly #session = new AuthorSession(
    () => this.getAuthorToken,
    () => this.requestUpdate(),
  );
  /** Loads the flow and progress, dropping answers for an older source (base/resource-controller.ts). */
  protected readonly _resource = new ResourceController(this, {
    key: () => SOURCE.map((name) => this[name]),
    load: (guard) => this.#load(guard),
    report: (error) => this.reportError(error),
  });
  /** The write path (progress-writes.ts), once loaded; its loading starts when the element connects. */
  #writes?: ProgressWrites;
  /** A selector to focus after the next render, when a control the user pressed goes away. */
  #focus?: string;
  /** The item whose completion the progress is polled for ({@link _poll}). */
  #polled?: string;

  /** The texts shown: the subclass's English defaults, the loaded translation, then `strings`. */
  protected get _text(): WriteTexts {
    // `strings` is each element's own, typed (`Partial<ChecklistStrings>`, `Partial<TourStrings>`):
    // the manifest takes a property's type from the class that declares it.
    return { ...this._defaults(), ...this._locale.strings, ...(this as { strings?: object }).strings } as WriteTexts;
  }

  /** The subclass's English texts; the write path brings the English defaults of its announcements. */
  protected _defaults(): object {
    return {};
  }

  protected get _eligible(): boolean {
    return this._flow !== undefined && isEligible(this._flow.config.eligibility, this.traits ?? {});
  }

  /** What is shown: the confirmed progress with the writes still in flight applied on top. */
  protected get _progress(): Progress | undefined {
    return this.#writes ? this.#writes.shown() : this._confirmed;
  }

  constructor() {
    super();
    // Before every render (base/locale.ts); a failed load keeps the language shown.
    this.addController(localeWatcher(this, (this.constructor as typeof FlowElement).locales, (loaded) => (this._locale = loaded), (error) => this.reportError(error)));
  }

  /** Dispatches `event` from this element; events are built `bubbles + composed` (events.ts). */
  protected emit(event: Event): void {
    this.dispatchEvent(event);
  }

  /**
   * Reports a failure as `inlay-error` (an `Error` whatever was thrown: a BYO store may reject
   * with anything); the element shows its own error state or rollback.
   */
  protected reportError(error: unknown, operation?: InlayErrorDetail['operation']): Error {
    const [wrapped, event] = errorEvent(error, operation);
    this.emit(event);
    return wrapped;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // In parallel with the config request, so a click never waits for it on a normal page; a
    // failure is reported when a write needs it (_write).
    this.#loadWrites().catch(() => undefined);
  }

  /** The write path, loaded once; a failed load is tried again by the next write. */
  readonly #loadWrites = loadOnce(() =>
    loadProgressWrites().then(({ ProgressWrites }) => {
      const writes = (this.#writes = new ProgressWrites(this.#port()));
      writes.poll(this.#polled);
      return writes;
    }),
  );

  /**
   * Rereads the progress quietly, now and then, while `itemId` shows: a step that an outcome
   * completes (docs/widgets.md, `<inlay-tour>`). Undefined stops. The write path polls, once loaded.
   */
  protected _poll(itemId: string | undefined): void {
    this.#polled = itemId;
    this.#writes?.poll(itemId);
  }

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
        return host._text;
      },
      host: this,
      resource: this._resource,
      subject: () => this.#session.subject,
      current: () => this._resource.current(),
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

  protected override willUpdate(changed: ChangedProperties): void {
    // A changed source reloads through the controller (its hostUpdate runs after this).
    if (SOURCE.some((name) => changed.has(name))) return;
    if (changed.has('traits') && this._resource.status === 'ready' && !this._confirmed && this._eligible && !this._signedOut) {
      void this._resource.run((guard) => this.#loadProgress(guard));
    }
  }

  /** A visitor the host's `getAuthorToken` says is signed out: the widget stays hidden (docs/widgets.md, "Sign-in and tokens"). */
  protected get _signedOut(): boolean {
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
      const transport = createTransport({ publishableKey, baseUrl, getAuthorToken: this.#session.getAuthorToken });
      const { getConfig, getProgress } = onboardingReads(transport);
      // The hosted store's writes are sent by the write path (loaded by then: a write goes through
      // it), so the write routes are not in the bundle.
      const apply: OnboardingWrites['apply'] = (...write) => this.#loadWrites().then((writes) => writes.send(transport, ...write));
      this.#store = this.store ?? createHostedProgressStore({ getProgress, apply }, { flowId, userId, workspaceKey });
      this._flow = this.previewConfig ?? (await guard(getConfig(flowId)));
      // Progress is only read for eligible users; traits may still change (willUpdate).
      if (this._eligible) await this.#loadProgress(guard);
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
      if (error instanceof StaleAnswer || !this._signedOut) throw error;
    }
    this._confirmed = loaded && !this._signedOut ? reconcileWith(flow, loaded) : undefined;
  }

  /**
   * Shows the write at once and saves it (progress-writes.ts). Before the write path has loaded, a
   * click waits for it; if it cannot load, the write fails as a refused one does: announced, and
   * reported as `inlay-error` with the operation (docs/widgets.md).
   */
  protected _write(operation: ProgressOperation, focus?: string): void {
    if (this.#writes) return this.#writes.write(operation, focus);
    const current = this._resource.current();
    this.#loadWrites().then(
      (writes) => current() && writes.write(operation, focus),
      (error: unknown) => {
        if (!current()) return;
        this._announcement = this._text.announceFailure;
        this.reportError(error, operation);
      },
    );
  }
}
