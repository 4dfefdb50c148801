/**
 * Shipped translations (docs/widgets.md, Languages). Each component has a loader that imports
 * one translation per call, so no translation is in a component's base bundle: the npm build
 * leaves `import('./locales/de.js')` to the consumer's bundler, and the script-tag bundles load
 * `inlay-<component>.<tag>.js` from beside themselves (base/cdn-locales.ts).
 */

/**
 * A translation: called with the tag it was chosen for (`de-AT` for the `de` file), so dates and
 * numbers are formatted with `Intl` in exactly that locale. Public: the elements' `locales`
 * property names it.
 */
export type LocalePack<S> = (tag: string) => Partial<S>;

/** Imports the translation shipped for exactly `tag`, or answers undefined when there is none. */
export type LocaleLoader = (tag: string) => Promise<{ default: LocalePack<object> }> | undefined;

/** A component's shipped translations by exact tag, each imported only when its function is called. */
export type LocaleImports = Readonly<Record<string, () => Promise<{ default: LocalePack<object> }>>>;

/**
 * The npm build's loader over a component's shipped translations (its `locales.ts`): one loader
 * for the three components rather than three copies of it. `pt` maps to the one Portuguese
 * translation, so `pt` and `pt-PT` get `pt-BR` rather than English, as in base/cdn-locales.ts.
 * @internal
 */
export const shippedLocales =
  (imports: LocaleImports): LocaleLoader =>
  (tag) => {
    if (tag === 'pt') tag = 'pt-BR';
    return Object.hasOwn(imports, tag) ? imports[tag]?.() : undefined;
  };

/** What a component shows in: the tag for `Intl`, and the translated strings (empty for English). */
export interface LoadedLocale {
  tag: string;
  strings: object;
}

/**
 * Loads the translation for `tag`: the one shipped for `tag` itself, else for its language
 * (`pt-BR`, then `pt`), else English. `tag` is kept for `Intl` when a translation (English
 * included) was found; an unknown language or an invalid tag gives plain `en`.
 * @internal
 */
export async function loadLocale(load: LocaleLoader, tag: string): Promise<LoadedLocale> {
  try {
    [tag = 'en'] = Intl.getCanonicalLocales(tag);
  } catch {
    // Not a language tag (`lang="en_US"`).
    tag = 'en';
  }
  const language = tag.split('-')[0];
  const pack = language === 'en' ? undefined : await (load(tag) ?? load(language ?? ''));
  return { tag: pack || language === 'en' ? tag : 'en', strings: pack?.default(tag) ?? {} };
}

/**
 * A controller that, before every render, loads the translation of the language the element
 * shows in when it changed: its `locale`, else the nearest `lang` attribute (its own, an
 * ancestor's, the page's), else English. Shared by the Lit base (inlay-element.ts) and the flow
 * elements' base (checklist/flow-element.ts). @internal
 */
export function localeWatcher(element: Element & { locale?: string | undefined }, loader: LocaleLoader, use: (loaded: LoadedLocale) => void, report: (error: unknown) => void): { hostUpdate(): void } {
  let wanted = '';
  return {
    hostUpdate() {
      const tag = element.locale || element.closest('[lang]')?.getAttribute('lang') || document.documentElement.lang || 'en';
      if (tag === wanted) return;
      wanted = tag;
      loadLocale(loader, tag).then((loaded) => {
        if (wanted === tag) use(loaded);
      }, report);
    },
  };
}
