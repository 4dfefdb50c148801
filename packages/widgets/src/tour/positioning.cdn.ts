import { cdnModule } from '../base/cdn-locales.js';
import type * as PositionModule from './position.js';

/** The script-tag bundle's positioning: `inlay-tour.position.js` beside it (vite.config.ts). @internal */
export const loadPosition = (): Promise<typeof PositionModule> => cdnModule('inlay-tour.position');
