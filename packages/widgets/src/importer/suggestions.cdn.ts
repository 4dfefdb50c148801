import { cdnModule } from '../base/cdn-locales.js';
import type * as MappingSuggestionsModule from './mapping-suggestions.js';

/** The script-tag bundle's `suggestMapping` runner: `inlay-importer.suggestions.js` beside it (vite.config.ts). @internal */
export const loadSuggestions = (): Promise<typeof MappingSuggestionsModule> => cdnModule('inlay-importer.suggestions');
