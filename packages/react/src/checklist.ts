import { createComponent, type EventName } from '@lit/react';
import * as React from 'react';
import type { InlayDismissEvent, InlayErrorEvent, InlayFlowCompleteEvent, InlayItemCompleteEvent, InlayShowMeEvent } from '@inlay/widgets';
// Registers <inlay-checklist> as a side effect, as importing it does for any page.
import { InlayChecklist as InlayChecklistElement } from '@inlay/widgets/checklist';

/** The element's events by prop name: `inlay-x-y` is `onInlayXY`. */
export const checklistEvents = {
  onInlayItemComplete: 'inlay-item-complete' as EventName<InlayItemCompleteEvent>,
  onInlayFlowComplete: 'inlay-flow-complete' as EventName<InlayFlowCompleteEvent>,
  onInlayDismiss: 'inlay-dismiss' as EventName<InlayDismissEvent>,
  onInlayShowMe: 'inlay-show-me' as EventName<InlayShowMeEvent>,
  onInlayError: 'inlay-error' as EventName<InlayErrorEvent>,
};

/**
 * `<inlay-checklist>` as a React component (docs/widgets.md, "React"): its properties are props
 * (`flowId`, `publishableKey`, `baseUrl`, `userId`, `traits`, `store`, `strings`, …), set as
 * properties on the element, and its events are `onInlay…` props.
 *
 * @example
 * ```tsx
 * <InlayChecklist flowId="flow_123" publishableKey="svc_live_pub_…" baseUrl="https://inlay.example.com/onboarding"
 *   userId={user.id} onInlayItemComplete={(event) => track(event.detail.itemId)} />
 * ```
 */
export const InlayChecklist = createComponent({
  tagName: 'inlay-checklist',
  elementClass: InlayChecklistElement,
  react: React,
  events: checklistEvents,
  displayName: 'InlayChecklist',
});
