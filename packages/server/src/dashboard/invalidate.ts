import type { InlayContext } from '../context.js';
import { forgetCachedState } from '../platform/external-changes.js';

/**
 * After a dashboard write, what the operator CLI's writes cause through the external-change
 * poll, at once: the server's cached posts, lists, published configs and keys go, so the public
 * API answers with the change on its next request (platform/external-changes.ts).
 */
export function forgetAfterWrite(context: InlayContext): void {
  forgetCachedState(context);
}
