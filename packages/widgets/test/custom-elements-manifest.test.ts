// custom-elements.json (written by the build from the components' JSDoc, see
// custom-elements-manifest.config.mjs) is what editors, framework wrappers and docs/widgets.md
// read: it must name every attribute, property, event, part and custom property the elements
// really have. Read from the sources, not from a list kept beside them.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../', import.meta.url));

interface Named {
  name: string;
  description?: string;
  type?: { text: string };
}
interface Element {
  tagName: string;
  name: string;
  attributes?: (Named & { fieldName?: string })[];
  members?: (Named & { kind: string; privacy?: string; static?: boolean; attribute?: string })[];
  events?: Named[];
  slots?: Named[];
  cssParts?: Named[];
  cssProperties?: Named[];
}
interface Manifest {
  modules: { path: string; declarations?: (Element & { customElement?: boolean })[] }[];
}

const manifest = JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8')) as Manifest;

/** Each element with the source folder of its module (`dist/importer/importer.js` → `src/importer`). */
const elements = manifest.modules.flatMap((module) =>
  (module.declarations ?? []).filter((declaration) => declaration.customElement).map((element) => ({ element, folder: join(root, dirname(module.path).replace(/^dist/, 'src')) })),
);

/**
 * The non-test TypeScript sources under `folder`, and the base every element extends. A base
 * style function (`export const outcomeStyles = (): CSSResult => css`…``) counts only for the
 * elements whose sources call it: the others' bundles drop it, and they never read its properties.
 */
function sources(folder: string): string[] {
  const files = (dir: string) =>
    readdirSync(dir, { recursive: true })
      .map(String)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => readFileSync(join(dir, file), 'utf8'));
  const own = files(folder);
  const called = (name: string) => own.some((text) => text.includes(`${name}()`));
  const base = files(join(root, 'src/base')).map((text) =>
    text.replace(/export const (\w+) = \(\): CSSResult => css`[^`]*`;/g, (block, name: string) => (called(name) ? block : '')),
  );
  return [...own, ...base];
}

const everySource = readdirSync(join(root, 'src'), { recursive: true })
  .map(String)
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
  .map((file) => readFileSync(join(root, 'src', file), 'utf8'));

/** The source of class `name` and of each class it extends, up to `InlayElement`. */
function classChain(name: string): string[] {
  const source = everySource.find((text) => text.includes(`class ${name} `));
  if (!source || name === 'InlayElement') return [];
  const base = new RegExp(`class ${name} extends (\\w+)`).exec(source)?.[1];
  return [source, ...(base ? classChain(base) : [])];
}

/**
 * Every `part` token in the templates: static ones, the string literals of `part=${…}`, and the
 * `part: '…'` attributes of the nodes the tour draws by hand (src/tour/dom.ts). A token completed
 * at run time (`status-${post.status}`) is kept as a prefix, `status-*`.
 */
function partTokens(text: string): string[] {
  const tokens: string[] = [];
  for (const [, value = ''] of text.matchAll(/\bpart="([^"]*)"/g)) tokens.push(...value.replace(/\$\{[^}]*\}/g, '*').split(/\s+/));
  for (const [, value = ''] of text.matchAll(/\bpart: '([^']*)'/g)) tokens.push(...value.split(/\s+/));
  for (const [, expression = ''] of text.matchAll(/\bpart=\$\{([^}]*)\}/g)) for (const [, literal = ''] of expression.matchAll(/'([^']*)'/g)) tokens.push(...literal.split(/\s+/));
  return tokens.filter(Boolean);
}

const names = (list: Named[] | undefined) => new Set((list ?? []).map((item) => item.name));
/** What `used` names that `documented` does not; a prefix `x-*` needs at least one documented `x-…`. */
const missing = (used: Iterable<string>, documented: Set<string>) =>
  [...new Set(used)].filter((name) => (name.endsWith('*') ? ![...documented].some((item) => item.startsWith(name.slice(0, -1))) : !documented.has(name))).sort();

describe('custom-elements.json', () => {
  it('has the four elements, each with a source folder', () => {
    expect(elements.map(({ element }) => element.tagName).sort()).toEqual(['inlay-checklist', 'inlay-feedback-board', 'inlay-importer', 'inlay-tour']);
    for (const { folder } of elements) expect(sources(folder).length).toBeGreaterThan(1);
  });

  describe.each(elements.map(({ element, folder }) => [element.tagName, element, folder] as const))('<%s>', (_tag, element, folder) => {
    const texts = sources(folder);

    it('names every part its templates use', () => {
      const used = texts.flatMap(partTokens);
      expect(used.length).toBeGreaterThan(5);
      expect(missing(used, names(element.cssParts))).toEqual([]);
    });

    it('names every slot its templates have', () => {
      const used = texts.flatMap((text) => [...text.matchAll(/<slot(?:\s+name="([^"]*)")?/g)].map((match) => match[1] ?? ''));
      expect(missing(used, names(element.slots))).toEqual([]);
    });

    it('names every --inlay-… custom property its styles read', () => {
      const used = texts.flatMap((text) => [...text.matchAll(/var\((--inlay-[a-z0-9-]+)/g)].map((match) => match[1] ?? ''));
      expect(used.length).toBeGreaterThan(5);
      expect(missing(used, names(element.cssProperties))).toEqual([]);
    });

    it('names every event it dispatches, with its class', () => {
      const events = readFileSync(join(root, 'src/events.ts'), 'utf8');
      const eventName = (className: string) => new RegExp(`class ${className} [^]*?return '([a-z-]+)'`).exec(events)?.[1] ?? className;
      const dispatched = texts.flatMap((text) => [...text.matchAll(/new (Inlay\w+Event)\(/g)].map((match) => match[1] ?? ''));
      expect(dispatched).toContain('InlayErrorEvent');
      expect(missing(dispatched.map(eventName), names(element.events))).toEqual([]);
      for (const event of element.events ?? []) expect(event.type?.text, event.name).toMatch(/^Inlay\w+Event$/);
    });

    it('names every public reactive property, with its attribute', () => {
      // The class's own map and its bases' (FlowElement's, for the checklist and the tour).
      const declared = classChain(element.name)
        .map((source) => /static override properties: (?:PropertyDeclarations|LiteProperties) = \{([^]*?)\n {2}\};/.exec(source)?.[1] ?? '')
        .join('\n');
      const properties = [...declared.matchAll(/^\s+(\w+): \{([^}]*)\}/gm)].filter(([, , options = '']) => !options.includes('state: true'));
      expect(properties.length).toBeGreaterThan(3);
      const members = new Map((element.members ?? []).map((member) => [member.name, member]));
      const attributes = new Map((element.attributes ?? []).map((attribute) => [attribute.name, attribute.fieldName]));
      for (const [, name = '', options = ''] of properties) {
        expect(members.get(name)?.description, `${name} is documented`).toBeTruthy();
        if (options.includes('attribute: false')) continue;
        const attribute = /attribute: '([a-z-]+)'/.exec(options)?.[1] ?? name.toLowerCase();
        expect(attributes.get(attribute), `attribute ${attribute}`).toBe(name);
      }
      // Private reactive state is neither a documented property nor an attribute.
      for (const [, name = ''] of declared.matchAll(/^\s+(\w+): \{[^}]*state: true/gm)) expect(attributes.has(name), name).toBe(false);
    });
  });
});
