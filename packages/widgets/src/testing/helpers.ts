// Helpers for the browser tests (web-test-runner). Not part of the build (tsconfig.build.json).
import { createClient, type ProgressStore } from '@inlay/client';
import { applyOperation, type FlowConfig, newProgress, type Progress, type ProgressOperation, type PublishedConfig } from '@inlay/core';
import { fixture, html, waitUntil } from '@open-wc/testing';
import { ifDefined } from 'lit/directives/if-defined.js';
import type { InlayChecklist } from '../checklist/checklist.js';
import type { ChecklistStrings } from '../checklist/checklist.strings.js';
import '../checklist/define.js';

/** What web-test-runner.config.mjs publishes on the real server for this run. */
export interface TestEnv {
  baseUrl: string;
  publishableKey: string;
  flows: Record<'main' | 'empty' | 'pro' | 'bare' | 'token' | 'unpublished', string>;
  /** The feedback service, with a publishable key of its own and the boards of test/boards.mjs. */
  feedback: {
    baseUrl: string;
    publishableKey: string;
    boards: Record<'main' | 'open' | 'locked' | 'uncounted' | 'empty' | 'token' | 'xss' | 'stale' | 'unpublished' | 'tabs' | 'discuss', string>;
  };
}

let cached: TestEnv | undefined;
export async function testEnv(): Promise<TestEnv> {
  cached ??= (await (await fetch('/__inlay/env.json')).json()) as TestEnv;
  return cached;
}

let users = 0;
/** A fresh end user, so every test starts from empty hosted progress. */
export function newUserId(): string {
  users += 1;
  return `user-${Date.now().toString(36)}-${users}`;
}

export interface MountOptions {
  flowId: string;
  userId?: string;
  workspaceKey?: string;
  baseUrl?: string;
  publishableKey?: string;
  store?: ProgressStore;
  traits?: Record<string, unknown>;
  strings?: Partial<ChecklistStrings>;
  getAuthorToken?: InlayChecklist['getAuthorToken'];
}

/** Renders `<inlay-checklist>` after a focusable button (for Tab tests) and waits until it has loaded. */
export async function mount(options: MountOptions): Promise<InlayChecklist> {
  const env = await testEnv();
  const wrapper = await fixture<HTMLDivElement>(html`<div>
    <button id="before">before</button>
    <inlay-checklist
      flow-id=${options.flowId}
      publishable-key=${options.publishableKey ?? env.publishableKey}
      base-url=${options.baseUrl ?? env.baseUrl}
      user-id=${options.userId ?? newUserId()}
      workspace-key=${ifDefined(options.workspaceKey)}
      .store=${options.store}
      .traits=${options.traits ?? {}}
      .strings=${options.strings ?? {}}
      .getAuthorToken=${options.getAuthorToken}
    ></inlay-checklist>
  </div>`);
  const element = wrapper.querySelector('inlay-checklist') as InlayChecklist;
  await settled(element);
  // The write path loads beside the first paint (progress-writes.ts); on a page it arrives before
  // the card, here the dev server may answer the config first. A write before it waits for it.
  await import('../checklist/progress-writes.js');
  await element.updateComplete;
  return element;
}

/** Waits until the element is no longer loading. */
export async function settled(element: InlayChecklist): Promise<void> {
  await waitUntil(() => !element.shadowRoot?.querySelector('[aria-busy="true"]'), 'the checklist kept loading', { timeout: 8000 });
  await element.updateComplete;
}

export function part<T extends Element = HTMLElement>(element: InlayChecklist, name: string): T | null {
  return element.shadowRoot?.querySelector<T>(`[part~="${name}"]`) ?? null;
}

export function parts<T extends Element = HTMLElement>(element: InlayChecklist, name: string): T[] {
  return [...(element.shadowRoot?.querySelectorAll<T>(`[part~="${name}"]`) ?? [])];
}

export function checkbox(element: InlayChecklist, itemId: string): HTMLInputElement {
  const input = element.shadowRoot?.querySelector<HTMLInputElement>(`#item-${itemId}`);
  if (!input) throw new Error(`no checkbox for ${itemId}`);
  return input;
}

export function liveRegion(element: InlayChecklist): string {
  return element.shadowRoot?.querySelector('[role="status"]')?.textContent?.trim() ?? '';
}

/** The user's progress as the server has it (read with the publishable key by the test plugin). */
export async function serverProgress(flowId: string, userId: string): Promise<Progress> {
  const response = await fetch(`/__inlay/progress?flowId=${encodeURIComponent(flowId)}&userId=${encodeURIComponent(userId)}`);
  return ((await response.json()) as { data: Progress }).data;
}

export async function publishedFlow(flowId: string): Promise<PublishedConfig<'flow', FlowConfig>> {
  const env = await testEnv();
  return createClient({ publishableKey: env.publishableKey, baseUrl: env.baseUrl }).getConfig(flowId);
}

/** A host's own (BYO) store kept in memory, computing with core's state machine like a backend would. */
export interface MemoryStore extends ProgressStore {
  operations: ProgressOperation[];
  progress: Progress;
}

export async function memoryStore(flowId: string): Promise<MemoryStore> {
  const flow = await publishedFlow(flowId);
  const store: MemoryStore = {
    operations: [],
    progress: newProgress({ flowId, userId: 'byo-user', workspaceKey: null, mode: 'test', revisionId: flow.revisionId, config: flow.config }),
    load: async () => store.progress,
    apply: async (operation) => {
      store.operations.push(operation);
      const result = applyOperation(store.progress, operation, flow.config);
      if (!result.ok) throw new Error(result.message);
      store.progress = result.progress;
      return store.progress;
    },
  };
  return store;
}

/** Records every request the page makes through `fetch` until `stop()`. */
export function recordFetches(): { urls: string[]; stop: () => void } {
  const original = window.fetch;
  const urls: string[] = [];
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    urls.push(input instanceof Request ? input.url : String(input));
    return original.call(window, input, init);
  };
  return { urls, stop: () => (window.fetch = original) };
}
