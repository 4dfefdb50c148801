import { arrow, computePosition, flip, type Middleware, type Placement, type Platform, shift } from '@floating-ui/core';
import { autoUpdate } from '@floating-ui/dom';

/**
 * Keeps a tour's popover (or a hotspot's beacon) next to its element with Floating UI: placed on
 * the preferred side, flipped and shifted to stay in view, its arrow pointing at the element, and
 * followed through scrolling (of the page and of every scroll container around the element),
 * resizing and layout changes (`autoUpdate`). In the script-tag bundle itself: every step needs
 * it before it shows (docs/decisions.md, "Tours and hotspots"). Positions are set through the
 * CSSOM, which a strict `style-src` allows.
 * @internal
 */
export interface Follow {
  placement: Placement;
  /** Distance from the element, in px (negative: over its edge, for a beacon). */
  gap: number;
  arrow?: HTMLElement;
  /** Called with the element's client rect at each position: a modal step's cut-out frames it (modal.ts). */
  frame?: ((box: DOMRect) => void) | undefined;
}

/** Whether the browser is WebKit, asked once (every scroll and resize positions again). */
let webKit: boolean | undefined;

/** An element's layout size, transforms left out (a popover's entrance animation scales it). */
const layoutSize = (element: HTMLElement) => ({ width: element.offsetWidth, height: element.offsetHeight });

/**
 * The room a top-layer element has: the visual viewport (what is on screen, pinch zoom included),
 * which every browser with the Popover API the tour needs has.
 */
function room(): { x: number; y: number; width: number; height: number } {
  const view = visualViewport as VisualViewport;
  return { x: view.offsetLeft, y: view.offsetTop, width: view.width, height: view.height };
}

/**
 * Floating UI's core measuring the page for floating elements in the top layer, which is all the
 * tour has: popover, cut-out and beacons are `popover="manual"` and `position: fixed`. There the
 * containing block is the viewport and nothing but the viewport clips, so the element's box is
 * its client rect, and the room is the visual viewport (what is on screen, pinch zoom included).
 * `@floating-ui/dom`'s platform finds the same by walking offset parents, containing blocks and
 * clipping ancestors, which the top layer leaves out: 1.5 KB of the bundle this one does not need
 * (docs/decisions.md, "Tours and hotspots"). `isRTL` mirrors an `-end` alignment, as a beacon's.
 */
const topLayer: Platform & Pick<Required<Platform>, 'detectOverflow'> = {
  getElementRects: ({ reference, floating }) => {
    const { x, y, width, height } = (reference as Element).getBoundingClientRect();
    // WebKit measures client rects from the visual viewport but places `fixed` boxes in the
    // layout one (pinch zoom); @floating-ui/dom adds the same offsets there.
    webKit ??= CSS.supports('-webkit-backdrop-filter', 'none');
    const view = webKit ? room() : { x: 0, y: 0 };
    return { reference: { x: x + view.x, y: y + view.y, width, height }, floating: { x: 0, y: 0, ...layoutSize(floating as HTMLElement) } };
  },
  getDimensions: layoutSize,
  getClippingRect: room,
  /**
   * Floating UI's `detectOverflow` for a floating element in the top layer: how far it reaches
   * past the room on each side (positive) or how far it has left (negative), less `padding`.
   * The default one asks the platform for offset parents, scale and clipping ancestors, none of
   * which the top layer has; the script-tag build leaves it out (scripts/floating-ui-defaults.mjs),
   * so this one is the only one there. The tour passes `padding` as a number of px, or none.
   */
  detectOverflow: async ({ x, y, rects: { floating } }, options) => {
    const view = room();
    const padding = (options as { padding?: number } | undefined)?.padding ?? 0;
    return {
      top: view.y - y + padding,
      left: view.x - x + padding,
      bottom: y + floating.height - view.y - view.height + padding,
      right: x + floating.width - view.x - view.width + padding,
    };
  },
  isRTL: (element) => getComputedStyle(element as Element).direction === 'rtl',
};

/**
 * Floating UI's `offset(gap)` as the tour uses it: `gap` px from the element on the side placed
 * (negative: over its edge). Smaller in the bundle than `offset`, whose alignment and cross-axis
 * options the tour never sets; its skip after an arrow's alignment reset cannot apply either: an
 * arrow only goes with a placement without alignment (`top`, not `top-start`), which flip keeps so.
 */
const gap = (distance: number): Middleware => ({
  name: 'gap',
  fn: ({ x, y, placement }) => {
    const side = placement.split('-')[0];
    const away = side === 'top' || side === 'left' ? -distance : distance;
    return side === 'top' || side === 'bottom' ? { y: y + away } : { x: x + away };
  },
});

/** Starts following; answers the function that stops. */
export function follow(reference: Element, floating: HTMLElement, options: Follow): () => void {
  const tip = options.arrow;
  const preferred = options.placement;
  const update = async (): Promise<void> => {
    const { x, y, placement, middlewareData } = await computePosition(reference, floating, {
      platform: topLayer,
      strategy: 'fixed',
      placement: preferred,
      // Beside the element, the popover goes to the other side when its own has no room, and
      // below or above it when neither has (a phone's width), where shifting would have put it
      // over the element; only the room on the side counts, as shifting takes care of the rest (a
      // popover taller than a header link is shifted down beside it). Shifted on both axes: an
      // element wider or taller than the room beside it (a whole card) gets the popover over its
      // edge rather than out of the viewport. `flip` takes none of its other fallback options and
      // `shift` no limiter: the script-tag build fixes them as passed here
      // (scripts/floating-ui-defaults.mjs), as it does `autoUpdate`'s `animationFrame` below.
      middleware: [
        gap(options.gap),
        flip(preferred === 'left' || preferred === 'right' ? { crossAxis: false, fallbackPlacements: ['left', 'right', 'bottom', 'top'] } : undefined),
        shift({ padding: 8, crossAxis: true }),
        tip && arrow({ element: tip, padding: 12 }),
      ],
    });
    floating.style.left = `${x}px`;
    floating.style.top = `${y}px`;
    const side = placement.split('-')[0] ?? 'bottom';
    floating.dataset.side = side;
    if (tip) {
      const at = middlewareData.arrow;
      tip.style.left = at?.x === undefined ? '' : `${at.x}px`;
      tip.style.top = at?.y === undefined ? '' : `${at.y}px`;
    }
    options.frame?.(reference.getBoundingClientRect());
  };
  // Out of sight while its element is: scrolled out of the viewport or out of a scroll container
  // around it (what an IntersectionObserver sees), rather than pinned to the viewport's edge.
  const seen = new IntersectionObserver(([entry]) => (floating.style.scale = entry?.intersectionRatio ? '' : '0'));
  seen.observe(reference);
  const stop = autoUpdate(reference, floating, () => void update());
  return () => {
    seen.disconnect();
    stop();
  };
}
