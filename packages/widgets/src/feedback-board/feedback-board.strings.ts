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

  /** The post page (`post-id`): its back button, which returns to the list or roadmap. */
  back: string;
  /** Shown when the post does not exist (or was deleted); `postFailed` when it could not be loaded. */
  postNotFound: string;
  postFailed: string;
  /** Heading of a post's comments. */
  comments: (count: number) => string;
  noComments: string;
  /** Shown in place of the comments' end when a page of comments could not be loaded. */
  commentsFailed: string;
  /** Label of the new-comment field, of a reply's field (`name`: whom it answers) and of an edit's. */
  commentLabel: string;
  replyLabel: (name: string) => string;
  editLabel: string;
  commentSubmit: string;
  /** The button that opens a reply's form, and the form's submit button. */
  reply: string;
  edit: string;
  save: string;
  cancel: string;
  delete: string;
  /** Asked before a comment is deleted. */
  deleteConfirm: string;
  /** The badge of a comment written by the team. */
  team: string;
  /** Beside an edited comment's date. */
  edited: string;
  /** In place of a deleted comment that still has replies. */
  deletedComment: string;
  commentRequired: string;
  commentTooLong: (max: number, length: number) => string;
  /** Shown by a comment's form when the server refused it; `code` is the error's code when known (`edit_window_closed`, …). */
  commentFailed: (code: string | undefined) => string;
  announceCommentAdded: string;
  announceCommentSaved: string;
  announceCommentDeleted: string;

  /** The list's filters: the status toggles' group, the category picker and its "all" choice. */
  statusFilterLabel: string;
  categoryLabel: string;
  allCategories: string;
  /** Accessible name of the roadmap (`view="roadmap"`), and of a column that has no posts. */
  roadmapLabel: string;
  columnEmpty: string;
}

/** The keys of the write path's texts (its defaults load with it). @internal */
export type BoardWriteKey = 'formLabel' | 'titleLabel' | 'titlePlaceholder' | 'bodyLabel' | 'submit' | 'submitting' | 'titleRequired' | 'titleTooLong' | 'bodyTooLong' | 'similar' | 'announceCreated';

/** The keys of the post page's texts (post-page.ts; its defaults load with it). @internal */
export type PostPageKey =
  | 'back'
  | 'postNotFound'
  | 'postFailed'
  | 'comments'
  | 'noComments'
  | 'commentsFailed'
  | 'commentLabel'
  | 'replyLabel'
  | 'editLabel'
  | 'commentSubmit'
  | 'reply'
  | 'edit'
  | 'save'
  | 'cancel'
  | 'delete'
  | 'deleteConfirm'
  | 'team'
  | 'edited'
  | 'deletedComment'
  | 'commentRequired'
  | 'commentTooLong'
  | 'commentFailed'
  | 'announceCommentAdded'
  | 'announceCommentSaved'
  | 'announceCommentDeleted';

/** The keys of the filters' and the roadmap's texts (board-views.ts; their defaults load with it). @internal */
export type BoardViewsKey = 'statusFilterLabel' | 'categoryLabel' | 'allCategories' | 'roadmapLabel' | 'columnEmpty';

/** The texts whose English defaults load with a module beside the bundle. @internal */
type LazyKey = BoardWriteKey | PostPageKey | BoardViewsKey;

/** The texts an element has before its modules load: all but their defaults. @internal */
export type BoardViewStrings = Omit<FeedbackBoardStrings, LazyKey> & Partial<FeedbackBoardStrings>;

/** The English texts the board shows itself: what it needs before its write path (board-writes.ts) loads. @internal */
export const boardViewStrings: Omit<FeedbackBoardStrings, LazyKey> = {
  loading: 'Loading feedback',
  errorTitle: 'This board could not be loaded',
  errorMessage: (code) => (code ? `Something went wrong (${code}).` : 'Check your connection and try again.'),
  retry: 'Try again',
  createFailed: (code) => `Your post could not be saved${code ? ` (${code})` : ''}. Try again.`,
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
  announceVoteFailure: 'Your vote could not be saved and was undone.',
  signedOut: 'Sign in to vote and post ideas.',
};

/** The English texts of the form and of create, in the write path's module. @internal */
export const boardWriteStrings: Pick<FeedbackBoardStrings, BoardWriteKey> = {
  formLabel: 'New post',
  titleLabel: 'Suggest an idea',
  titlePlaceholder: 'A short, descriptive title',
  bodyLabel: 'Details (optional)',
  submit: 'Post idea',
  submitting: 'Posting…',
  titleRequired: 'Add a title.',
  titleTooLong: (max, length) => `Keep the title to ${max} characters (now ${length}).`,
  bodyTooLong: (max, length) => `Keep the details to ${max} characters (now ${length}).`,
  similar: 'Similar posts',
  announceCreated: 'Your post was added.',
};

/** The English texts of the post page and its comments, in the post page's module. @internal */
export const postPageStrings: Pick<FeedbackBoardStrings, PostPageKey> = {
  back: 'All posts',
  postNotFound: 'This post does not exist or was removed.',
  postFailed: 'This post could not be loaded.',
  comments: (count) => `${count} comment${count === 1 ? '' : 's'}`,
  noComments: 'No comments yet.',
  commentsFailed: 'Comments could not be loaded.',
  commentLabel: 'Add a comment',
  replyLabel: (name) => `Reply to ${name}`,
  editLabel: 'Edit your comment',
  commentSubmit: 'Comment',
  reply: 'Reply',
  edit: 'Edit',
  save: 'Save',
  cancel: 'Cancel',
  delete: 'Delete',
  deleteConfirm: 'Delete this comment?',
  team: 'Team',
  edited: 'edited',
  deletedComment: 'This comment was deleted.',
  commentRequired: 'Write a comment first.',
  commentTooLong: (max, length) => `Keep the comment to ${max} characters (now ${length}).`,
  commentFailed: (code) =>
    code === 'edit_window_closed'
      ? 'Comments can only be edited for 15 minutes.'
      : code === 'not_comment_author'
        ? 'Only its author can change this comment.'
        : `Your comment could not be saved${code ? ` (${code})` : ''}. Try again.`,
  announceCommentAdded: 'Your comment was added.',
  announceCommentSaved: 'Your comment was saved.',
  announceCommentDeleted: 'The comment was deleted.',
};

/** The English texts of the filters and the roadmap, in their module. @internal */
export const boardViewsStrings: Pick<FeedbackBoardStrings, BoardViewsKey> = {
  statusFilterLabel: 'Status',
  categoryLabel: 'Category',
  allCategories: 'All categories',
  roadmapLabel: 'Roadmap',
  columnEmpty: 'Nothing here yet.',
};

/**
 * The default (English) strings. A pure call, not a spread: a bundle that does not use it (the
 * script-tag bundles, which load the write path's texts with it) drops it whole.
 */
export const defaultFeedbackBoardStrings: FeedbackBoardStrings = /* @__PURE__ */ Object.assign(
  {},
  boardViewStrings,
  boardWriteStrings,
  postPageStrings,
  boardViewsStrings,
);
