// The wrappers against @inlay/widgets' Custom Elements Manifest: one `onInlay…` prop for every
// event each element fires, and server rendering that emits the element with its attributes.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { checklistEvents, feedbackBoardEvents, importerEvents, InlayChecklist, InlayFeedbackBoard, InlayImporter, InlayTour, tourEvents } from '../src/index.js';

interface Manifest {
  modules: { declarations?: { tagName?: string; events?: { name: string }[] }[] }[];
}
const manifestFile = createRequire(import.meta.url).resolve('@inlay/widgets/custom-elements.json');
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
const eventsOf = (tag: string) => (manifest.modules.flatMap((module) => module.declarations ?? []).find((declaration) => declaration.tagName === tag)?.events ?? []).map((event) => event.name);
/** `inlay-item-complete` → `onInlayItemComplete`. */
const propOf = (event: string) => `on${event.replace(/(^|-)([a-z])/g, (_match, _dash, letter: string) => letter.toUpperCase())}`;

describe.each([
  ['inlay-checklist', checklistEvents],
  ['inlay-tour', tourEvents],
  ['inlay-feedback-board', feedbackBoardEvents],
  ['inlay-importer', importerEvents],
] as const)('<%s>', (tag, events) => {
  it('has an onInlay… prop for every event of the manifest, and no other', () => {
    const manifestEvents = eventsOf(tag);
    expect(manifestEvents.length).toBeGreaterThan(1);
    expect(Object.fromEntries(Object.entries(events).map(([prop, event]) => [prop, String(event)]))).toEqual(Object.fromEntries(manifestEvents.map((event) => [propOf(event), event])));
  });
});

describe('server rendering', () => {
  it('renders the elements, with string props as attributes', () => {
    const html = renderToString(
      <>
        <InlayChecklist flowId="flow_1" publishableKey="svc_test_pub_x" baseUrl="https://inlay.example.com/onboarding" userId="u1" />
        <InlayTour flowId="flow_2" publishableKey="svc_test_pub_x" baseUrl="https://inlay.example.com/onboarding" userId="u1" />
        <InlayFeedbackBoard boardId="board_1" publishableKey="svc_test_pub_x" baseUrl="https://inlay.example.com/feedback" />
        <InlayImporter importerId="imp_1" publishableKey="svc_test_pub_x" baseUrl="https://inlay.example.com/importer" />
      </>,
    );
    expect(html).toContain('<inlay-checklist');
    expect(html).toContain('<inlay-tour');
    expect(html).toContain('<inlay-feedback-board');
    expect(html).toContain('<inlay-importer');
  });
});
