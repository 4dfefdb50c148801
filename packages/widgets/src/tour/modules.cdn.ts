import { cdnModule } from '../base/cdn-locales.js';
import type * as HotspotsModule from './hotspots.js';
import type * as ModalModule from './modal.js';

/** The script-tag bundle's hotspots: `inlay-tour.hotspots.js` beside it (vite.config.ts). @internal */
export const loadHotspots = (): Promise<typeof HotspotsModule> => cdnModule('inlay-tour.hotspots');

/** The script-tag bundle's modal steps: `inlay-tour.modal.js` beside it (vite.config.ts). @internal */
export const loadModal = (): Promise<typeof ModalModule> => cdnModule('inlay-tour.modal');
