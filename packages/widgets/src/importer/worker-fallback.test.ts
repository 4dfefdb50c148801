// A worker that never answers "ready" (its start-up code left out of a bundle) or that throws while
// starting: the importer reads files on the main thread instead, says so politely, and names the
// cause in a console warning (docs/widgets.md, "When the worker cannot start").
import { expect } from '@open-wc/testing';
import { continueToReview, mountImporter, part, pasteRows } from '../testing/importer-helpers.js';
import { defaultImporterStrings } from './importer.strings.js';
import type { InlayImporter } from './importer.js';

const silentWorker = new URL('../testing/silent-worker.ts', import.meta.url).href;
const throwingWorker = new URL('../testing/throwing-worker.ts', import.meta.url).href;
const rows = 'Customer ID,Email,Name,Age\n00123,ann@example.com,Ann,31\n00124,bob@example,Bob,x\n00125,cy@example.com,Cy,40\n';

/** Runs `body` with console.warn recorded; answers the warnings. */
async function recordingWarnings(body: () => Promise<void>): Promise<string[]> {
  const original = console.warn;
  const warnings: string[] = [];
  console.warn = (...args: unknown[]) => void warnings.push(args.map(String).join(' '));
  try {
    await body();
  } finally {
    console.warn = original;
  }
  return warnings;
}

async function importThrough(workerUrl: string, setup: (el: InlayImporter) => void = () => undefined): Promise<{ el: InlayImporter; warnings: string[] }> {
  let el: InlayImporter | undefined;
  const warnings = await recordingWarnings(async () => {
    el = await mountImporter({ workerUrl });
    setup(el);
    await pasteRows(el, rows);
    await continueToReview(el);
  });
  return { el: el as InlayImporter, warnings };
}

describe('<inlay-importer> when its worker cannot start', () => {
  it('falls back to the main thread after worker-timeout when the worker never answers "ready"', async () => {
    const { el, warnings } = await importThrough(silentWorker, (importer) => importer.setAttribute('worker-timeout', '300'));
    expect(el.workerTimeout).to.equal(300);
    expect(el.engineMode).to.equal('main-thread');
    expect(part(el, 'toolbar')?.textContent).to.contain('3 rows');
    expect(part(el, 'engine-fallback')?.textContent).to.equal(defaultImporterStrings.engineFallback);
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.contain('did not answer "ready" within 300 ms');
    await expect(el).to.be.accessible();
  });

  it('falls back to the main thread when the worker throws while starting, naming the error', async () => {
    const { el, warnings } = await importThrough(throwingWorker);
    expect(el.engineMode).to.equal('main-thread');
    expect(part(el, 'toolbar')?.textContent).to.contain('3 rows');
    expect(part(el, 'engine-fallback')).to.not.equal(null);
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.contain('failed to start').and.contain('engine start-up failed on purpose');
  });

  it('shows no notice and warns nothing when the worker starts', async () => {
    const { el, warnings } = await importThrough(new URL('./engine/worker.ts', import.meta.url).href);
    expect(el.engineMode).to.equal('worker');
    expect(part(el, 'engine-fallback')).to.equal(null);
    expect(warnings).to.deep.equal([]);
  });

  it('takes its notice from strings', async () => {
    const { el } = await importThrough(throwingWorker, (importer) => (importer.strings = { engineFallback: 'Langsamer Modus.' }));
    expect(part(el, 'engine-fallback')?.textContent).to.equal('Langsamer Modus.');
  });
});
