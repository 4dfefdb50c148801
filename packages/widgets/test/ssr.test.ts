import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));

/**
 * Imports `specifiers` in a fresh Node process (no vitest transforms, Node's own resolution of
 * the package's `exports`) with `window`, `document` and `localStorage` turned into tripwires
 * that answer `undefined`, as in plain Node. Reports what the modules export, which tags got
 * registered, and which module read one of those globals while loading (`global@file`).
 */
async function importInNode(
  specifiers: string[],
): Promise<{ touched: string[]; exports: Record<string, string[]>; defined: Record<'inlay-checklist' | 'inlay-feedback-board', boolean> }> {
  const script = `
    const touched = [];
    for (const name of ['window', 'document', 'localStorage']) {
      Object.defineProperty(globalThis, name, {
        configurable: true,
        get() {
          const caller = new Error().stack.split('\\n')[2] ?? '';
          touched.push(name + '@' + (/\\(?(file:[^)]*?):\\d+:\\d+\\)?$/.exec(caller)?.[1] ?? caller.trim()));
          return undefined;
        },
      });
    }
    const exports = {};
    for (const specifier of ${JSON.stringify(specifiers)}) exports[specifier] = Object.keys(await import(specifier)).sort();
    const registry = typeof customElements !== 'undefined' ? customElements : undefined;
    const defined = Object.fromEntries(['inlay-checklist', 'inlay-feedback-board'].map((tag) => [tag, registry?.get(tag) !== undefined]));
    console.log(JSON.stringify({ touched, exports, defined }));
  `;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '--eval', script], { cwd: packageDir });
  return JSON.parse(stdout);
}

/**
 * Lit's own Node build checks `globalThis.document === undefined` to know it runs without a DOM;
 * that read is how it avoids touching the DOM. Any other reader (our code, @inlay/client,
 * @inlay/core) fails the test.
 */
const litFeatureCheck = /^document@file:.*\/node_modules\/lit-html\/node\/lit-html\.js$/;
const ours = (touched: string[]) => touched.filter((entry) => !litFeatureCheck.test(entry));

describe('server-side (Node) import of the built ESM entries', () => {
  it('imports @inlay/widgets without touching window or document, and registers nothing', async () => {
    const result = await importInNode(['@inlay/widgets']);
    expect(ours(result.touched)).toEqual([]);
    expect(result.exports['@inlay/widgets']).toEqual(
      expect.arrayContaining([
        'InlayChecklist',
        'InlayErrorEvent',
        'InlayFeedbackBoard',
        'InlayItemCompleteEvent',
        'InlayPostCreateEvent',
        'InlayVoteEvent',
        'defaultChecklistStrings',
        'defaultFeedbackBoardStrings',
      ]),
    );
    expect(result.defined).toEqual({ 'inlay-checklist': false, 'inlay-feedback-board': false });
  });

  it('imports @inlay/widgets/tour without touching window or document', async () => {
    const result = await importInNode(['@inlay/widgets/tour']);
    expect(ours(result.touched)).toEqual([]);
    expect(result.exports['@inlay/widgets/tour']).toEqual(expect.arrayContaining(['InlayTour', 'defaultTourStrings']));
  });

  it('imports @inlay/widgets/checklist without touching window or document', async () => {
    const result = await importInNode(['@inlay/widgets/checklist']);
    expect(ours(result.touched)).toEqual([]);
    expect(result.exports['@inlay/widgets/checklist']).toEqual([
      'InlayChecklist',
      'InlayDismissEvent',
      'InlayErrorEvent',
      'InlayFlowCompleteEvent',
      'InlayItemCompleteEvent',
      'InlayShowMeEvent',
      'defaultChecklistStrings',
    ]);
    // No registry in Node: the checklist does not load Lit's Node build, whose stand-in registry
    // it used to register into (src/base/lite-element.ts), and its define file does nothing.
    expect(result.defined).toEqual({ 'inlay-checklist': false, 'inlay-feedback-board': false });
  });

  it('imports @inlay/widgets/feedback-board without touching window, document or localStorage', async () => {
    const result = await importInNode(['@inlay/widgets/feedback-board']);
    expect(ours(result.touched)).toEqual([]);
    expect(result.exports['@inlay/widgets/feedback-board']).toEqual([
      'InlayErrorEvent',
      'InlayFeedbackBoard',
      'InlayPostCloseEvent',
      'InlayPostCreateEvent',
      'InlayPostOpenEvent',
      'InlayVoteEvent',
      'defaultFeedbackBoardStrings',
    ]);
    expect(result.defined).toEqual({ 'inlay-checklist': false, 'inlay-feedback-board': true });
  });
});
