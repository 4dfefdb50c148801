import { cdnLocales } from '../base/cdn-locales.js';

/** The script-tag bundle's translations: `inlay-checklist.<tag>.js` beside it. @internal */
export const checklistLocales = cdnLocales('inlay-checklist');
