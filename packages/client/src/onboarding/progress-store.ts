import type { Progress, ProgressOperation } from '@inlay/core';
import type { OnboardingClient, ProgressIdentity } from './client.js';

/**
 * Where a checklist keeps one user's progress through one flow (docs/concepts.md). The hosted store
 * below implements it over Inlay's routes; on the BYO plan the host page passes its own object
 * with the same two methods, backed by its own API, and the widget never calls the hosted routes.
 *
 * @example
 * ```ts
 * const byoStore: ProgressStore = {
 *   load: () => myApi.get('/onboarding/progress'),
 *   apply: (operation) => myApi.post('/onboarding/progress', operation),
 * };
 * ```
 */
export interface ProgressStore {
  /** The current progress. */
  load(): Promise<Progress>;
  /** Performs one operation and answers the whole new progress. */
  apply(operation: ProgressOperation): Promise<Progress>;
}

/** The flow and the user a hosted store reads and writes. */
export interface HostedProgressStoreOptions extends ProgressIdentity {
  flowId: string;
}

/**
 * A {@link ProgressStore} over the hosted progress routes. Calls run one after another, in the
 * order they were made, so the progress each one answers already includes every earlier
 * operation (two quick clicks can never show the first click's older state last).
 *
 * @example
 * ```ts
 * const store = createHostedProgressStore(client, { flowId: 'flow_123', userId: 'user_42' });
 * await store.apply({ type: 'complete', itemId: 'invite-team' });
 * ```
 */
export function createHostedProgressStore(client: Pick<OnboardingClient, 'getProgress' | 'apply'>, options: HostedProgressStoreOptions): ProgressStore {
  const { flowId } = options;
  const identity: ProgressIdentity = { userId: options.userId, workspaceKey: options.workspaceKey };
  let tail: Promise<unknown> = Promise.resolve();

  function serial<T>(run: () => Promise<T>): Promise<T> {
    const result = tail.then(run);
    // A failed call must not block the ones queued behind it.
    tail = result.catch(() => undefined);
    return result;
  }

  return {
    load: () => serial(() => client.getProgress(flowId, identity)),
    apply: (operation) => serial(() => client.apply(flowId, operation, identity)),
  };
}
