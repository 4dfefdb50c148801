import { cdnModule } from '../base/cdn-locales.js';
import type * as BoardWritesModule from './board-writes.js';

/** The script-tag bundle's write path: `inlay-feedback-board.writes.js` beside it (vite.config.ts). @internal */
export const loadBoardWrites = (): Promise<typeof BoardWritesModule> => cdnModule('inlay-feedback-board.writes');
