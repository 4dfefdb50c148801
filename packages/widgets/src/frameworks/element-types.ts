/**
 * What the framework typings (`@inlay/widgets/jsx`, `/vue`, `/svelte`) say about each element:
 * the properties a template may set, the attributes it may write, and the events it may listen
 * to. Type declarations only; test/framework-types.test.ts checks them against
 * custom-elements.json in a React, a Vue and a Svelte project.
 */
import type { InlayElement } from '../base/inlay-element.js';
import type { InlayChecklist } from '../checklist/checklist.js';
import type {
  InlayDismissEvent,
  InlayErrorEvent,
  InlayFlowCompleteEvent,
  InlayImportCancelEvent,
  InlayImportCompleteEvent,
  InlayItemCompleteEvent,
  InlayPostCloseEvent,
  InlayPostCreateEvent,
  InlayPostOpenEvent,
  InlayShowMeEvent,
  InlayVoteEvent,
} from '../events.js';
import type { InlayFeedbackBoard } from '../feedback-board/feedback-board.js';
import type { InlayImporter } from '../importer/importer.js';
import type { InlayTour } from '../tour/tour.js';

/** Attributes are strings in markup; a boolean attribute may also be given as `true`. */
type Attribute = string | number | boolean | null | undefined;

/** What every element has from its base: `theme` and `locale`, each a property and an attribute of the same name. */
type SharedProps = Partial<Pick<InlayElement, 'theme' | 'locale'>>;

/** `<inlay-checklist>`'s settable properties and attributes. */
export type InlayChecklistProps = SharedProps &
  Partial<Pick<InlayChecklist, 'flowId' | 'publishableKey' | 'baseUrl' | 'userId' | 'workspaceKey' | 'traits' | 'getAuthorToken' | 'store' | 'previewConfig' | 'strings'>> & {
  'flow-id'?: Attribute;
  'publishable-key'?: Attribute;
  'base-url'?: Attribute;
  'user-id'?: Attribute;
  'workspace-key'?: Attribute;
};

/** `<inlay-checklist>`'s events by name. */
export interface InlayChecklistEvents {
  'inlay-item-complete': InlayItemCompleteEvent;
  'inlay-flow-complete': InlayFlowCompleteEvent;
  'inlay-dismiss': InlayDismissEvent;
  'inlay-show-me': InlayShowMeEvent;
  'inlay-error': InlayErrorEvent;
}

/** `<inlay-tour>`'s settable properties and attributes: the checklist's, with its own `strings`. */
export type InlayTourProps = SharedProps &
  Partial<Pick<InlayTour, 'flowId' | 'publishableKey' | 'baseUrl' | 'userId' | 'workspaceKey' | 'traits' | 'getAuthorToken' | 'store' | 'previewConfig' | 'strings'>> & {
  'flow-id'?: Attribute;
  'publishable-key'?: Attribute;
  'base-url'?: Attribute;
  'user-id'?: Attribute;
  'workspace-key'?: Attribute;
};

/** `<inlay-tour>`'s events by name. */
export interface InlayTourEvents {
  'inlay-item-complete': InlayItemCompleteEvent;
  'inlay-flow-complete': InlayFlowCompleteEvent;
  'inlay-dismiss': InlayDismissEvent;
  'inlay-error': InlayErrorEvent;
}

/** `<inlay-feedback-board>`'s settable properties and attributes. */
export type InlayFeedbackBoardProps = SharedProps &
  Partial<
  Pick<
  InlayFeedbackBoard,
  'boardId' | 'publishableKey' | 'baseUrl' | 'authorId' | 'authorName' | 'anonymous' | 'pageSize' | 'getAuthorToken' | 'store' | 'previewConfig' | 'strings' | 'postId' | 'view'
  >
> & {
  'board-id'?: Attribute;
  'publishable-key'?: Attribute;
  'base-url'?: Attribute;
  'author-id'?: Attribute;
  'author-name'?: Attribute;
  'page-size'?: Attribute;
  'post-id'?: Attribute;
};

/** `<inlay-feedback-board>`'s events by name. */
export interface InlayFeedbackBoardEvents {
  'inlay-post-create': InlayPostCreateEvent;
  'inlay-vote': InlayVoteEvent;
  'inlay-post-open': InlayPostOpenEvent;
  'inlay-post-close': InlayPostCloseEvent;
  'inlay-error': InlayErrorEvent;
}

/** `<inlay-importer>`'s settable properties and attributes. */
export type InlayImporterProps = SharedProps &
  Partial<
  Pick<
    InlayImporter,
    'importerId' | 'publishableKey' | 'baseUrl' | 'workerUrl' | 'workerTimeout' | 'metadata' | 'strings' | 'transformRow' | 'validateRow' | 'suggestMapping' | 'suggestMappingTimeout' | 'uploadChunkRows' | 'previewConfig'
  >
> & {
  'importer-id'?: Attribute;
  'publishable-key'?: Attribute;
  'base-url'?: Attribute;
  'worker-url'?: Attribute;
  'worker-timeout'?: Attribute;
  'suggest-mapping-timeout'?: Attribute;
};

/** `<inlay-importer>`'s events by name. */
export interface InlayImporterEvents {
  'inlay-import-complete': InlayImportCompleteEvent;
  'inlay-import-cancel': InlayImportCancelEvent;
  'inlay-error': InlayErrorEvent;
}

/** Each tag with its element class, props and events: what the framework typings map over. */
export interface InlayElements {
  'inlay-checklist': { element: InlayChecklist; props: InlayChecklistProps; events: InlayChecklistEvents };
  'inlay-tour': { element: InlayTour; props: InlayTourProps; events: InlayTourEvents };
  'inlay-feedback-board': { element: InlayFeedbackBoard; props: InlayFeedbackBoardProps; events: InlayFeedbackBoardEvents };
  'inlay-importer': { element: InlayImporter; props: InlayImporterProps; events: InlayImporterEvents };
}
