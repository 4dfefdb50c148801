import type { GetAuthorToken, PostStore } from '@inlay/client';
import type { BoardConfig, PostAuthorInput } from '@inlay/core';
import type { AuthorSession } from '../base/author-session.js';
import { anonymousId } from './anonymous-id.js';

/**
 * Who the board's visitor is, and whether they may write (docs/feedback.md, "Who writes or
 * votes"): from the element's properties, its author session (the host's `getAuthorToken`) and
 * the board's config. Plain functions of the element, which has these properties. @internal
 */
export interface Visitor {
  store?: PostStore;
  anonymous: boolean;
  authorId?: string;
  authorName?: string;
  getAuthorToken?: GetAuthorToken;
}

/** Who writes when no author token says so: the anonymous visitor (its id kept in the browser) or `author-id`. @internal */
export function visitorAuthor(visitor: Visitor): PostAuthorInput | undefined {
  const name = visitor.authorName || undefined;
  if (visitor.anonymous) return { id: anonymousId(), name, anonymous: true };
  return visitor.authorId ? { id: visitor.authorId, name } : undefined;
}

/** The visitor's author id: with a host's store its `author-id`, else the anonymous id, `author-id` or the token's subject. @internal */
export function visitorId(visitor: Visitor, session: AuthorSession): string | undefined {
  return visitor.store ? visitor.authorId : (visitorAuthor(visitor)?.id ?? session.subject);
}

/** Whether posting and voting can name an author: otherwise the board is read-only. @internal */
export function visitorCanWrite(visitor: Visitor, session: AuthorSession, config?: BoardConfig): boolean {
  if (visitor.store) return true;
  if (!config) return false;
  // Signed out (the callback threw or answered no token): read-only, with a calm note.
  if (visitor.getAuthorToken) return !session.signedOut;
  if (config.requireAuthorToken) return false;
  return visitor.anonymous ? config.allowAnonymous : Boolean(visitor.authorId);
}
