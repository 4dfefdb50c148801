import { cdnLocales } from '../base/cdn-locales.js';

/** The script-tag bundle's translations: `inlay-importer.<tag>.js` beside it. @internal */
export const importerLocales = cdnLocales('inlay-importer');
