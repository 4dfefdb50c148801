/**
 * Shipped translations (docs/widgets.md, Languages). Each component lists its own as loaders, one
 * dynamic import per language, so no translation is in a component's base bundle: the npm build
 * leaves `import('./locales/de.js')` to the consumer's bundler, and the script-tag bundles load
 * `inlay-<component>.<tag>.js` from beside themselves (base/cdn-locales.ts).
 */

/**
 * A translation: called with the tag it was chosen for (`de-AT` for the `de` file), so dates and
 * numbers are formatted with `Intl` in exactly that locale.
 * @internal
 */
export type LocalePack<S> = (tag: string) => Partial<S>;

/** One loader per shipped tag; `en` is the built-in default and has none. @internal */
export type LocaleLoaders = Readonly<Record<string, () => Promise<{ default: LocalePack<object> }>>>;

/** What a component shows in: the tag for `Intl`, and the translated strings (empty for English). @internal */
export interface LoadedLocale {
  tag: string;
  strings: object;
}

/** English: the defaults every component is written in. @internal */
export const english: LoadedLocale = { tag: 'en', strings: {} };

/**
 * The tags to try for `tag`, most specific first (`pt-BR` → `pt-BR`, `pt`); an invalid tag
 * gives none (English).
 * @internal
 */
export function localeCandidates(tag: string): string[] {
  let canonical: string;
  try {
    canonical = Intl.getCanonicalLocales(tag)[0] ?? '';
  } catch {
    return [];
  }
  const parts = canonical.split('-');
  return parts.map((_, i) => parts.slice(0, parts.length - i).join('-')).filter(Boolean);
}

const loaded = new WeakMap<LocaleLoaders, Map<string, LoadedLocale>>();

/** The translation already loaded for `tag`, if any: lets a second widget render translated at once. @internal */
export function cachedLocale(loaders: LocaleLoaders, tag: string): LoadedLocale | undefined {
  return loaded.get(loaders)?.get(tag);
}

/**
 * Loads the translation for `tag`: the first of its candidates that is shipped, else English.
 * Formats use `tag` itself when a translation (English included) was found, else plain `en`.
 * @internal
 */
export async function loadLocale(loaders: LocaleLoaders, tag: string): Promise<LoadedLocale> {
  let result = english;
  for (const candidate of localeCandidates(tag)) {
    if (candidate === 'en') {
      result = { tag, strings: {} };
      break;
    }
    const load = loaders[candidate];
    if (load) {
      result = { tag, strings: (await load()).default(tag) };
      break;
    }
  }
  let cache = loaded.get(loaders);
  if (!cache) loaded.set(loaders, (cache = new Map()));
  cache.set(tag, result);
  return result;
}
