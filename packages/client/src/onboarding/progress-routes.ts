import type { Progress } from '@inlay/core';
import { segment } from '../path.js';
import type { Transport } from '../transport.js';
import type { OnboardingClient, ProgressIdentity } from './client.js';

/**
 * The onboarding client's config and progress routes in two halves: the reads a widget needs
 * before it shows anything, and the writes a click needs. `createClient` joins them; the
 * checklist's and tour's script-tag bundles hold the reads and load the writes beside themselves
 * with the rest of their write path (docs/widgets.md, "Files of the script-tag bundles").
 */

export type OnboardingReads = Pick<OnboardingClient, 'getConfig' | 'getProgress'>;
export type OnboardingWrites = Pick<OnboardingClient, 'complete' | 'skip' | 'dismiss' | 'snooze' | 'resume' | 'reset' | 'apply'>;

const progressPath = (flowId: string): string => `/api/v1/progress/${segment('flowId', flowId)}`;

/**
 * Only the two identity fields: callers may pass a wider object (the hosted store's options carry
 * `flowId`), and the server rejects unknown fields.
 */
function identityOf(identity: ProgressIdentity | undefined): Record<string, string | undefined> {
  return { userId: identity?.userId, workspaceKey: identity?.workspaceKey };
}

/** `GET /api/v1/config/:flowId` and `GET /api/v1/progress/:flowId`. */
export function onboardingReads(transport: Transport): OnboardingReads {
  return {
    getConfig: async (flowId) => transport.request({ method: 'GET', path: `/api/v1/config/${segment('flowId', flowId)}`, idempotent: true }),
    getProgress: async (flowId, identity) => transport.request({ method: 'GET', path: progressPath(flowId), query: identityOf(identity), idempotent: true }),
  };
}

/** The progress writes (`POST /api/v1/progress/:flowId/…`); each answers the whole new progress. */
export function onboardingWrites(transport: Transport): OnboardingWrites {
  const write = (path: string, body: Record<string, unknown>): Promise<Progress> =>
    transport.request<Progress>({ method: 'POST', path, body, idempotent: true });
  const itemPath = (flowId: string, itemId: string, action: 'complete' | 'skip'): string =>
    `${progressPath(flowId)}/items/${segment('itemId', itemId)}/${action}`;

  const complete: OnboardingWrites['complete'] = async (flowId, itemId, identity) => write(itemPath(flowId, itemId, 'complete'), identityOf(identity));
  const skip: OnboardingWrites['skip'] = async (flowId, itemId, identity) => write(itemPath(flowId, itemId, 'skip'), identityOf(identity));
  const dismiss: OnboardingWrites['dismiss'] = async (flowId, identity) => write(`${progressPath(flowId)}/dismiss`, identityOf(identity));
  const snooze: OnboardingWrites['snooze'] = async (flowId, days, identity) => write(`${progressPath(flowId)}/snooze`, { days, ...identityOf(identity) });
  const resume: OnboardingWrites['resume'] = async (flowId, identity) => write(`${progressPath(flowId)}/resume`, identityOf(identity));
  const reset: OnboardingWrites['reset'] = async (flowId, identity) => write(`${progressPath(flowId)}/reset`, identityOf(identity));

  const apply: OnboardingWrites['apply'] = async (flowId, operation, identity) => {
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

  return { complete, skip, dismiss, snooze, resume, reset, apply };
}
