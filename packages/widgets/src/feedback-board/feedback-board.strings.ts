import type { PostStatus, PostSort } from '@inlay/core';

/**
 * Every text `<inlay-feedback-board>` shows or announces that does not come from the board's
 * config or its posts. Set `board.strings = { … }` with any subset to translate or reword them;
 * functions receive the values they interpolate.
 *
 * @example
 * ```ts
 * board.strings = {
 *   submit: 'Publier',
 *   sort: { top: 'Populaires', new: 'Récents', trending: 'Tendances' },
 *   votes: (count) => `${count} vote${count === 1 ? '' : 's'}`,
 * };
 * ```
 */
export interface FeedbackBoardStrings {
  /** Accessible name of the whole widget while loading. */
  loading: string;
  /** Heading of the error state. */
  errorTitle: string;
  /** Shown under the heading of the error state; `code` is the error's code when known. */
  errorMessage: (code: string | undefined) => string;
  retry: string;
  /** Accessible name of the new-post form. */
  formLabel: string;
  titleLabel: string;
  titlePlaceholder: string;
  bodyLabel: string;
  submit: string;
  /** The submit button's text while the post is being sent. */
  submitting: string;
  /** Inline validation messages. */
  titleRequired: string;
  titleTooLong: (max: number, length: number) => string;
  bodyTooLong: (max: number, length: number) => string;
  /** Shown in the form when the store refused the post; `code` is the error's code when known. */
  createFailed: (code: string | undefined) => string;
  /** Heading of the posts matching the title being typed. */
  similar: string;
  searchLabel: string;
  /** Label of the sort switcher, and each sort's name. */
  sortLabel: string;
  sort: Record<PostSort, string>;
  /** Each status's badge; `open` posts show none. */
  status: Record<PostStatus, string>;
  /** Shown when the board has no posts and no `emptyState` text. */
  empty: string;
  /** Shown when a search finds nothing. */
  noResults: (q: string) => string;
  /** Accessible name of a vote button; `count` is null when the board hides counts. */
  voteLabel: (title: string, count: number | null) => string;
  /** A post's count, read out where votes cannot be cast (`votingEnabled` false). */
  votes: (count: number) => string;
  /** Author of an anonymous post. */
  anonymous: string;
  loadMore: string;
  /** Shown in place of the list's end when a search, sort or next page failed. */
  listFailed: string;
  /** Live-region announcements. */
  /** After a search; `more` when further pages exist. */
  announceResults: (count: number, more: boolean) => string;
  announceMore: (count: number) => string;
  announceCreated: string;
  announceVoteFailure: string;
  /** Shown instead of the new-post form to a visitor the host's `getAuthorToken` says is signed out (the board is read-only). */
  signedOut: string;
}

/** The default (English) strings. */
export const defaultFeedbackBoardStrings: FeedbackBoardStrings = {
  loading: 'Loading feedback',
  errorTitle: 'This board could not be loaded',
  errorMessage: (code) => (code ? `Something went wrong (${code}).` : 'Check your connection and try again.'),
  retry: 'Try again',
  formLabel: 'New post',
  titleLabel: 'Suggest an idea',
  titlePlaceholder: 'A short, descriptive title',
  bodyLabel: 'Details (optional)',
  submit: 'Post idea',
  submitting: 'Posting…',
  titleRequired: 'Add a title.',
  titleTooLong: (max, length) => `Keep the title to ${max} characters (now ${length}).`,
  bodyTooLong: (max, length) => `Keep the details to ${max} characters (now ${length}).`,
  createFailed: (code) => `Your post could not be saved${code ? ` (${code})` : ''}. Try again.`,
  similar: 'Similar posts',
  searchLabel: 'Search posts',
  sortLabel: 'Sort by',
  sort: { top: 'Top', new: 'New', trending: 'Trending' },
  status: {
    open: 'Open',
    under_review: 'Under review',
    planned: 'Planned',
    in_progress: 'In progress',
    completed: 'Completed',
    closed: 'Closed',
  },
  empty: 'No posts yet.',
  noResults: (q) => `No posts match “${q}”.`,
  voteLabel: (title, count) => `Vote for “${title}”${count === null ? '' : `, ${count} vote${count === 1 ? '' : 's'}`}`,
  votes: (count) => `${count} vote${count === 1 ? '' : 's'}`,
  anonymous: 'Anonymous',
  loadMore: 'Load more',
  listFailed: 'Posts could not be loaded.',
  announceResults: (count, more) => `${count || 'No'}${more ? '+' : ''} post${count === 1 && !more ? '' : 's'} found.`,
  announceMore: (count) => `${count} more post${count === 1 ? '' : 's'} loaded.`,
  announceCreated: 'Your post was added.',
  announceVoteFailure: 'Your vote could not be saved and was undone.',
  signedOut: 'Sign in to vote and post ideas.',
};
