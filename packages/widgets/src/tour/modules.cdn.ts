import { cdnModule } from '../base/cdn-locales.js';
import type * as HotspotsModule from './hotspots.js';

/** The script-tag bundle's hotspots: `inlay-tour.hotspots.js` beside it (vite.config.ts). @internal */
export const loadHotspots = (): Promise<typeof HotspotsModule> => cdnModule('inlay-tour.hotspots');
