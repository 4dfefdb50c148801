// Helpers for the feedback board's browser tests (web-test-runner). Not part of the build.
import type { CreateCommentParams, EditCommentParams, ListCommentsParams, PostQuery, PostStore } from '@inlay/client';
import type { Comment, Post, PostStatus, VoteResult } from '@inlay/core';
import { fixture, html, waitUntil } from '@open-wc/testing';
import { ifDefined } from 'lit/directives/if-defined.js';
import type { InlayFeedbackBoard } from '../feedback-board/feedback-board.js';
import type { FeedbackBoardStrings } from '../feedback-board/feedback-board.strings.js';
import { testEnv } from './helpers.js';
import '../feedback-board/define.js';

export interface BoardMountOptions {
  boardId: string;
  postId?: string;
  view?: 'list' | 'roadmap';
  authorId?: string;
  authorName?: string;
  anonymous?: boolean;
  baseUrl?: string;
  publishableKey?: string;
  pageSize?: number;
  store?: PostStore;
  strings?: Partial<FeedbackBoardStrings>;
  getAuthorToken?: InlayFeedbackBoard['getAuthorToken'];
}

/** Renders `<inlay-feedback-board>` after a focusable button (for Tab tests) and waits until it has loaded. */
export async function mountBoard(options: BoardMountOptions): Promise<InlayFeedbackBoard> {
  const { feedback } = await testEnv();
  const wrapper = await fixture<HTMLDivElement>(html`<div>
    <button id="before">before</button>
    <inlay-feedback-board
      board-id=${options.boardId}
      publishable-key=${options.publishableKey ?? feedback.publishableKey}
      base-url=${options.baseUrl ?? feedback.baseUrl}
      author-id=${ifDefined(options.authorId)}
      author-name=${ifDefined(options.authorName)}
      page-size=${ifDefined(options.pageSize)}
      post-id=${ifDefined(options.postId)}
      view=${ifDefined(options.view)}
      ?anonymous=${options.anonymous ?? false}
      .store=${options.store}
      .strings=${options.strings ?? {}}
      .getAuthorToken=${options.getAuthorToken}
    ></inlay-feedback-board>
  </div>`);
  const element = wrapper.querySelector('inlay-feedback-board') as InlayFeedbackBoard;
  await boardSettled(element);
  // The write path (the form, votes) loads beside the first paint (board-writes.ts); on a page it
  // arrives before the list, here the dev server may answer the config first.
  await import('../feedback-board/board-writes.js');
  await element.updateComplete;
  return element;
}

/** Waits until the board is no longer loading and its list is not being replaced. */
export async function boardSettled(element: InlayFeedbackBoard): Promise<void> {
  await waitUntil(() => !element.shadowRoot?.querySelector('[aria-busy="true"]'), 'the board kept loading', { timeout: 8000 });
  await element.updateComplete;
}

export function $<T extends Element = HTMLElement>(element: Element, selector: string): T | null {
  return element.shadowRoot?.querySelector<T>(selector) ?? null;
}

export function $$<T extends Element = HTMLElement>(element: Element, selector: string): T[] {
  return [...(element.shadowRoot?.querySelectorAll<T>(selector) ?? [])];
}

/** The titles of the listed posts, in order. */
export function titles(element: Element): string[] {
  return $$(element, '[part~="post-title"]').map((title) => title.textContent ?? '');
}

/** The `<li>` of the post titled `title`. */
export function postNamed(element: Element, title: string): HTMLElement {
  const item = $$(element, '[part~="post"]').find((candidate) => candidate.querySelector('h3')?.textContent === title);
  if (!item) throw new Error(`no post titled ${title}; shown: ${titles(element).join(' | ')}`);
  return item;
}

export function voteButton(element: Element, title: string): HTMLButtonElement {
  const button = postNamed(element, title).querySelector<HTMLButtonElement>('[part~="vote-button"]');
  if (!button) throw new Error(`no vote button on ${title}`);
  return button;
}

/**
 * The focused element of the board's shadow root. Tests compare its attributes rather than the
 * element itself: a failed equality of two elements makes chai print whole DOM trees.
 */
export function focused(element: Element): Element | null {
  return element.shadowRoot?.activeElement ?? null;
}

export function liveText(element: Element): string {
  return $(element, '[role="status"]')?.textContent?.trim() ?? '';
}

/** Types `value` into an input of the board's shadow root as a user would (one input event). */
export function typeInto(field: HTMLInputElement | HTMLTextAreaElement | null, value: string): void {
  if (!field) throw new Error('no such field');
  field.value = value;
  field.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
}

let visitors = 0;
/** A fresh author id, so votes and the per-author post limit start from zero. */
export function newAuthorId(): string {
  visitors += 1;
  return `author-${Date.now().toString(36)}-${visitors}`;
}

/** A host's own (BYO) post store kept in memory, recording every call. */
export interface MemoryPostStore extends PostStore {
  posts: Post[];
  calls: { list: PostQuery[]; create: { title: string; body?: string }[]; vote: [string, boolean][] };
}

export function post(id: string, title: string, overrides: Partial<Post> = {}): Post {
  return {
    id,
    object: 'post',
    boardId: 'byo',
    title,
    body: '',
    status: 'open',
    voteCount: 0,
    voted: false,
    author: { id: 'someone', anonymous: false },
    categoryId: null,
    commentCount: 0,
    createdAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/**
 * Searches titles and bodies (every word, as the server does), sorts by votes or newest, and
 * pages with a numeric cursor.
 */
export function memoryPostStore(posts: Post[] = defaultByoPosts()): MemoryPostStore {
  const store: MemoryPostStore = {
    posts,
    calls: { list: [], create: [], vote: [] },
    list: async (query) => {
      store.calls.list.push(query);
      const words = (query.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const found = store.posts.filter((candidate) => words.every((word) => `${candidate.title} ${candidate.body}`.toLowerCase().includes(word)));
      const sorted = query.sort === 'new' ? [...found].reverse() : [...found].sort((a, b) => (b.voteCount ?? 0) - (a.voteCount ?? 0));
      const start = Number(query.cursor ?? 0);
      const end = start + (query.limit ?? 20);
      return { items: sorted.slice(start, end), nextCursor: end < sorted.length ? String(end) : null };
    },
    create: async (input) => {
      store.calls.create.push(input);
      const created = post(`byo_${store.posts.length + 1}`, input.title, { body: input.body ?? '', author: { id: 'me', name: 'Me', anonymous: false } });
      store.posts.push(created);
      return created;
    },
    vote: async (postId, voted): Promise<VoteResult> => {
      store.calls.vote.push([postId, voted]);
      const target = store.posts.find((candidate) => candidate.id === postId);
      if (!target) throw new Error(`no post ${postId}`);
      if (target.voted !== voted) target.voteCount = (target.voteCount ?? 0) + (voted ? 1 : -1);
      target.voted = voted;
      return { postId, voted, voteCount: target.voteCount };
    },
  };
  return store;
}

/** A host's own store that keeps comments too, recording every comment call. */
export interface MemoryCommentStore extends MemoryPostStore {
  comments: Comment[];
  commentCalls: { list: [string, ListCommentsParams | undefined][]; create: [string, CreateCommentParams][]; edit: [string, EditCommentParams][]; delete: string[] };
}

export function comment(id: string, postId: string, body: string, overrides: Partial<Comment> = {}): Comment {
  return {
    id,
    object: 'comment',
    postId,
    parentId: null,
    body,
    author: { id: 'someone', name: 'Ada', anonymous: false },
    team: false,
    createdAt: '2025-03-02T10:00:00.000Z',
    editedAt: null,
    deleted: false,
    ...overrides,
  };
}

/**
 * {@link memoryPostStore} with comments in memory: listed as the hosted routes list them (oldest
 * first, each comment's replies right after it) in pages of `pageSize` with a numeric cursor;
 * a deleted comment with replies keeps its place, as on the server.
 */
export function memoryCommentStore(comments: Comment[], pageSize = 2): MemoryCommentStore {
  const base = memoryPostStore();
  const calls: MemoryCommentStore['commentCalls'] = { list: [], create: [], edit: [], delete: [] };
  const find = (commentId: string): Comment => {
    const found = store.comments.find((candidate) => candidate.id === commentId);
    if (!found) throw new Error(`no comment ${commentId}`);
    return found;
  };
  const store: MemoryCommentStore = Object.assign(base, {
    comments,
    commentCalls: calls,
    listComments: async (postId: string, params?: ListCommentsParams) => {
      calls.list.push([postId, params]);
      const ofPost = store.comments.filter((candidate) => candidate.postId === postId);
      const ordered = ofPost.filter((top) => !top.parentId).flatMap((top) => [top, ...ofPost.filter((reply) => reply.parentId === top.id)]);
      const start = Number(params?.cursor ?? 0);
      const end = start + pageSize;
      return { items: ordered.slice(start, end), nextCursor: end < ordered.length ? String(end) : null };
    },
    createComment: async (postId: string, params: CreateCommentParams) => {
      calls.create.push([postId, params]);
      const author = { id: params.author?.id ?? 'me', name: params.author?.name, anonymous: false };
      const created = comment(`byo_c${store.comments.length + 1}`, postId, params.body, { parentId: params.parentId ?? null, author, createdAt: new Date().toISOString() });
      store.comments.push(created);
      return created;
    },
    editComment: async (commentId: string, params: EditCommentParams) => {
      calls.edit.push([commentId, params]);
      return Object.assign(find(commentId), { body: params.body, editedAt: new Date().toISOString() });
    },
    deleteComment: async (commentId: string) => {
      calls.delete.push(commentId);
      const target = find(commentId);
      if (store.comments.some((candidate) => candidate.parentId === commentId)) Object.assign(target, { body: '', deleted: true });
      else store.comments = store.comments.filter((candidate) => candidate !== target);
      return { id: commentId, object: 'comment' as const, deleted: true as const };
    },
  });
  return store;
}

const statuses: PostStatus[] = ['planned', 'in_progress', 'completed', 'under_review', 'closed', 'open'];

export function defaultByoPosts(): Post[] {
  return [
    'Saved filters',
    'Markdown in comments',
    'Guest access',
    'Read receipts',
    'Sprint planning',
    'Slack digest',
  ].map((title, index) => post(`byo_p${index + 1}`, title, { voteCount: 12 - index * 2, status: statuses[index] ?? 'open' }));
}

/** A publishable key of its own, for a test that writes comments (the per-(key, address) limit). */
export async function freshKey(): Promise<string> {
  return ((await (await fetch('/__inlay/publishable-key')).json()) as { key: string }).key;
}

/** An author token for the board's `authorId`, minted by the test server with its secret key (`role: "team"` writes as the team). */
export async function authorToken(claims: { boardId: string; authorId: string; name?: string; role?: 'team' }): Promise<string> {
  const query = new URLSearchParams(Object.entries(claims).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return ((await (await fetch(`/__inlay/feedback-token?${query}`)).json()) as { token: string }).token;
}

/** Moves a comment's creation back by `minutes` on the server (its edit window closes after 15). */
export async function ageComment(commentId: string, minutes: number): Promise<void> {
  await fetch(`/__inlay/age-comment?commentId=${encodeURIComponent(commentId)}&minutes=${minutes}`);
}

/** Waits until the post page shows `title` with its comments listed. */
export async function pageShown(element: InlayFeedbackBoard, title: string): Promise<void> {
  await waitUntil(
    () => $(element, '#post-heading')?.textContent === title && $(element, '[part~="page"] [aria-busy="true"]') === null,
    `the post page of ${title} did not show`,
    { timeout: 8000 },
  );
  await element.updateComplete;
}

/** Opens the post titled `title` from the list (its title's button), and waits for its page. */
export async function openPost(element: InlayFeedbackBoard, title: string): Promise<void> {
  postNamed(element, title).querySelector<HTMLButtonElement>('[part~="post-link"]')?.click();
  await pageShown(element, title);
}

/** The post page's comments, in order: author, text, whether a reply, whether from the team. */
export function commentsShown(element: Element): { name: string; body: string; reply: boolean; team: boolean }[] {
  return $$(element, '[part~="comment"]').map((comment) => ({
    name: comment.querySelector('.name')?.textContent ?? '',
    body: comment.querySelector('[part~="comment-body"]')?.textContent ?? '',
    reply: (comment.getAttribute('part') ?? '').split(' ').includes('reply'),
    team: comment.querySelector('[part~="team-badge"]') !== null,
  }));
}

/** The comment whose text is `body`. */
export function commentWith(element: Element, body: string): HTMLElement {
  const found = $$(element, '[part~="comment"]').find((comment) => comment.querySelector('[part~="comment-body"]')?.textContent === body);
  if (!found) throw new Error(`no comment "${body}"; shown: ${commentsShown(element).map((comment) => comment.body).join(' | ')}`);
  return found;
}

/** Types into a comment form's field and sends it. */
export function sendComment(form: Element | null, text: string): void {
  if (!form) throw new Error('no such comment form');
  typeInto(form.querySelector('textarea'), text);
  form.querySelector<HTMLButtonElement>('button[type="submit"]')?.click();
}
