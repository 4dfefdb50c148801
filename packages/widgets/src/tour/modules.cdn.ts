import { cdnModule } from '../base/cdn-locales.js';
import type * as HotspotsModule from './hotspots.js';
import type * as PositionModule from './position.js';

/** The script-tag bundle's positioning and hotspots: `inlay-tour.position.js` and `.hotspots.js` beside it (vite.config.ts). @internal */
export const loadPosition = (): Promise<typeof PositionModule> => cdnModule('inlay-tour.position');
export const loadHotspots = (): Promise<typeof HotspotsModule> => cdnModule('inlay-tour.hotspots');
