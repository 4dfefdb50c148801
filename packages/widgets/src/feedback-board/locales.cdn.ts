import { cdnLocales } from '../base/cdn-locales.js';

/** The script-tag bundle's translations: `inlay-feedback-board.<tag>.js` beside it. @internal */
export const feedbackBoardLocales = cdnLocales('inlay-feedback-board');
