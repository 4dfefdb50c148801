import { createComponent, type EventName } from '@lit/react';
import * as React from 'react';
import type { InlayDismissEvent, InlayErrorEvent, InlayFlowCompleteEvent, InlayItemCompleteEvent } from '@inlay/widgets';
// Registers <inlay-tour> as a side effect, as importing it does for any page.
import { InlayTour as InlayTourElement } from '@inlay/widgets/tour';

/** The element's events by prop name: `inlay-x-y` is `onInlayXY`. */
export const tourEvents = {
  onInlayItemComplete: 'inlay-item-complete' as EventName<InlayItemCompleteEvent>,
  onInlayFlowComplete: 'inlay-flow-complete' as EventName<InlayFlowCompleteEvent>,
  onInlayDismiss: 'inlay-dismiss' as EventName<InlayDismissEvent>,
  onInlayError: 'inlay-error' as EventName<InlayErrorEvent>,
};

/**
 * `<inlay-tour>` as a React component (docs/widgets.md, `<inlay-tour>`): the checklist's props,
 * and its events as `onInlay…` props. Call `start()` through a ref for a manual tour.
 *
 * @example
 * ```tsx
 * <InlayTour flowId="flow_123" publishableKey="svc_live_pub_…" baseUrl="https://inlay.example.com/onboarding"
 *   userId={user.id} onInlayFlowComplete={() => track('tour done')} />
 * ```
 */
export const InlayTour = createComponent({
  tagName: 'inlay-tour',
  elementClass: InlayTourElement,
  react: React,
  events: tourEvents,
  displayName: 'InlayTour',
});
