// `previewConfig` (the dashboard's draft preview, docs/widgets.md): each widget shows the config
// it is given and fetches nothing — not the published config (the ids here are published
// nowhere), and with a host store no progress or posts either.
import type { ProgressStore } from '@inlay/client';
import { applyOperation, type FlowConfig, newProgress, type Progress } from '@inlay/core';
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { InlayChecklist } from './checklist/checklist.js';
import type { InlayFeedbackBoard } from './feedback-board/feedback-board.js';
import type { InlayImporter } from './importer/importer.js';
import { memoryPostStore } from './testing/board-helpers.js';
import { recordFetches } from './testing/helpers.js';
import { WORKER_URL } from './testing/importer-helpers.js';
import './checklist/define.js';
import './feedback-board/define.js';
import './importer/define.js';

const KEY = 'svc_test_pub_preview';
const published = <K extends string, C>(object: K, id: string, config: C) => ({ id, object, name: 'Draft', revisionId: 'preview', publishedAt: new Date(0).toISOString(), config });

describe('previewConfig', () => {
  let fetches: ReturnType<typeof recordFetches>;
  beforeEach(() => (fetches = recordFetches()));
  afterEach(() => fetches.stop());

  it('<inlay-checklist> shows the given flow through the given store', async () => {
    const config = {
      requireAuthorToken: false,
      emptyState: '',
      allowedOrigins: [],
      snoozeDays: [1],
      items: [
        { id: 'a', title: 'Draft item A', completion: { kind: 'manual' } },
        { id: 'b', title: 'Draft item B', completion: { kind: 'manual' }, dependsOn: ['a'] },
      ],
      toggles: { allowDismiss: true, allowSkip: true, allowSnooze: true, showProgress: true, autoOpen: false, shareProgressAcrossAccount: false },
    } satisfies FlowConfig;
    const context = { flowId: 'flow_draft', userId: 'preview', workspaceKey: null, mode: 'test' as const, revisionId: 'preview', config };
    let progress: Progress = newProgress(context);
    const store: ProgressStore = {
      load: async () => progress,
      apply: async (operation) => {
        const result = applyOperation(progress, operation, config);
        if (!result.ok) throw new Error(result.message);
        return (progress = result.progress);
      },
    };
    const el = await fixture<InlayChecklist>(
      html`<inlay-checklist flow-id="flow_draft" publishable-key=${KEY} base-url="${location.origin}/nowhere" user-id="preview" .previewConfig=${published('flow', 'flow_draft', config)} .store=${store}></inlay-checklist>`,
    );
    await waitUntil(() => el.shadowRoot?.querySelectorAll('[part~="item"]').length === 2, 'the preview shows no items');
    expect([...(el.shadowRoot?.querySelectorAll('[part~="item"] label') ?? [])].map((label) => label.textContent)).to.deep.equal(['Draft item A', 'Draft item B']);
    expect(fetches.urls).to.deep.equal([]);
  });

  it('<inlay-feedback-board> shows the given board and branding through the given store', async () => {
    const config = { submissionsEnabled: true, votingEnabled: true, showVoteCounts: true, allowAnonymous: false, requireAuthorToken: false, emptyState: '', branding: { title: 'Draft board title' } };
    const el = await fixture<InlayFeedbackBoard>(
      html`<inlay-feedback-board board-id="board_draft" publishable-key=${KEY} base-url="${location.origin}/nowhere" author-id="preview" .previewConfig=${published('board', 'board_draft', config)} .store=${memoryPostStore()}></inlay-feedback-board>`,
    );
    await waitUntil(() => el.shadowRoot?.textContent?.includes('Draft board title'), 'the preview shows no branding title');
    expect(fetches.urls).to.deep.equal([]);
  });

  it('<inlay-importer> shows its first step for the given config without an importer id, key or server', async () => {
    // Reading a file in a preview is covered by the dashboard's browser test (packages/dashboard).
    const config = { fields: [{ key: 'email', label: 'Draft email column', type: 'email' as const, required: true }] };
    const el = await fixture<InlayImporter>(html`<inlay-importer worker-url=${WORKER_URL} .previewConfig=${published('importer', 'imp_draft', config)}></inlay-importer>`);
    await waitUntil(() => el.shadowRoot?.querySelector('[part~="paste"]'), 'the preview shows no upload step');
    expect(el.shadowRoot?.textContent).to.include('Draft');
    expect(fetches.urls).to.deep.equal([]);
  });
});
