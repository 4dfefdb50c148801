import type { Post } from '@inlay/core';
import type { TemplateResult } from 'lit';
import type { Guard } from '../base/resource-controller.js';
import { ResourceSync } from '../base/resource-sync.js';
import { InlayPostCreateEvent, InlayVoteEvent } from '../events.js';
import type { BoardPort, Lit, VoteState } from './board-port.js';
import { boardWriteStrings, type FeedbackBoardStrings } from './feedback-board.strings.js';
import { draftProblems, type PostDraft, similarPosts } from './post-draft.js';
import { renderPostForm } from './post-form.js';

/**
 * The board's write path: the new-post form with its similar-post suggestions and create, and
 * votes, shown at once and rolled back if the store refuses them; and, as in the checklist's, the
 * refetch when the page comes back into view and the sharing with the user's other tabs. The list, search and sort do not
 * need it, so the script-tag bundle loads it as a module beside itself
 * (`inlay-feedback-board.writes.js`) when the element connects (docs/widgets.md, "Files of the
 * script-tag bundles"). It imports neither Lit nor the request core: the element passes Lit's
 * `html` and `nothing` and what else it needs through a {@link BoardPort} (board-port.ts).
 */

/** How many similar posts are suggested under the title being typed. */
const SIMILAR = 3;
const SUGGEST_DELAY_MS = 400;

export class BoardWrites {
  /** Per post with votes in flight: how many, and the store's last word to roll back to. */
  votes = new Map<string, { pending: number; confirmed: VoteState; tail: Promise<unknown> }>();
  readonly #port: BoardPort;
  #draft: PostDraft = { title: '', body: '' };
  /** Set by the first submit: from then on an empty title is reported. */
  #submitted = false;
  #sending = false;
  #formError = '';
  #similar: readonly Post[] = [];
  #suggestTicket = 0;
  #suggestTimer?: ReturnType<typeof setTimeout>;

  /**
   * The refetch when the page comes back into view and the user's other tabs (docs/widgets.md,
   * "Several tabs"): here rather than in the bundle, as neither is needed for the first paint.
   */
  readonly #sync: ResourceSync;

  constructor(port: BoardPort) {
    this.#port = port;
    this.#sync = new ResourceSync(port.host, port.resource, {
      // Back in view: the posts are listed again for fresh votes, unless votes are in flight.
      refresh: (guard: Guard) => port.state().list.refresh(guard, () => this.votes.size > 0),
      channel: () => port.channel(),
      receive: (message) => this.#receive(message),
    });
  }

  /** A vote or post another tab saved: shown here, without events (that tab sent them). */
  #receive(message: unknown): void {
    const port = this.#port;
    const { vote, post } = (message ?? {}) as { vote?: { postId?: unknown; voted?: unknown; voteCount?: unknown }; post?: Post };
    if (vote && typeof vote.postId === 'string' && typeof vote.voted === 'boolean' && !this.votes.has(vote.postId)) {
      const voteCount = typeof vote.voteCount === 'number' ? vote.voteCount : null;
      port.patch(vote.postId, { voted: vote.voted, voteCount });
    }
    if (post && typeof post.id === 'string' && !port.posts.some((other) => other.id === post.id) && !port.state().list.query.trim()) {
      port.posts = [post, ...port.posts];
    }
  }

  /** A new board, author or store: votes and suggestions of the old one no longer count (each also checks `current`). */
  reset(): void {
    this.stop();
    this.votes = new Map();
    this.#similar = [];
  }

  /** The element left the page: no suggestion search after it. */
  stop(): void {
    ++this.#suggestTicket;
    clearTimeout(this.#suggestTimer);
  }

  renderForm(lit: Lit): TemplateResult {
    return renderPostForm(
      lit,
      this.#text,
      { draft: this.#draft, submitted: this.#submitted, similar: this.#similar, formError: this.#formError, sending: this.#sending },
      { onSubmit: (event) => this.#submit(event), onInput: (event) => this.#onDraft(event) },
    );
  }

  get #text(): FeedbackBoardStrings {
    // The other modules' keys are not read here.
    return { ...boardWriteStrings, ...this.#port.text } as FeedbackBoardStrings;
  }

  #onDraft(event: Event): void {
    const field = event.target as HTMLInputElement | HTMLTextAreaElement;
    this.#draft = { ...this.#draft, [field.name]: field.value };
    this.#formError = '';
    this.#port.announce();
    if (field.name === 'title') this.#suggest(field.value.trim());
  }

  /** Suggests similar posts once typing pauses; a failure leaves none, with no error state or event. */
  #suggest(title: string): void {
    clearTimeout(this.#suggestTimer);
    const ticket = ++this.#suggestTicket;
    const store = this.#port.store;
    if (!store || [...title].length < 3) {
      this.#setSimilar([]);
      return;
    }
    this.#suggestTimer = setTimeout(() => {
      similarPosts(store, title, SIMILAR).then(
        (items) => ticket === this.#suggestTicket && this.#setSimilar(items),
        () => undefined,
      );
    }, SUGGEST_DELAY_MS);
  }

  #setSimilar(items: readonly Post[]): void {
    this.#similar = items;
    this.#port.announce();
  }

  async #submit(event: Event): Promise<void> {
    event.preventDefault();
    const port = this.#port;
    const { store, boardId } = port;
    if (this.#sending || !store) return;
    this.#submitted = true;
    const t = this.#text;
    const problems = draftProblems(this.#draft, t, true);
    if (problems.title || problems.body) {
      port.announce(undefined, problems.title ? '#new-title' : '#new-body');
      return;
    }
    const current = port.current();
    const title = this.#draft.title.trim();
    const body = this.#draft.body.trim();
    this.#sending = true;
    this.#formError = '';
    port.announce();
    try {
      const post = await store.create({ title, body: body || undefined });
      if (!current()) return;
      this.#sync.publish({ post });
      port.posts = [post, ...port.posts.filter((other) => other.id !== post.id)];
      this.#draft = { title: '', body: '' };
      this.#submitted = false;
      this.#similar = [];
      ++this.#suggestTicket;
      this.#sending = false;
      port.announce(this.#text.announceCreated, '#new-title');
      port.emit(new InlayPostCreateEvent({ boardId, post }));
    } catch (error) {
      if (!current()) return;
      this.#sending = false;
      this.#formError = port.text.createFailed(port.codeOf(error));
      port.announce(undefined, '[part~="submit-button"]');
      port.report(error, { type: 'create', title, body });
    }
  }

  /** Shows the vote at once, then saves it; a refusal rolls it back to the store's last word. */
  vote(postId: string): void {
    const port = this.#port;
    const { store, boardId } = port;
    // The post as shown now: two clicks between renders must toggle twice.
    const post = port.find(postId);
    if (!store || !post) return;
    const current = port.current();
    const voted = !post.voted;
    let entry = this.votes.get(postId);
    if (!entry) this.votes.set(postId, (entry = { pending: 0, confirmed: { voted: post.voted, voteCount: post.voteCount }, tail: Promise.resolve() }));
    const state = entry;
    state.pending += 1;
    this.#patch(postId, { voted, voteCount: post.voteCount === null ? null : Math.max(0, post.voteCount + (voted ? 1 : -1)) });
    const settle = (): void => {
      state.pending -= 1;
      // Earlier answers are not shown while later clicks are in flight: the last click wins.
      if (state.pending === 0) {
        this.votes.delete(postId);
        this.#patch(postId, state.confirmed);
      }
    };
    // Votes on one post reach the store in order, whatever store the host supplies.
    state.tail = state.tail
      .then(() => store.vote(postId, voted))
      .then(
        (result) => {
          if (!current()) return;
          state.confirmed = { voted: result.voted, voteCount: result.voteCount };
          settle();
          this.#sync.publish({ vote: { postId, voted: result.voted, voteCount: result.voteCount } });
          port.emit(new InlayVoteEvent({ boardId, postId, voted: result.voted, voteCount: result.voteCount }));
        },
        (error: unknown) => {
          if (!current()) return;
          settle();
          port.announce(port.text.announceVoteFailure);
          port.report(error, { type: 'vote', postId, voted });
        },
      );
  }

  #patch(postId: string, patch: VoteState): void {
    this.#port.patch(postId, patch);
  }
}
