import type { ChecklistItem, Progress, ProgressOperation } from '@inlay/core';
import type { PublishedFlow } from '../checklist/flow-progress.js';
import { element, set, text } from './dom.js';
import { adoptHotspotStyles } from './hotspots.styles.js';
import { find } from './page-watch.js';
import type { Follow } from './position.js';
import { hotspotItems } from './steps.js';
import { hotspotStrings, type TourViewStrings } from './tour.strings.js';

/**
 * The hotspots presentation of `<inlay-tour>` (docs/onboarding.md, "Tours and hotspots"): a beacon
 * on each open anchored item of the page, and its hint's dialog when the beacon is pressed. Only
 * flows shown as hotspots need it, so the script-tag bundle loads it from beside itself
 * (`inlay-tour.hotspots.js`) once the flow says so (docs/widgets.md, "Files of the script-tag
 * bundles"). It imports neither the element nor the request core: what it needs comes through a
 * {@link TourPort}. It draws as the element does (dom.ts): beacons kept per item.
 * @internal
 */

/** What a render shows in a dialog, for the page-side work after it (tour.ts). */
export interface Shown {
  item: ChecklistItem;
  /** Its element on the page; null when it shows unanchored. */
  target: Element | null;
  /** Waiting for its element (not found yet, fallback not applied). */
  waiting: boolean;
  /** A done step shown again through Back. */
  review: boolean;
  /** Tab cycles inside the dialog (a modal step), and through its element when a click does the step. */
  trap?: 'dialog' | 'element';
  /** What the close button and Escape do; no close button without it. */
  close?: () => void;
}

/** A floating element to keep next to its element: key, element, floating element, how (position.ts). */
export type Floating = [string, Element, HTMLElement, Follow];

/** The element, as this module sees it. Names without `_`: the bundle shortens those (vite.config.ts). */
export interface TourPort {
  /** The element: rendered again when a hint opens or closes; its shadow root holds the beacons. */
  readonly host: { requestUpdate(): void; readonly updateComplete: Promise<boolean>; readonly renderRoot: ShadowRoot };
  /** The dialog of what `shown` shows, as a step's: title, text, close button, then `body`. */
  popover(shown: Shown, closeLabel: string, body: Node[]): HTMLElement;
  write(operation: ProgressOperation): void;
}

/** What a render of the hotspots gives the element. */
export interface HotspotsView {
  nodes: Node[];
  /** The open hint. */
  shown?: Shown;
  /** One of the items' elements is not in the page (yet): the element watches the page. */
  missing: boolean;
}

export class Hotspots {
  /** The item whose hint is open. */
  open?: string;
  readonly #port: TourPort;
  /** The beacons shown, by item: kept across renders, as the element keeps its nodes. */
  #beacons = new Map<string, HTMLButtonElement>();
  readonly #gotIt = element('button', { class: 'primary', part: 'next-button' });
  readonly #foot = element('div', { class: 'foot' });

  constructor(port: TourPort) {
    this.#port = port;
    this.#foot.append(this.#gotIt);
    adoptHotspotStyles(port.host.renderRoot);
  }

  draw(flow: PublishedFlow, progress: Progress, path: string, strings: TourViewStrings): HotspotsView {
    const t = { ...hotspotStrings, ...strings };
    const result: HotspotsView = { nodes: [], missing: false };
    const beacons = new Map<string, HTMLButtonElement>();
    for (const item of hotspotItems(flow, progress, path)) {
      const target = find(item.anchor?.selector ?? '');
      if (!target) {
        result.missing = true;
        continue;
      }
      const open = this.open === item.id;
      const beacon = this.#beacons.get(item.id) ?? element('button', { class: 'beacon', part: 'beacon', popover: 'manual', 'data-item': item.id });
      beacons.set(item.id, beacon);
      set(beacon, { 'aria-label': t.openHotspot(item.title), 'aria-expanded': String(open) }).onclick = () => this.#show(open ? undefined : item.id);
      result.nodes.push(beacon);
      if (open) {
        const shown: Shown = { item, target, waiting: false, review: false, close: () => this.close() };
        result.shown = shown;
        text(this.#gotIt, t.gotIt);
        this.#gotIt.onclick = () => this.#done(item.id);
        result.nodes.push(this.#port.popover(shown, t.closeHotspot, [this.#foot]));
      }
    }
    this.#beacons = beacons;
    return result;
  }

  /** The beacons to keep on their elements' corners. */
  follow(flow: PublishedFlow): Floating[] {
    return [...this.#port.host.renderRoot.querySelectorAll<HTMLElement>('.beacon')].flatMap((beacon): Floating[] => {
      const item = flow.config.items.find((entry) => entry.id === beacon.dataset.item);
      const target = item?.anchor && find(item.anchor.selector);
      return target ? [[`beacon:${item.id}`, target, beacon, { placement: 'top-end', gap: -12 }]] : [];
    });
  }

  /** Closes the open hint and puts focus back on its beacon. */
  close(): void {
    const id = this.open;
    this.#show(undefined);
    void this.#port.host.updateComplete.then(() => this.#port.host.renderRoot.querySelector<HTMLElement>(`[data-item="${id}"]`)?.focus());
  }

  #show(id: string | undefined): void {
    this.open = id;
    this.#port.host.requestUpdate();
  }

  #done(itemId: string): void {
    this.#show(undefined);
    this.#port.write({ type: 'complete', itemId });
  }
}
