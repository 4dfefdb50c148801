import type { PostAuthorInput } from '@inlay/core';

/**
 * Only the fields the server knows, without undefined or null ones: it rejects unknown fields,
 * and callers may pass a wider object (a user record from the host app).
 */
export function authorOf(author: PostAuthorInput | undefined): PostAuthorInput | undefined {
  if (!author) return undefined;
  const result: PostAuthorInput = { id: author.id };
  if (author.name != null) result.name = author.name;
  if (author.anonymous != null) result.anonymous = author.anonymous;
  return result;
}
