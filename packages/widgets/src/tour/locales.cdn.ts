import { cdnLocales } from '../base/cdn-locales.js';

/** The script-tag bundle's translations: `inlay-tour.<tag>.js` beside it. @internal */
export const tourLocales = cdnLocales('inlay-tour');
