/**
 * Loads the tour's modules that its first paint does not need: its positioning (position.ts:
 * Floating UI) and its hotspots (hotspots.ts). From npm plain `import()`s that the consumer's
 * bundler splits off; the script-tag bundle uses modules.cdn.ts instead (vite.config.ts).
 * @internal
 */
export const loadPosition = () => import('./position.js');
export const loadHotspots = () => import('./hotspots.js');
