import type { BoardConfig, Post } from '@inlay/core';
import { html, nothing, type TemplateResult } from 'lit';
import type { BoardViewStrings } from './feedback-board.strings.js';

const voteIcon = html`<svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true"><path d="M3.5 10l4.5-4.5 4.5 4.5" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" /></svg>`;

/** A post's vote toggle, enabled when `vote.enabled`; with voting off, its count as text (or nothing when counts are hidden). @internal */
export function renderVote(
  t: BoardViewStrings,
  config: BoardConfig,
  post: Post,
  vote: { enabled: boolean; onClick: () => void },
  locale?: string,
): TemplateResult | typeof nothing {
  const count = post.voteCount;
  return config.votingEnabled
    ? html`<button class="vote" part="vote-button" aria-pressed=${post.voted} aria-label=${t.voteLabel(post.title, count)}
        ?disabled=${!vote.enabled} @click=${vote.onClick}>${voteIcon}${count === null ? nothing : html`<span part="vote-count">${count.toLocaleString(locale)}</span>`}</button>`
    : count === null
      ? nothing
      : html`<div class="vote" part="vote-count"><span aria-hidden="true">${count.toLocaleString(locale)}</span><span class="visually-hidden">${t.votes(count)}</span></div>`;
}

/**
 * A post's status badge (none for `open`), category (its name beside a dot of its colour: the
 * text keeps the theme's contrast whatever the colour), author and date. @internal
 */
export function renderMeta(t: BoardViewStrings, config: BoardConfig, post: Post, locale?: string): TemplateResult {
  const author = post.author.name ?? (post.author.anonymous ? t.anonymous : '');
  const date = new Date(post.createdAt);
  const category = config.categories?.find((candidate) => candidate.id === post.categoryId);
  return html`<p class="meta" part="post-meta">
    ${post.status === 'open' ? nothing : html`<span class="status" part="status status-${post.status}" data-status=${post.status}>${t.status[post.status]}</span>`}
    ${category ? html`<span class="category" part="category" .style=${`--_category:${category.color}`}>${category.name}</span>` : nothing}
    ${author ? html`<span>${author}</span>` : nothing}
    ${Number.isNaN(date.getTime()) ? nothing : html`<time datetime=${post.createdAt}>${date.toLocaleDateString(locale, { dateStyle: 'medium' })}</time>`}
  </p>`;
}

/**
 * One post of the board's list: its vote toggle (or, with voting off, its count as text), title
 * (a button that opens the post's page), details and meta. Titles and bodies are user content:
 * text bindings only, never markup from user content (docs/security.md).
 * @internal
 */
export function renderPost(
  t: BoardViewStrings,
  config: BoardConfig,
  post: Post,
  vote: { enabled: boolean; onClick: () => void },
  locale: string | undefined,
  open: () => void,
): TemplateResult {
  return html`<li part="post" data-status=${post.status} data-post=${post.id}>
    ${renderVote(t, config, post, vote, locale)}
    <div class="content">
      <h3 part="post-title" tabindex="-1"><button class="open" part="post-link" @click=${open}>${post.title}</button></h3>
      ${post.body ? html`<p class="muted" part="post-body">${post.body}</p>` : nothing}
      ${renderMeta(t, config, post, locale)}
    </div>
  </li>`;
}
