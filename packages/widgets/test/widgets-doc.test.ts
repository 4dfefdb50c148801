// docs/widgets.md's reference tables are generated from custom-elements.json by
// scripts/widgets-doc.mjs: this fails when the document is stale (run `node scripts/widgets-doc.mjs`
// after a build, and commit the document).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface WidgetsDoc {
  docFile: string;
  manifestFile: string;
  renderDoc(doc: string, manifest: unknown): string;
}

describe('docs/widgets.md', () => {
  it('has reference tables that match custom-elements.json', async () => {
    // The script is plain JavaScript without declarations.
    const script = String(new URL('../scripts/widgets-doc.mjs', import.meta.url));
    const { docFile, manifestFile, renderDoc } = (await import(script)) as WidgetsDoc;
    const doc = readFileSync(docFile, 'utf8');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as unknown;
    expect(doc, 'docs/widgets.md is stale: run `node packages/widgets/scripts/widgets-doc.mjs` after a build').toBe(renderDoc(doc, manifest));
  });
});
