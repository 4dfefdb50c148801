/**
 * `@inlay/react`: Inlay's widgets as React components, built with `@lit/react`. Each one
 * registers its custom element when its module is loaded; a bundler keeps only the components an
 * app uses (each lives in a module of its own), so the importer's code is not in an app that
 * shows only a checklist.
 */
export { checklistEvents, InlayChecklist } from './checklist.js';
export { InlayTour, tourEvents } from './tour.js';
export { feedbackBoardEvents, InlayFeedbackBoard } from './feedback-board.js';
export { importerEvents, InlayImporter } from './importer.js';
export type {
  InlayDismissEvent,
  InlayErrorEvent,
  InlayFlowCompleteEvent,
  InlayImportCancelEvent,
  InlayImportCompleteEvent,
  InlayItemCompleteEvent,
  InlayPostCreateEvent,
  InlayShowMeEvent,
  InlayVoteEvent,
} from '@inlay/widgets';
