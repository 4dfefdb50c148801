import { cdnModule } from '../base/cdn-locales.js';
import type * as ProgressWritesModule from './progress-writes.js';

/** The script-tag bundle's write path: `inlay-checklist.writes.js` beside it (vite.config.ts). @internal */
export const loadProgressWrites = (): Promise<typeof ProgressWritesModule> => cdnModule('inlay-checklist.writes');
