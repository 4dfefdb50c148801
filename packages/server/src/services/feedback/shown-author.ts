import { createHash } from 'node:crypto';
import type { PostAuthor } from '@inlay/core';
import { boundedMemo } from '../../platform/bounded-memo.js';

/** What a post or a comment row says of its author. */
export interface AuthorColumns {
  author_id: string;
  author_name: string | null;
  author_anonymous: number;
}

/**
 * The alias an anonymous visitor is shown by (docs/security.md, "Anonymous authors"): their id
 * acts for them, so everyone else sees `anon_` and 32 hex digits of its SHA-256 instead. The
 * widget learns its own alias from the comments it writes. Remembered for the last 10,000 ids:
 * every list page shows the same authors again.
 */
export const anonymousAlias = boundedMemo(10_000, (id: string) => `anon_${createHash('sha256').update(id).digest('hex').slice(0, 32)}`);

/** The author of a post or comment as the publishable routes show it. */
export function shownAuthor(row: AuthorColumns): PostAuthor {
  const anonymous = row.author_anonymous === 1;
  return {
    id: anonymous ? anonymousAlias(row.author_id) : row.author_id,
    ...(row.author_name !== null ? { name: row.author_name } : {}),
    anonymous,
  };
}
