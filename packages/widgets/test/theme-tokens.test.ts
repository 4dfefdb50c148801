// Every colour of the widgets comes from a documented custom property (docs/widgets.md,
// Theming): colours are written only in src/base/base.styles.ts, where each `--inlay-*` token
// gets its light and dark default. This reads every stylesheet in src/ (the `css` templates) and
// fails on a colour literal anywhere else, and on a token without both defaults.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const srcDir = fileURLToPath(new URL('../src/', import.meta.url));
const docs = fileURLToPath(new URL('../../../docs/widgets.md', import.meta.url));
const BASE = 'base/base.styles.ts';

/** Hex colours, colour functions and the named colours a hand might reach for. */
const COLOUR = /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(|(?<![-\w])(?:white|black|gr[ae]y|red|green|blue)(?![-\w])/i;

async function sources(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The text of each css`…` template of a source file. */
function stylesheets(source: string): string[] {
  return [...source.matchAll(/\bcss`([^`]*)`/g)].map((match) => match[1] ?? '');
}

describe('theme tokens', () => {
  it('leaves no colour literal in component styles', async () => {
    const found: string[] = [];
    for (const file of await sources(srcDir)) {
      const name = relative(srcDir, file);
      if (name === BASE) continue;
      for (const sheet of stylesheets(await readFile(file, 'utf8'))) {
        for (const line of sheet.split('\n')) {
          if (COLOUR.test(line.replace(/\/\*.*?\*\//g, ''))) found.push(`${name}: ${line.trim()}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('gives every colour token a light and a dark default, and documents it', async () => {
    const base = stylesheets(await readFile(join(srcDir, BASE), 'utf8')).join('\n');
    const doc = await readFile(docs, 'utf8');
    const colours = base.split('\n').filter((line) => COLOUR.test(line));
    expect(colours.length).toBeGreaterThan(10);
    for (const line of colours) {
      const token = /var\((--inlay-[\w-]+),/.exec(line)?.[1];
      expect(token, line).toBeDefined();
      if (!line.includes('--_card-shadow')) expect(line, `${token} needs light-dark(light, dark)`).toMatch(/light-dark\(/);
      expect(doc, `${token} is not in docs/widgets.md`).toContain(`\`${token}\``);
    }
  });
});
