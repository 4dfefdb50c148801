import { css, moduleSheet } from '../base/module-sheet.js';
import { element } from './dom.js';
import type { Shown } from './hotspots.js';
import { focused } from './page-watch.js';

/**
 * A modal step of `<inlay-tour>` (docs/onboarding.md, "Tours and hotspots"): the overlay that
 * dims the page around the step's element, and the focus kept in its dialog. Only flows with a
 * modal step need it, so the script-tag bundle loads it from beside itself
 * (`inlay-tour.modal.js`) once the flow says so, while the progress is read (docs/widgets.md,
 * "Files of the script-tag bundles"). Like hotspots.ts it imports neither the element nor
 * Floating UI: what it needs comes through a {@link ModalPort}.
 * @internal
 */

/** The element, as this module sees it. Names without `_`: the bundle shortens those (vite.config.ts). */
export interface ModalPort {
  /** The element's shadow root, holding the dialog (`[part~=popover]`). */
  readonly root: ShadowRoot;
  /** What the last render showed in a dialog. */
  shown(): Shown | undefined;
  /** What Escape does in the dialog (dismiss, or close a hint). */
  escape(event: KeyboardEvent): void;
}

/** The overlay: a box around the element whose shadow dims the rest of the page. */
const adoptModalStyles = moduleSheet(css`
  .cutout {
    border-radius: 8px;
    box-shadow: 0 0 0 100vmax color-mix(in srgb, var(--_shadow) 55%, transparent);
    pointer-events: none;
  }
`);

export class Modal {
  /** The overlay, in the top layer under the dialog (`popover="manual"`, as the dialog). */
  readonly cutout = element('div', { class: 'cutout', part: 'overlay', popover: 'manual' });
  readonly #port: ModalPort;
  #trapping = false;

  constructor(port: ModalPort) {
    this.#port = port;
    adoptModalStyles(port.root);
  }

  /** Puts the cut-out 6 px around `box`, the element's client rect (position.ts calls it as the element moves). */
  readonly frame = (box: DOMRect): void => {
    const { style } = this.cutout;
    style.left = `${box.left - 6}px`;
    style.top = `${box.top - 6}px`;
    style.width = `${box.width + 12}px`;
    style.height = `${box.height + 12}px`;
  };

  /**
   * Shows the overlay under `popover`: the top layer stacks in the order of showing, so a dialog
   * already open (the step before was not modal) is shown again above it.
   */
  show(popover: HTMLElement): void {
    if (this.cutout.matches(':popover-open')) return;
    this.cutout.showPopover();
    if (popover.matches(':popover-open')) {
      popover.hidePopover();
      popover.showPopover();
    }
  }

  /** Keeps focus in the dialog while a modal step shows (`on`), listening on the document. */
  trap(on: boolean): void {
    if (on === this.#trapping) return;
    this.#trapping = on;
    if (on) document.addEventListener('keydown', this.#keydown, true);
    else document.removeEventListener('keydown', this.#keydown, true);
  }

  /**
   * Tab and Shift+Tab go round the dialog's buttons, and the step's element when a click does the
   * step, where Escape works as in the dialog (docs/widgets.md, `<inlay-tour>`). Listened to
   * before the page's own handlers.
   */
  readonly #keydown = (event: KeyboardEvent): void => {
    const shown = this.#port.shown();
    const popover = this.#port.root.querySelector<HTMLElement>('[part~=popover]');
    if (!shown?.trap || !popover || (event.key !== 'Tab' && event.key !== 'Escape')) return;
    const element = shown.trap === 'element' && shown.target instanceof HTMLElement && shown.target.tabIndex >= 0 ? [shown.target] : [];
    const cycle = [...popover.querySelectorAll('button'), ...element];
    const at = cycle.indexOf(focused() as HTMLElement);
    if (event.key === 'Escape') {
      if (at >= 0 && cycle[at] === shown.target) this.#port.escape(event);
      return;
    }
    event.preventDefault();
    const step = event.shiftKey ? cycle.length - 1 : 1;
    cycle[at < 0 ? (event.shiftKey ? cycle.length - 1 : 0) : (at + step) % cycle.length]?.focus();
  };
}
