/**
 * Loads the tour's hotspots (hotspots.ts), which only flows shown as hotspots need. From npm a
 * plain `import()` that the consumer's bundler splits off; the script-tag bundle uses
 * modules.cdn.ts instead (vite.config.ts). Its positioning (position.ts: Floating UI) is no
 * longer lazy: every step needs it before it shows (docs/decisions.md, "Tours and hotspots").
 * @internal
 */
export const loadHotspots = () => import('./hotspots.js');

/** Loads a modal step's overlay and focus trap (modal.ts), for flows with a modal step. @internal */
export const loadModal = () => import('./modal.js');
