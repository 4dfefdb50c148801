import { createComponent, type EventName } from '@lit/react';
import * as React from 'react';
import type { InlayErrorEvent, InlayImportCancelEvent, InlayImportCompleteEvent } from '@inlay/widgets';
// Registers <inlay-importer> with its engine worker as a side effect.
import { InlayImporter as InlayImporterElement } from '@inlay/widgets/importer';

/** The element's events by prop name: `inlay-x-y` is `onInlayXY`. */
export const importerEvents = {
  onInlayImportComplete: 'inlay-import-complete' as EventName<InlayImportCompleteEvent>,
  onInlayImportCancel: 'inlay-import-cancel' as EventName<InlayImportCancelEvent>,
  onInlayError: 'inlay-error' as EventName<InlayErrorEvent>,
};

/**
 * `<inlay-importer>` as a React component (docs/widgets.md, "React"): its properties are props
 * (`importerId`, `publishableKey`, `baseUrl`, `metadata`, `transformRow`, `validateRow`, …) and its
 * events are `onInlay…` props. `onInlayImportComplete` may call `event.waitUntil(promise)` to keep
 * the importer on "Saving…" until the rows are saved.
 *
 * @example
 * ```tsx
 * <InlayImporter importerId="imp_123" publishableKey="svc_live_pub_…" baseUrl="https://inlay.example.com/importer"
 *   onInlayImportComplete={(event) => event.waitUntil(saveContacts(event.detail.rows))} />
 * ```
 */
export const InlayImporter = createComponent({
  tagName: 'inlay-importer',
  elementClass: InlayImporterElement,
  react: React,
  events: importerEvents,
  displayName: 'InlayImporter',
});
