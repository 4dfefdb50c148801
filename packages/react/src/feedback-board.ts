import { createComponent, type EventName } from '@lit/react';
import * as React from 'react';
import type { InlayErrorEvent, InlayPostCloseEvent, InlayPostCreateEvent, InlayPostOpenEvent, InlayVoteEvent } from '@inlay/widgets';
// Registers <inlay-feedback-board> as a side effect.
import { InlayFeedbackBoard as InlayFeedbackBoardElement } from '@inlay/widgets/feedback-board';

/** The element's events by prop name: `inlay-x-y` is `onInlayXY`. */
export const feedbackBoardEvents = {
  onInlayPostCreate: 'inlay-post-create' as EventName<InlayPostCreateEvent>,
  onInlayVote: 'inlay-vote' as EventName<InlayVoteEvent>,
  onInlayPostOpen: 'inlay-post-open' as EventName<InlayPostOpenEvent>,
  onInlayPostClose: 'inlay-post-close' as EventName<InlayPostCloseEvent>,
  onInlayError: 'inlay-error' as EventName<InlayErrorEvent>,
};

/**
 * `<inlay-feedback-board>` as a React component (docs/widgets.md, "React"): its properties are
 * props (`boardId`, `publishableKey`, `baseUrl`, `authorId`, `anonymous`, `store`, `postId`,
 * `view`, …) and its events are `onInlay…` props; `postId` with `onInlayPostOpen` and
 * `onInlayPostClose` binds the post page to a router.
 *
 * @example
 * ```tsx
 * <InlayFeedbackBoard boardId="board_123" publishableKey="svc_live_pub_…" baseUrl="https://inlay.example.com/feedback"
 *   anonymous onInlayVote={(event) => console.log(event.detail.voteCount)} />
 * ```
 */
export const InlayFeedbackBoard = createComponent({
  tagName: 'inlay-feedback-board',
  elementClass: InlayFeedbackBoardElement,
  react: React,
  events: feedbackBoardEvents,
  displayName: 'InlayFeedbackBoard',
});
