/**
 * `@inlay/widgets`: the component classes, their events and strings, without registering any
 * tag. Import `@inlay/widgets/checklist` (or load `cdn/inlay-checklist.js`) to register
 * `<inlay-checklist>`; import the class from here to subclass it or register it yourself.
 *
 * @example
 * ```ts
 * import { InlayChecklist } from '@inlay/widgets';
 * customElements.define('acme-checklist', class extends InlayChecklist {});
 * ```
 */
export { InlayChecklist } from './checklist/checklist.js';
export { defaultChecklistStrings } from './checklist/checklist.strings.js';
export type { ChecklistStrings } from './checklist/checklist.strings.js';
export {
  InlayDismissEvent,
  InlayErrorEvent,
  InlayFlowCompleteEvent,
  InlayItemCompleteEvent,
} from './events.js';
export type { InlayDismissDetail, InlayErrorDetail, InlayFlowCompleteDetail, InlayItemCompleteDetail } from './events.js';
