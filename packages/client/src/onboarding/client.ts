import type { FlowConfig, OutcomeResult, Progress, ProgressOperation, PublishedConfig } from '@inlay/core';
import type { ClientOptions } from '../options.js';
import { segment } from '../path.js';
import { createTransport, type Transport } from '../transport.js';

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
  const write = (path: string, body: Record<string, unknown>): Promise<Progress> =>
    transport.request<Progress>({ method: 'POST', path, body, idempotent: true });

  const progressPath = (flowId: string): string => `/api/v1/progress/${segment('flowId', flowId)}`;
  const itemPath = (flowId: string, itemId: string, action: 'complete' | 'skip'): string =>
    `${progressPath(flowId)}/items/${segment('itemId', itemId)}/${action}`;

  const getConfig = async (flowId: string): Promise<PublishedConfig<'flow', FlowConfig>> =>
    transport.request({ method: 'GET', path: `/api/v1/config/${segment('flowId', flowId)}`, idempotent: true });
  const getProgress = async (flowId: string, identity?: ProgressIdentity): Promise<Progress> =>
    transport.request({ method: 'GET', path: progressPath(flowId), query: identityOf(identity), idempotent: true });
  const complete = async (flowId: string, itemId: string, identity?: ProgressIdentity): Promise<Progress> =>
    write(itemPath(flowId, itemId, 'complete'), identityOf(identity));
  const skip = async (flowId: string, itemId: string, identity?: ProgressIdentity): Promise<Progress> =>
    write(itemPath(flowId, itemId, 'skip'), identityOf(identity));
  const dismiss = async (flowId: string, identity?: ProgressIdentity): Promise<Progress> =>
    write(`${progressPath(flowId)}/dismiss`, identityOf(identity));
  const snooze = async (flowId: string, days: number, identity?: ProgressIdentity): Promise<Progress> =>
    write(`${progressPath(flowId)}/snooze`, { days, ...identityOf(identity) });
  const resume = async (flowId: string, identity?: ProgressIdentity): Promise<Progress> =>
    write(`${progressPath(flowId)}/resume`, identityOf(identity));
  const reset = async (flowId: string, identity?: ProgressIdentity): Promise<Progress> =>
    write(`${progressPath(flowId)}/reset`, identityOf(identity));

  const apply = async (flowId: string, operation: ProgressOperation, identity?: ProgressIdentity): Promise<Progress> => {
    switch (operation.type) {
      case 'complete':
        return complete(flowId, operation.itemId, identity);
      case 'skip':
        return skip(flowId, operation.itemId, identity);
      case 'dismiss':
        return dismiss(flowId, identity);
      case 'snooze':
        return snooze(flowId, operation.days, identity);
      case 'resume':
        return resume(flowId, identity);
      case 'reset':
        return reset(flowId, identity);
      default: {
        const unknown: never = operation;
        throw new TypeError(`Inlay: unknown progress operation ${JSON.stringify(unknown)}.`);
      }
    }
  };

  const recordOutcome = async (body: OutcomeParams): Promise<OutcomeResult> =>
    transport.request({ method: 'POST', path: '/api/v1/outcomes', body: { ...body }, idempotent: false });

  return { getConfig, getProgress, complete, skip, dismiss, snooze, resume, reset, apply, recordOutcome };
}

/**
 * Only the two identity fields: callers may pass a wider object (the hosted store's options carry
 * `flowId`), and the server rejects unknown fields.
 */
function identityOf(identity: ProgressIdentity | undefined): Record<string, string | undefined> {
  return { userId: identity?.userId, workspaceKey: identity?.workspaceKey };
}
