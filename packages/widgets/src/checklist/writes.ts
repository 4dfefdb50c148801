/**
 * Loads the checklist's write path (progress-writes.ts), which the first paint does not need:
 * from npm a plain `import()` that the consumer's bundler splits off. The script-tag bundle uses
 * writes.cdn.ts instead (vite.config.ts).
 * @internal
 */
export const loadProgressWrites = () => import('./progress-writes.js');
