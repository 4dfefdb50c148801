import type { LiteProperties } from '../base/lite-element.js';
import type { Progress } from '@inlay/core';
import { loadOnce } from '../base/load-once.js';
import { FlowElement } from '../checklist/flow-element.js';
import type { PublishedFlow } from '../checklist/flow-progress.js';
import { element, place, set, text } from './dom.js';
import type { Floating, Hotspots, Shown, TourPort } from './hotspots.js';
import type { Modal } from './modal.js';
import { loadHotspots, loadModal } from './modules.js';
import { find, focused, watchDom, watchNavigation } from './page-watch.js';
import { follow } from './position.js';
import { currentStep, earlierSteps, running, type TourView } from './steps.js';
import { tourLocales } from './locales.js';
import { type TourStrings, tourViewStrings, type TourViewStrings } from './tour.strings.js';
import { tourStyles } from './tour.styles.js';

/** How long a step waits for its element before its fallback (docs/widgets.md, `<inlay-tour>`). */
export const ANCHOR_WAIT_MS = 3000;

/** Floating elements following their page element: popover, cut-out, beacons (position.ts). */
interface Following {
  target: Element;
  floating: HTMLElement;
  stop: () => void;
}

const POPOVER = '[part~=popover]';

/**
 * A product tour or hotspots over the host page (docs/onboarding.md, "Tours and hotspots"): a
 * published flow whose items point at elements. A tour shows the user's current step as a
 * popover next to its element, one at a time and in order; hotspots put a beacon on each open
 * anchored item. Progress is the flow's hosted progress (or a BYO `store`), written through the
 * same routes and write path as `<inlay-checklist>`: a step done is an item completed, so a tour
 * continues on the next page, after a reload and on another device.
 *
 * @example
 * ```html
 * <inlay-tour flow-id="flow_123" publishable-key="svc_live_pub_…"
 *   base-url="https://inlay.example.com/onboarding" user-id="user_42"></inlay-tour>
 * ```
 *
 * @fires {InlayItemCompleteEvent} inlay-item-complete - A step was completed and saved. `detail: {flowId, itemId, progress}`.
 * @fires {InlayFlowCompleteEvent} inlay-flow-complete - The tour became complete and it was saved. `detail: {flowId, progress}`.
 * @fires {InlayDismissEvent} inlay-dismiss - The tour was dismissed (close button or Escape) and it was saved. `detail: {flowId, progress}`.
 * @fires {InlayErrorEvent} inlay-error - Loading or a write failed (the write was rolled back). `detail: {error, operation?}`.
 *
 * @csspart popover - The step's dialog (`role="dialog"`), next to its element or centred.
 * @csspart arrow - The popover's arrow.
 * @csspart step-count - The "Step 2 of 5" text.
 * @csspart title - The step's title.
 * @csspart text - The step's description.
 * @csspart hint - How a step done by a click or an event continues.
 * @csspart close-button - Dismisses the tour (or closes a hotspot).
 * @csspart skip-button - Skips the step.
 * @csspart back-button - Shows the previous step.
 * @csspart next-button - Completes the step ("Next", "Done", "Got it").
 * @csspart overlay - The dimmed page around a modal step's element.
 * @csspart beacon - A hotspot's beacon.
 *
 * @cssproperty --inlay-accent - Buttons, beacons and focus ring. Default `#4f46e5`.
 * @cssproperty --inlay-accent-text - Text on the accent colour. Default `#fff`.
 * @cssproperty --inlay-font - Font family. Default: the system UI font.
 * @cssproperty --inlay-font-size - Base font size. Default `14px`.
 * @cssproperty --inlay-radius - Corner radius of the popover. Default `12px`.
 * @cssproperty --inlay-spacing - Base spacing unit. Default `16px`.
 * @cssproperty --inlay-text-color - Main text. Default `#111827`.
 * @cssproperty --inlay-muted-color - Secondary text. Default `#4b5563`.
 * @cssproperty --inlay-surface-color - Popover background. Default `#fff`.
 * @cssproperty --inlay-border-color - Popover border. Default `#e5e7eb`.
 * @cssproperty --inlay-focus-color - Focus ring. Default: the accent.
 * @cssproperty --inlay-track-color - A theme token every widget reads; the tour draws nothing in it. Default `#eceef2`.
 * @cssproperty --inlay-danger-color - A theme token every widget reads; the tour draws nothing in it. Default `#b91c1c`.
 * @cssproperty --inlay-shadow-color - Shadows and the overlay, used at low opacity. Default `#101828`.
 */
export class InlayTour extends FlowElement {
  static override styles = [...FlowElement.styles, tourStyles];
  static override locales = tourLocales;
  static override properties: LiteProperties = {
    strings: { attribute: false },
    _path: { state: true },
    _started: { state: true },
    _back: { state: true },
    _passed: { state: true },
    _missed: { state: true },
  };

  /** Overrides of any of the built-in texts, for translation; see {@link TourStrings}. */
  strings: Partial<TourStrings> = {};

  private _path = '';
  private _started = false;
  private _from?: string;
  /** How many steps Back went. */
  private _back = 0;
  /** Steps whose element did not come and whose fallback is `skip` (this page only). */
  private _passed: ReadonlySet<string> = new Set();
  /** Steps whose element did not come, shown unanchored (this page only). */
  private _missed: ReadonlySet<string> = new Set();

  /** What the last render showed in a dialog, for the page-side work after it (updated). */
  #shown?: Shown;
  /** An element the last render looked for is not in the page (yet). */
  #missing = false;
  #stopNavigation?: () => void;
  #stopDom?: () => void;
  #timer?: ReturnType<typeof setTimeout>;
  #timerFor?: string;
  #following = new Map<string, Following>();
  #clickFor?: Element;
  #stopClick?: () => void;
  #focused?: string;
  #returnTo?: HTMLElement;
  // The shadow root's nodes, made once and kept across renders (dom.ts): the live region and the
  // dialog of a step or hint with its parts.
  readonly #status = element('div', { class: 'visually-hidden', role: 'status' });
  readonly #popover = element('div', { part: 'popover', role: 'dialog', tabindex: '-1', 'aria-labelledby': 'step-title' });
  readonly #arrow = element('div', { class: 'arrow', part: 'arrow' });
  readonly #head = element('div', { class: 'head' });
  readonly #close = element('button', { class: 'close', part: 'close-button' }, '×');
  readonly #title = element('h2', { id: 'step-title', part: 'title' });
  readonly #text = element('p', { id: 'step-text', part: 'text' });
  readonly #count = element('p', { class: 'muted', part: 'step-count' });
  readonly #hint = element('p', { class: 'muted', part: 'hint' });
  readonly #foot = element('div', { class: 'foot' });
  readonly #skip = element('button', { class: 'skip', part: 'skip-button' });
  readonly #backButton = element('button', { part: 'back-button' });
  readonly #next = element('button', { class: 'primary', part: 'next-button' });
  /** The hotspots presentation (hotspots.ts), loaded by the first flow shown as hotspots. */
  #hotspots?: Hotspots;
  readonly #loadHotspots = loadOnce(() => loadHotspots().then(({ Hotspots }) => (this.#hotspots = new Hotspots(this.#port()))));
  /** A modal step's overlay and focus trap (modal.ts), loaded once the flow has a modal step. */
  #modal?: Modal;
  readonly #loadModal = loadOnce(() =>
    loadModal().then(({ Modal }) => (this.#modal = new Modal({ root: this.renderRoot, shown: () => this.#shown, escape: this.#keydown }))),
  );

  protected override _defaults(): object {
    return tourViewStrings;
  }

  get #t(): TourViewStrings {
    return this._text as unknown as TourViewStrings;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this._path = location.pathname;
    this.#stopNavigation = watchNavigation(() => {
      this._path = location.pathname;
      this._back = 0;
      this._passed = this._missed = new Set();
      if (this.#hotspots) this.#hotspots.open = undefined;
    });
    document.addEventListener('inlay-show-me', this.#showMe);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#stopNavigation?.();
    document.removeEventListener('inlay-show-me', this.#showMe);
    this.#settle(undefined, []);
    this.#wait(undefined);
    this.#modal?.trap(false);
  }

  /**
   * Shows the tour now: a `start: "manual"` tour, one the user dismissed or snoozed (resumed), or
   * finished (started over); with `itemId`, that item's step of a checklist ("Show me").
   */
  start(itemId?: string): void {
    this._started = true;
    this._from = itemId;
    this._back = 0;
    this._passed = this._missed = new Set();
    const state = this._progress?.state;
    if (state === 'dismissed' || state === 'snoozed') this._write({ type: 'resume' });
    else if (state === 'completed' && itemId === undefined) this._write({ type: 'reset' });
  }

  /** A checklist's "Show me" for this flow (`inlay-show-me`, from `<inlay-checklist>`). */
  readonly #showMe = (event: Event): void => {
    const detail = (event as CustomEvent<{ flowId?: string; itemId?: string }>).detail;
    if (detail?.flowId === this.flowId) this.start(detail.itemId);
  };

  /**
   * The dashboard's preview (`previewConfig`): steps shown in place, one after the other, with no
   * page, element or top layer: the popover as it will look, inside the editor.
   */
  get #inline(): boolean {
    return this.previewConfig !== undefined;
  }

  /** The preview shows every step, on no page. */
  #view(): TourView {
    const inline = this.#inline;
    return { path: inline ? undefined : this._path, started: inline || this._started, from: this._from, passed: this._passed };
  }

  protected override draw(): void {
    this.#shown = undefined;
    this.#missing = false;
    text(this.#status, this._announcement);
    place(this.renderRoot, [...this.#nodes(), this.#status]);
  }

  /** What shows before the live region: a step's dialog (after a modal step's overlay), hotspots, or nothing. */
  #nodes(): (Node | false | undefined)[] {
    const flow = this._flow;
    const progress = this._progress;
    const view = this.#view();
    // The modules the config says the flow needs, asked for while the progress is read (the
    // preview needs neither, nor a user the flow is not for).
    if (flow && !this.#inline && this._eligible) {
      if (!this.#hotspots && flow.config.presentation === 'hotspots') this.#use(this.#loadHotspots);
      if (!this.#modal && flow.config.items.some((entry) => entry.anchor?.modal)) this.#use(this.#loadModal);
    }
    if (this._resource.status !== 'ready' || !flow || !progress || !this._eligible || this._signedOut || !running(flow, progress, view)) return [];
    if (flow.config.presentation === 'hotspots' && !this.#inline) return this.#drawHotspots(flow, progress);
    const step = currentStep(flow, progress, view);
    if (!step) return [];
    const earlier = earlierSteps(flow, progress, step, view.path);
    const back = Math.min(this._back, earlier.length);
    const item = earlier[earlier.length - back] ?? step;
    const target = item.anchor && !this.#inline ? find(item.anchor.selector) : null;
    const waiting = !!item.anchor && !this.#inline && !target && !this._missed.has(item.id);
    const advance = back > 0 ? 'next' : (item.advance ?? 'next');
    const trap = item.anchor?.modal && target ? (advance === 'click' ? 'element' : 'dialog') : undefined;
    const { items, toggles } = flow.config;
    const shown: Shown = (this.#shown = { item, target, waiting, review: back > 0, trap, close: toggles.allowDismiss ? this.#dismiss : undefined });
    this.#missing = waiting;
    if (waiting || (trap && !this.#modal)) return [];
    const t = this.#t;
    const last = !items.some((entry) => entry !== item && progress.items.some((p) => p.id === entry.id && p.state === 'pending'));
    text(this.#count, t.stepOf(items.indexOf(item) + 1, items.length));
    text(this.#hint, advance === 'click' ? t.clickHint : t.eventHint);
    text(this.#skip, t.skip);
    text(this.#backButton, t.back);
    text(this.#next, last && back === 0 ? t.done : t.next);
    this.#skip.onclick = () => this._write({ type: 'skip', itemId: item.id });
    this.#backButton.onclick = () => this._back++;
    this.#next.onclick = () => (back > 0 ? this._back-- : this._write({ type: 'complete', itemId: item.id }));
    place(this.#foot, [toggles.allowSkip && back === 0 && this.#skip, earlier.length > back && this.#backButton, advance === 'next' && this.#next]);
    return [!!trap && this.#modal?.cutout, this.#drawPopover(shown, this.#count, t.dismissLabel, [advance !== 'next' && this.#hint, this.#foot])];
  }

  /** The dialog of a step or an open hint: `head` beside its close button (labelled `closeLabel`, when it has a `close`), `body` under its title and text. */
  #drawPopover({ item, target, trap, close }: Shown, head: Node | false, closeLabel: string, body: (Node | false)[]): HTMLElement {
    const inline = this.#inline;
    const popover = set(this.#popover, {
      class: `popover ${inline ? 'inline' : target ? 'anchored' : ''}`,
      popover: !inline && 'manual',
      'aria-describedby': !!item.description && 'step-text',
      'aria-modal': trap === 'dialog' && 'true',
    });
    if (inline) popover.dataset.side = 'bottom';
    popover.onkeydown = this.#keydown;
    set(this.#close, { 'aria-label': closeLabel }).onclick = close ?? null;
    text(this.#title, item.title);
    text(this.#text, item.description ?? '');
    place(this.#head, [head, !!close && this.#close]);
    place(popover, [(!!target || (inline && !!item.anchor)) && this.#arrow, this.#head, this.#title, !!item.description && this.#text, ...body]);
    return popover;
  }

  /** Hotspots, once their module has loaded (#nodes asks for it). */
  #drawHotspots(flow: PublishedFlow, progress: Progress): Node[] {
    const hotspots = this.#hotspots;
    if (!hotspots) return [];
    const { nodes, shown, missing } = hotspots.draw(flow, progress, this._path, this.#t);
    this.#shown = shown;
    this.#missing = missing;
    return nodes;
  }

  /** Loads a module of the tour, then renders again. */
  #use(load: () => Promise<unknown>): void {
    load().then(() => this.requestUpdate(), (error: unknown) => this.reportError(error));
  }

  /** The element as its hotspots module sees it (hotspots.ts). */
  #port(): TourPort {
    return {
      host: this,
      popover: (shown, closeLabel, body) => this.#drawPopover(shown, false, closeLabel, body),
      write: (operation) => this._write(operation),
    };
  }

  readonly #dismiss = (): void => this._write({ type: 'dismiss' });

  /** Escape does what the dialog's close button does: dismisses the tour (the progress operation `dismiss`) or closes the hint. */
  readonly #keydown = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    this.#shown?.close?.();
  };

  protected override updated(): void {
    super.updated();
    if (this.#inline) return;
    const shown = this.#shown;
    this.#wait(shown);
    const floating = (this._flow && this.#hotspots?.follow(this._flow)) || [];
    const popover = this.renderRoot.querySelector<HTMLElement>(POPOVER);
    const modal = shown?.trap && this.#modal;
    if (popover && shown?.target) {
      const anchor = shown.item.anchor;
      const rtl = getComputedStyle(shown.target).direction === 'rtl';
      const side = anchor?.placement ?? 'bottom';
      const placement = side === 'start' ? (rtl ? 'right' : 'left') : side === 'end' ? (rtl ? 'left' : 'right') : side;
      floating.push([`step:${shown.item.id}`, shown.target, popover, { placement, gap: 12, arrow: this.#arrow, frame: modal ? modal.frame : undefined }]);
    }
    // Top layer order is the order of showing: beacons under the popover, a modal step's cut-out
    // (modal.ts) under the popover too.
    if (modal && popover) modal.show(popover);
    for (const element of [...this.renderRoot.querySelectorAll<HTMLElement>('.beacon'), popover]) {
      if (element && !element.matches(':popover-open')) element.showPopover();
    }
    this.#settle(shown, floating);
    this.#focus(shown, popover);
    this.#modal?.trap(!!(modal && popover));
    // A step an outcome completes moves on without a reload (docs/widgets.md, `<inlay-tour>`).
    this._poll(shown && !shown.review && !shown.waiting && shown.item.advance === 'event' ? shown.item.id : undefined);
  }

  /**
   * Watches the page while an element the last render looked for is missing (not after
   * disconnecting); a step waits for its element for ANCHOR_WAIT_MS, then its fallback applies.
   */
  #wait(shown: Shown | undefined): void {
    if (this.#missing && this.isConnected) {
      this.#stopDom ??= watchDom(() => this.requestUpdate());
    } else {
      this.#stopDom?.();
      this.#stopDom = undefined;
    }
    const id = shown?.waiting ? shown.item.id : undefined;
    if (id === this.#timerFor) return;
    clearTimeout(this.#timer);
    this.#timerFor = id;
    if (!shown || id === undefined) return;
    this.#timer = setTimeout(() => {
      this.#timerFor = undefined;
      if (shown.item.anchor?.fallback === 'skip') this._passed = new Set([...this._passed, shown.item.id]);
      else this._missed = new Set([...this._missed, shown.item.id]);
    }, ANCHOR_WAIT_MS);
  }

  /** Starts and stops following so that exactly `floating` follow their elements; wires a click step. */
  #settle(shown: Shown | undefined, floating: Floating[]): void {
    const keep = new Set(floating.map(([key]) => key));
    for (const [key, entry] of this.#following) {
      const next = floating.find(([k]) => k === key);
      if (!keep.has(key) || next?.[1] !== entry.target || next[2] !== entry.floating) {
        entry.stop();
        this.#following.delete(key);
      }
    }
    for (const [key, target, floatingElement, options] of floating) {
      if (this.#following.has(key)) continue;
      if (key.startsWith('step:')) target.scrollIntoView({ block: 'center', behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'instant' : 'smooth' });
      this.#following.set(key, { target, floating: floatingElement, stop: follow(target, floatingElement, options) });
    }
    const clickTarget = shown && !shown.review && shown.item.advance === 'click' ? shown.target : null;
    if (clickTarget === (this.#clickFor ?? null)) return;
    this.#stopClick?.();
    this.#stopClick = this.#clickFor = undefined;
    if (!clickTarget || !shown) return;
    const itemId = shown.item.id;
    const done = (): void => this._write({ type: 'complete', itemId });
    clickTarget.addEventListener('click', done, { capture: true, once: true });
    this.#clickFor = clickTarget;
    this.#stopClick = () => clickTarget.removeEventListener('click', done, { capture: true });
  }

  /** Focus moves into a new step's dialog, and back to where it was when the tour closes. */
  #focus(shown: Shown | undefined, popover: HTMLElement | null): void {
    const key = popover && shown ? `${shown.item.id}:${shown.review}` : undefined;
    if (key === this.#focused) return;
    if (key && popover) {
      if (this.#focused === undefined) {
        const active = focused();
        this.#returnTo = active instanceof HTMLElement && active !== document.body ? active : undefined;
      }
      popover.focus({ preventScroll: true });
    } else if (this.#focused !== undefined) {
      const inside = document.activeElement === this || document.activeElement === document.body;
      if (inside) this.#returnTo?.focus();
      this.#returnTo = undefined;
    }
    this.#focused = key;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'inlay-tour': InlayTour;
  }
}
