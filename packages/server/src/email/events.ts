import type { WebhookEventType } from '@inlay/core';
import type { Storage } from '../db/connect.js';
import type { Tx } from '../db/statements.js';
import { perStorage } from '../db/storage.js';
import { queueEmail } from '../repositories/email/outbox.js';
import { isTeamComment } from '../repositories/feedback/comments.js';
import type { RecordedEvent } from '../webhooks/events.js';

/**
 * Which recorded events are told by email (docs/feedback.md, "Email"): a post's new status, and
 * a comment by the team. Queued in the event's transaction by every process that records one —
 * a server, the dashboard, the operator CLI — whether or not email is on: a server with email on
 * sends what is queued (never what is older than a day, email/sender.ts).
 */
export async function queueEmailOf(storage: Storage, tx: Tx, event: RecordedEvent<WebhookEventType>): Promise<void> {
  const data = event.data as Record<string, unknown> & { workspaceId: string; mode: 'test' | 'live'; boardId: string; postId: string };
  const place = { workspaceId: data.workspaceId, mode: data.mode, boardId: data.boardId, postId: data.postId };
  if (event.type === 'post.status_changed') {
    await queueEmail(tx, { ...place, kind: 'status_changed', data: { from: data.previousStatus, to: data.status } });
  } else if (event.type === 'comment.created') {
    if (!(await isTeamComment(tx, place, data.commentId as string))) return;
    await queueEmail(tx, { ...place, kind: 'team_comment', data: { commentId: data.commentId } });
  } else {
    return;
  }
  for (const listener of listeners(storage)) listener();
}

type Listener = () => void;
const listeners = perStorage((): Set<Listener> => new Set());

/** Hears that this process queued email (not yet committed): the sender looks a little later. */
export function onEmailQueued(storage: Storage, listener: Listener): () => void {
  const set = listeners(storage);
  set.add(listener);
  return () => set.delete(listener);
}
