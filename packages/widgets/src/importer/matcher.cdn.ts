import { cdnModule } from '../base/cdn-locales.js';
import type * as ColumnMatcherModule from './column-matcher.js';

/** The script-tag bundle's column matcher: `inlay-importer.matcher.js` beside it (vite.config.ts). @internal */
export const loadMatcher = (): Promise<typeof ColumnMatcherModule> => cdnModule('inlay-importer.matcher');
