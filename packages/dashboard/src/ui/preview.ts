import { html, type TemplateResult } from 'lit';
import type { PostStore, ProgressStore } from '@inlay/client';
import { applyOperation, type BoardConfig, type FlowConfig, type ImporterConfig, newProgress, type Post, type Progress, reconcile, type Traits } from '@inlay/core';
import { traitValue } from './fields.js';

/**
 * The live preview of a draft: the real widget of @inlay/widgets, given the draft through its
 * `previewConfig` property (docs/widgets.md), so nothing is fetched and nothing is published.
 * Progress and posts live in memory here and vanish with the page.
 */
export type Kind = 'flows' | 'boards' | 'importers';

/** Loads the widget's module (its own chunk, only on an editor page). */
export function loadWidget(kind: Kind): Promise<unknown> {
  if (kind === 'flows') return Promise.all([import('@inlay/widgets/checklist'), import('@inlay/widgets/tour')]);
  if (kind === 'boards') return import('@inlay/widgets/feedback-board');
  return import('@inlay/widgets/importer');
}

const published = <K extends string, C>(object: K, id: string, name: string, config: C) => ({
  id,
  object,
  name,
  revisionId: 'preview',
  publishedAt: new Date(0).toISOString(),
  config,
});

/** A progress store in memory, with the core's own state machine. */
function memoryProgress(flowId: string, config: FlowConfig): ProgressStore {
  const context = { flowId, userId: 'preview', workspaceKey: null, mode: 'test' as const, revisionId: 'preview', config };
  let progress: Progress = newProgress(context);
  return {
    load: async () => (progress = reconcile(progress, context)),
    apply: async (operation) => {
      const result = applyOperation(progress, operation, config);
      if (!result.ok) throw Object.assign(new Error(result.message), { code: result.refusal });
      return (progress = result.progress);
    },
  };
}

const SAMPLE_POSTS = ['Dark mode for the reports page', 'Export to CSV', 'Keyboard shortcuts'];

/** A post store in memory, seeded with a few sample posts. */
function memoryPosts(boardId: string, config: BoardConfig): PostStore {
  let posts: Post[] = SAMPLE_POSTS.map((title, i) => ({
    id: `preview-${i}`,
    object: 'post',
    boardId,
    title,
    body: '',
    status: 'open',
    voteCount: config.showVoteCounts ? 12 - i * 5 : null,
    voted: false,
    categoryId: null,
    commentCount: 0,
    author: { id: 'preview', anonymous: false },
    createdAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
  }));
  return {
    list: async ({ q }) => ({ items: posts.filter((post) => !q || post.title.toLowerCase().includes(q.toLowerCase())), nextCursor: null }),
    create: async ({ title, body }) => {
      const post: Post = { ...posts[0], id: `preview-${posts.length}`, title, body: body ?? '', voteCount: config.showVoteCounts ? 1 : null, voted: true, createdAt: new Date().toISOString() } as Post;
      posts = [post, ...posts];
      return post;
    },
    vote: async (postId, voted) => {
      const post = posts.find((candidate) => candidate.id === postId);
      const count = (post?.voteCount ?? 0) + (voted ? 1 : -1);
      if (post) post.voteCount = config.showVoteCounts ? count : null;
      return { postId, voteCount: config.showVoteCounts ? count : null, voted };
    },
  };
}

/**
 * Attributes the widgets need before they render anything. With `previewConfig` and `store` set
 * they fetch nothing, so the key is a placeholder that no server ever sees.
 */
const PLACEHOLDER_KEY = 'svc_test_pub_preview';
const base = (service: string): string => `${location.origin}/${service}`;

/** The widget element showing a draft. */
export function preview(kind: Kind, id: string, name: string, config: unknown, traits: Traits = {}): TemplateResult {
  if (kind === 'flows') {
    const flow = config as FlowConfig;
    // A tour or hotspots: the step's popover as it will look, in place (docs/widgets.md, `<inlay-tour>`).
    if (flow.presentation === 'tour' || flow.presentation === 'hotspots') {
      return html`<inlay-tour flow-id=${id} publishable-key=${PLACEHOLDER_KEY} base-url=${base('onboarding')} user-id="preview" .traits=${traits} .previewConfig=${published('flow', id, name, flow)} .store=${memoryProgress(id, flow)}></inlay-tour>`;
    }
    return html`<inlay-checklist flow-id=${id} publishable-key=${PLACEHOLDER_KEY} base-url=${base('onboarding')} user-id="preview" .traits=${traits} .previewConfig=${published('flow', id, name, flow)} .store=${memoryProgress(id, flow)}></inlay-checklist>`;
  }
  if (kind === 'boards') {
    const board = config as BoardConfig;
    return html`<inlay-feedback-board board-id=${id} publishable-key=${PLACEHOLDER_KEY} base-url=${base('feedback')} author-id="preview" .previewConfig=${published('board', id, name, board)} .store=${memoryPosts(id, board)}></inlay-feedback-board>`;
  }
  return html`<inlay-importer importer-id=${id} .previewConfig=${published('importer', id, name, config as ImporterConfig)}></inlay-importer>`;
}

/** `plan=pro, seats=3` → `{plan: 'pro', seats: 3}`: the traits a preview's user has. */
export function traitsOf(text: string): Traits {
  const traits: Record<string, unknown> = {};
  for (const pair of text.split(',')) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    traits[pair.slice(0, at).trim()] = traitValue(pair.slice(at + 1));
  }
  return traits;
}
