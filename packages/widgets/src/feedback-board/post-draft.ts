import type { PostStore } from '@inlay/client';
import { LIMITS, type Post } from '@inlay/core';
import type { FeedbackBoardStrings } from './feedback-board.strings.js';

/** What the new-post form holds. */
export interface PostDraft {
  title: string;
  body: string;
}

/** Inline validation messages of a draft, per field. */
export interface DraftProblems {
  title?: string;
  body?: string;
}

/**
 * Checks a draft as the server will (docs/api.md: title 1–200, body ≤ 10,000 characters after
 * trimming). An empty title is only reported once the user tried to submit (`submitted`); a
 * text that is too long is reported as soon as it is typed.
 * @internal
 */
export function draftProblems(draft: PostDraft, t: FeedbackBoardStrings, submitted: boolean): DraftProblems {
  const title = draft.title.trim();
  const body = draft.body.trim();
  const maxTitle = LIMITS.postTitleMaxLength;
  const maxBody = LIMITS.postBodyMaxLength;
  return {
    title: title.length > maxTitle ? t.titleTooLong(maxTitle, title.length) : !title && submitted ? t.titleRequired : undefined,
    body: body.length > maxBody ? t.bodyTooLong(maxBody, body.length) : undefined,
  };
}

/**
 * Up to `count` posts similar to a title being typed, from a search of the whole board. The
 * server matches every word of `q`, so when the full title finds nothing, its two longest words
 * are searched one by one (a new title rarely repeats an old one word for word) and posts
 * matching both come first.
 * @internal
 */
export async function similarPosts(store: PostStore, title: string, count: number): Promise<Post[]> {
  const search = async (q: string) => (await store.list({ q, sort: 'top', limit: count })).items;
  let items = await search(title);
  const words = title
    .split(/\s+/)
    .filter((word) => [...word].length >= 3)
    .sort((a, b) => b.length - a.length)
    .slice(0, 2);
  if (items.length === 0 && words.length > 1) {
    const found = (await Promise.all(words.map(search))).flat();
    const both = found.filter((post) => found.filter((other) => other.id === post.id).length > 1);
    items = [...new Map([...both, ...found].map((post) => [post.id, post])).values()];
  }
  return items.slice(0, count);
}
