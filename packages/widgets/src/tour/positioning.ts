/**
 * Loads the tour's positioning (position.ts: Floating UI): from npm a plain `import()` that the
 * consumer's bundler splits off. The script-tag bundle uses positioning.cdn.ts instead
 * (vite.config.ts).
 * @internal
 */
export const loadPosition = () => import('./position.js');
