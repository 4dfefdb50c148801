/**
 * Loads the board's post page (post-page.ts) and its filters and roadmap (board-views.ts), which
 * the list's first paint does not need: from npm plain `import()`s that the consumer's bundler
 * splits off. The script-tag bundle uses pages.cdn.ts instead (vite.config.ts).
 * @internal
 */
export const loadPostPage = () => import('./post-page.js');
export const loadBoardViews = () => import('./board-views.js');
