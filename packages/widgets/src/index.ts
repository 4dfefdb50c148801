/**
 * `@inlay/widgets`: the component classes, their events and strings, without registering any
 * tag. Import `@inlay/widgets/checklist`, `@inlay/widgets/feedback-board` or
 * `@inlay/widgets/importer` (or load `cdn/inlay-checklist.js`, `cdn/inlay-feedback-board.js` or
 * `cdn/inlay-importer.js`) to register a tag; import the class from here to subclass it or
 * register it yourself (an importer registered this way needs `worker-url`, or
 * `InlayImporter.engineAssets`, to find its engine).
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
export { InlayFeedbackBoard } from './feedback-board/feedback-board.js';
export { defaultFeedbackBoardStrings } from './feedback-board/feedback-board.strings.js';
export type { FeedbackBoardStrings } from './feedback-board/feedback-board.strings.js';
export { InlayTour } from './tour/tour.js';
export { defaultTourStrings } from './tour/tour.strings.js';
export type { TourStrings } from './tour/tour.strings.js';
export { FlowElement } from './checklist/flow-element.js';
export { InlayImporter } from './importer/importer.js';
export { defaultImporterStrings } from './importer/importer.strings.js';
export type { ImporterStrings } from './importer/importer.strings.js';
export type { EngineAssets, EngineModule } from './importer/connection.js';
export {
  InlayDismissEvent,
  InlayShowMeEvent,
  InlayErrorEvent,
  InlayFlowCompleteEvent,
  InlayImportCancelEvent,
  InlayImportCompleteEvent,
  InlayItemCompleteEvent,
  InlayPostCloseEvent,
  InlayPostCreateEvent,
  InlayPostOpenEvent,
  InlayVoteEvent,
} from './events.js';
export type {
  BoardOperation,
  ImporterOperation,
  InlayDismissDetail, InlayShowMeDetail,
  InlayErrorDetail,
  InlayFlowCompleteDetail,
  InlayImportCancelDetail,
  ImportedRow,
  InlayImportCompleteDetail,
  InlayImportCompleteListener,
  InlayItemCompleteDetail,
  InlayPostCreateDetail,
  InlayPostNavigationDetail,
  InlayVoteDetail,
} from './events.js';
