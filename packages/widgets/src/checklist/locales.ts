import type { LocaleLoader } from '../base/locale.js';

/**
 * The translations of `<inlay-checklist>`, each imported only when asked for (docs/widgets.md,
 * Languages). The script-tag bundle uses locales.cdn.ts instead (vite.config.ts).
 * @internal
 */
export const checklistLocales: LocaleLoader = (tag) => {
  switch (tag) {
    case 'de':
      return import('./locales/de.js');
    case 'es':
      return import('./locales/es.js');
    case 'fr':
      return import('./locales/fr.js');
    case 'ja':
      return import('./locales/ja.js');
    // The one Portuguese translation, for `pt` and `pt-PT` too rather than English.
    case 'pt':
    case 'pt-BR':
      return import('./locales/pt-BR.js');
    default:
      return undefined;
  }
};
