import type { FlowConfig, OutcomeResult, Progress, ProgressOperation, PublishedConfig } from '@inlay/core';
import type { ClientOptions } from '../options.js';
import { createTransport, type Transport } from '../transport.js';
import { onboardingReads, onboardingWrites } from './progress-routes.js';

/**
 * The end user whose progress is read or written. With an author token the server takes the
 * user from the token and both fields may be left out (if sent, they must match it); without
 * one `userId` is required. Undefined fields are never sent.
 */
export interface ProgressIdentity {
  userId?: string;
  workspaceKey?: string;
}

/** `POST /api/v1/outcomes`: `event` happened for a user; completes every item waiting for it. */
export interface OutcomeParams {
  flowId: string;
  event: string;
  userId?: string;
  workspaceKey?: string;
  /** ISO 8601 date-time; defaults to the time the server receives it. */
  occurredAt?: string;
}

/**
 * The onboarding service's publishable-key routes (docs/onboarding.md). Every progress write
 * answers the whole new progress; illegal moves reject with an `InlayConflictError` whose
 * `current` holds the unchanged state.
 */
export interface OnboardingClient {
  /** `GET /api/v1/config/:flowId`: the published config (revalidated by the browser's HTTP cache). */
  getConfig(flowId: string): Promise<PublishedConfig<'flow', FlowConfig>>;
  /** `GET /api/v1/progress/:flowId`: the user's progress, `not_started` when there is none yet. */
  getProgress(flowId: string, identity?: ProgressIdentity): Promise<Progress>;
  /** Marks an item completed; completing a completed item changes nothing. */
  complete(flowId: string, itemId: string, identity?: ProgressIdentity): Promise<Progress>;
  /** Marks an item skipped (when the flow allows skipping). */
  skip(flowId: string, itemId: string, identity?: ProgressIdentity): Promise<Progress>;
  /** Dismisses the whole flow (when the flow allows dismissing). */
  dismiss(flowId: string, identity?: ProgressIdentity): Promise<Progress>;
  /** Hides the flow for `days`, which must be one of the flow's `snoozeDays`. */
  snooze(flowId: string, days: number, identity?: ProgressIdentity): Promise<Progress>;
  /** Undoes a dismissal or snooze. */
  resume(flowId: string, identity?: ProgressIdentity): Promise<Progress>;
  /** Starts the flow over: every item pending again. */
  reset(flowId: string, identity?: ProgressIdentity): Promise<Progress>;
  /** Runs one {@link ProgressOperation} through the matching method above. */
  apply(flowId: string, operation: ProgressOperation, identity?: ProgressIdentity): Promise<Progress>;
  /** `POST /api/v1/outcomes`. Never retried after a failure: a repeat would record it twice. */
  recordOutcome(body: OutcomeParams): Promise<OutcomeResult>;
}

/**
 * A client for the onboarding service's publishable routes. Methods are plain functions, so they
 * may be passed around detached from the client.
 *
 * @example
 * ```ts
 * import { createClient } from '@inlay/client';
 *
 * const onboarding = createClient({
 *   publishableKey: 'svc_test_pub_…',
 *   baseUrl: 'https://inlay.example.com/onboarding',
 * });
 * const { config } = await onboarding.getConfig('flow_123');
 * const progress = await onboarding.complete('flow_123', 'invite-team', { userId: 'user_42' });
 * ```
 */
export function createClient(options: ClientOptions): OnboardingClient {
  return onboardingClient(createTransport(options));
}

/**
 * The onboarding client over any transport (tests inject one that never sleeps).
 * @internal
 */
export function onboardingClient(transport: Transport): OnboardingClient {
  const recordOutcome = async (body: OutcomeParams): Promise<OutcomeResult> =>
    transport.request({ method: 'POST', path: '/api/v1/outcomes', body: { ...body }, idempotent: false });
  return { ...onboardingReads(transport), ...onboardingWrites(transport), recordOutcome };
}
