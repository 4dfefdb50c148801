/**
 * Loads the column matcher (column-matcher.ts), which the mapping step needs once a file is read.
 * From npm a plain `import()` that the consumer's bundler splits off; the script-tag bundle uses
 * matcher.cdn.ts instead (vite.config.ts).
 * @internal
 */
export const loadMatcher = () => import('./column-matcher.js');
