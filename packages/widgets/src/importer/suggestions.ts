/**
 * Loads the `suggestMapping` hook's runner (mapping-suggestions.ts) only for a page that set the
 * hook: from npm a plain `import()` that the consumer's bundler splits off. The script-tag bundle
 * uses suggestions.cdn.ts instead (vite.config.ts), as it does for its translations.
 * @internal
 */
export const loadSuggestions = () => import('./mapping-suggestions.js');
