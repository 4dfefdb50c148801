import { createComponent, type EventName } from '@lit/react';
import * as React from 'react';
import type { InlayErrorEvent, InlayPostCreateEvent, InlayVoteEvent } from '@inlay/widgets';
// Registers <inlay-feedback-board> as a side effect.
import { InlayFeedbackBoard as InlayFeedbackBoardElement } from '@inlay/widgets/feedback-board';

/** The element's events by prop name: `inlay-x-y` is `onInlayXY`. */
export const feedbackBoardEvents = {
  onInlayPostCreate: 'inlay-post-create' as EventName<InlayPostCreateEvent>,
  onInlayVote: 'inlay-vote' as EventName<InlayVoteEvent>,
  onInlayError: 'inlay-error' as EventName<InlayErrorEvent>,
};

/**
 * `<inlay-feedback-board>` as a React component (docs/widgets.md, "React"): its properties are
 * props (`boardId`, `publishableKey`, `baseUrl`, `authorId`, `anonymous`, `store`, …) and its
 * events are `onInlay…` props.
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
