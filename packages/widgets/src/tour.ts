/**
 * `@inlay/widgets/tour`: importing it registers `<inlay-tour>`.
 *
 * @example
 * ```ts
 * import '@inlay/widgets/tour';
 * document.querySelector('inlay-tour')?.start();
 * ```
 */
import './tour/define.js';

export { InlayTour } from './tour/tour.js';
export { defaultTourStrings } from './tour/tour.strings.js';
export type { TourStrings } from './tour/tour.strings.js';
export {
  InlayDismissEvent,
  InlayErrorEvent,
  InlayFlowCompleteEvent,
  InlayItemCompleteEvent,
} from './events.js';
export type { InlayDismissDetail, InlayErrorDetail, InlayFlowCompleteDetail, InlayItemCompleteDetail } from './events.js';
