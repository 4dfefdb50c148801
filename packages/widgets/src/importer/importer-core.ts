import type { ImporterClient } from '@inlay/client';
import type { ImportSession, NumberFormat } from '@inlay/core';
import type { InlayErrorDetail } from '../events.js';
import type * as ColumnMatcherModule from './column-matcher.js';
import type { ImportCompletion } from './completion.js';
import type { Call, EngineAssets, EngineConnection } from './connection.js';
import type { SourceInput } from './engine/protocol.js';
import type { GridController } from './grid/grid-controller.js';
import type { InlayImporter } from './importer.js';
import type { ImporterStrings } from './importer.strings.js';
import type { ServerDelivery } from './server-delivery.js';
import type { Phase, StepContext } from './steps/context.js';

/** The published importer the element shows. @internal */
export type PublishedImporter = NonNullable<InlayImporter['previewConfig']>;

/** Everything the steps show. @internal */
export type ImporterState = StepContext['state'];

/**
 * `<inlay-importer>` as its own parts see it: its properties, and its reactive `phase` and
 * `state` and its event helpers, which are private or protected in the element's class so that
 * they stay out of its published types (docs/releasing.md). The element lends itself as this view
 * once, when it creates its {@link ImporterCore}.
 * @internal
 */
export interface ImporterHost extends Pick<
  InlayImporter,
  | 'importerId'
  | 'publishableKey'
  | 'baseUrl'
  | 'workerTimeout'
  | 'metadata'
  | 'previewConfig'
  | 'transformRow'
  | 'validateRow'
  | 'suggestMapping'
  | 'suggestMappingTimeout'
  | 'uploadChunkRows'
  | 'updateComplete'
  | 'renderRoot'
  | 'shadowRoot'
  | 'addController'
  | 'removeController'
  | 'requestUpdate'
> {
  phase: Phase;
  state: ImporterState;
  reportError(error: unknown, operation?: InlayErrorDetail['operation']): Error;
  emit(event: Event): void;
}

/**
 * What the parts of `<inlay-importer>` share (engine-bridge.ts, file-intake.ts, row-loading.ts,
 * review-changes.ts, review-shortcuts.ts, import-submission.ts, step-actions.ts): the element,
 * its grid, and the import in progress. One per element, which keeps it private.
 * @internal
 */
export interface ImporterCore {
  readonly host: ImporterHost;
  readonly grid: GridController;
  /** The texts: the built-in ones, the language's, then the page's `strings`. */
  readonly text: () => ImporterStrings;
  /** Where the engine comes from (`worker-url`, else the entry point's assets). */
  readonly assets: () => EngineAssets | undefined;
  /** Bumped whenever the import starts over: answers for an older one are dropped. */
  generation: number;
  /** The importer's client; none for a preview, which opens no session. */
  client?: ImporterClient | undefined;
  published?: PublishedImporter | undefined;
  /** The file or pasted text being imported. */
  source?: SourceInput | undefined;
  session?: Promise<ImportSession> | undefined;
  sessionId: string | null;
  /** The loaded file's decimal separator, for values the row hooks set. */
  numberFormat: NumberFormat;
  /** Cells changed in the review since the rows were read: what Back or Cancel would throw away. */
  edits: number;
  /** The engine, open or opening (engine-bridge.ts). */
  connection?: Promise<EngineConnection> | undefined;
  /** The engine request in flight, which Stop and Cancel end. */
  call?: Call<unknown> | undefined;
  /** The review's Import, which a retry resumes where it failed (import-submission.ts). */
  readonly completion: ImportCompletion;
  /** The rows' upload with `delivery: "server"`, while it runs. */
  delivery?: ServerDelivery | undefined;
  /** The column matcher (column-matcher.ts), loaded while the first file is read. */
  matcher?: ColumnMatcher | undefined;
}

/** The column matcher's module (column-matcher.ts). @internal */
export type ColumnMatcher = typeof ColumnMatcherModule;

/** Replaces the steps' state with a patched copy (never mutated, so Lit sees each change). @internal */
export function setState(core: ImporterCore, patch: Partial<ImporterState>): void {
  core.host.state = { ...core.host.state, ...patch };
}

/** The import failed for good: the error state, unless the import started over meanwhile. @internal */
export function fail(core: ImporterCore, generation: number, error: unknown, operation?: 'open-session' | 'complete-session' | 'read'): void {
  if (generation !== core.generation) return;
  core.host.phase = 'error';
  setState(core, { failure: core.host.reportError(error, operation === undefined ? undefined : { type: operation }) });
}

/** Sets an own, enumerable property, even for the key `__proto__` (a field key of importers saved before it was refused). @internal */
export function defineOwn<T>(target: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
