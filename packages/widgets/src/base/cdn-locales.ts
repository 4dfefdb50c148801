/**
 * The script-tag bundles' translations (vite.config.ts swaps each component's `locales.ts` for
 * its `locales.cdn.ts`, which uses this): ES modules `inlay-<component>.<tag>.js` next to the
 * bundle, found from the bundle's own URL like the importer's engine (importer/cdn.ts), and
 * loaded with a native `import()` only when a widget shows that language. A page with a
 * Content-Security-Policy allows them as it allows the bundle (docs/widgets.md, Languages).
 */
import type { LocaleLoader } from './locale.js';

/** Read while the bundle runs: `currentScript` is null afterwards. */
const script = typeof document === 'undefined' ? null : document.currentScript;

/** Shipped tags, as in vite.config.ts (LOCALE_TAGS); `pt` gets the one Portuguese translation. */
const SHIPPED = ['de', 'es', 'fr', 'ja', 'pt-BR'];

/**
 * A module `<file>.js` of the bundle's own folder (a script-tag bundle's write path, loaded as
 * its translations are: docs/widgets.md, "Files of the script-tag bundles"); rejects when the
 * bundle was not loaded from a URL. @internal
 */
export const cdnModule = <T>(file: string): Promise<T> => {
  const src = (script as HTMLScriptElement | null)?.src;
  return src ? import(/* @vite-ignore */ new URL(`${file}.js`, src).href) : Promise.reject(new Error(`${file}.js: the bundle has no URL`));
};

/** The loader of the bundle `inlay-<component>.js`; English only when it was not loaded from a URL. @internal */
export const cdnLocales =
  (component: string): LocaleLoader =>
  (tag) => {
    if (tag === 'pt') tag = 'pt-BR';
    // An SVG <script> has no `src`: no translations then.
    const src = (script as HTMLScriptElement | null)?.src;
    return src && SHIPPED.includes(tag) ? import(/* @vite-ignore */ new URL(`${component}.${tag}.js`, src).href) : undefined;
  };
