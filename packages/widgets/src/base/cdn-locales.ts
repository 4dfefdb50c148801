/**
 * The script-tag bundles' translations (vite.config.ts swaps each component's `locales.ts` for
 * this): ES modules `inlay-<component>.<tag>.js` next to the bundle, found from the bundle's own
 * URL like the importer's engine (importer/cdn.ts), and loaded with a native `import()` only when
 * a widget asks for that language. A page with a Content-Security-Policy allows them as it allows
 * the bundle (docs/widgets.md, Languages).
 */
import type { LocaleLoaders } from './locale.js';

/** Read while the bundle runs: `currentScript` is null afterwards. */
const script = typeof document === 'undefined' ? null : document.currentScript;

/** Shipped tags; `pt` (and so `pt-PT`) gets the Brazilian translation, the only Portuguese one. @internal */
export const SHIPPED = ['de', 'es', 'fr', 'ja', 'pt-BR'];

/** Loaders for the bundle `inlay-<component>.js`, or none (English only) when it was not loaded from a URL. @internal */
export function cdnLocales(component: string): LocaleLoaders {
  const base = script instanceof HTMLScriptElement ? script.src : '';
  if (!base) return {};
  const loader = (tag: string) => () => import(/* @vite-ignore */ new URL(`${component}.${tag}.js`, base).href);
  return { ...Object.fromEntries(SHIPPED.map((tag) => [tag, loader(tag)])), pt: loader('pt-BR') };
}
