import { shippedLocales } from '../base/locale.js';

/**
 * The translations of `<inlay-tour>`, each imported only when asked for (docs/widgets.md,
 * Languages). The script-tag bundle uses locales.cdn.ts instead (vite.config.ts).
 * @internal
 */
export const tourLocales = shippedLocales({
  de: () => import('./locales/de.js'),
  es: () => import('./locales/es.js'),
  fr: () => import('./locales/fr.js'),
  ja: () => import('./locales/ja.js'),
  'pt-BR': () => import('./locales/pt-BR.js'),
});
