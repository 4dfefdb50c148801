/**
 * Loads the board's write path (board-writes.ts: the form, create and votes), which the list
 * does not need: from npm a plain `import()` that the consumer's bundler splits off. The
 * script-tag bundle uses writes.cdn.ts instead (vite.config.ts).
 * @internal
 */
export const loadBoardWrites = () => import('./board-writes.js');
