/**
 * `@inlay/widgets/checklist`: importing it registers `<inlay-checklist>`.
 *
 * @example
 * ```ts
 * import '@inlay/widgets/checklist';
 * document.body.append(Object.assign(document.createElement('inlay-checklist'), { flowId: 'flow_123' }));
 * ```
 */
import './checklist/define.js';

export { InlayChecklist } from './checklist/checklist.js';
export { defaultChecklistStrings } from './checklist/checklist.strings.js';
export type { ChecklistStrings } from './checklist/checklist.strings.js';
export {
  InlayDismissEvent,
  InlayShowMeEvent,
  InlayErrorEvent,
  InlayFlowCompleteEvent,
  InlayItemCompleteEvent,
} from './events.js';
export type { InlayDismissDetail, InlayShowMeDetail, InlayErrorDetail, InlayFlowCompleteDetail, InlayItemCompleteDetail } from './events.js';
