// `@inlay/widgets/jsx`, `/vue` and `/svelte` let a React, Vue or Svelte project type-check the
// elements without declaring them itself. Each check is a small project written from
// custom-elements.json (every attribute, property and event of each element), compiled by `tsc`
// against the built package, with one prop the elements do not have, which must be refused.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../../../', import.meta.url));

interface Element {
  tagName: string;
  attributes?: { name: string; type?: { text: string } }[];
  members?: { kind: string; name: string; static?: boolean; privacy?: string; readonly?: boolean }[];
  events?: { name: string; type?: { text: string } }[];
}
const manifest = JSON.parse(await readFile(new URL('../custom-elements.json', import.meta.url), 'utf8')) as { modules: { declarations?: (Element & { customElement?: boolean })[] }[] };
const elements = manifest.modules.flatMap((module) => module.declarations ?? []).filter((declaration) => declaration.customElement);
const eventClasses = [...new Set(elements.flatMap((element) => (element.events ?? []).map((event) => event.type?.text ?? '')))];
/** Attributes spelled unlike their property (`anonymous` is both, and written once). */
const attributesOf = (element: Element) => (element.attributes ?? []).filter((attribute) => !settable(element).some((member) => member.name === attribute.name));
const settable = (element: Element): NonNullable<Element['members']> => (element.members ?? []).filter((member) => member.kind === 'field' && !member.static && (member.privacy ?? 'public') === 'public' && !member.readonly);
/** `inlay-item-complete` → `InlayItemComplete`. */
const pascal = (name: string) => name.replace(/(^|-)([a-z])/g, (_match, _dash, letter: string) => letter.toUpperCase());

const imports = `import type { ${eventClasses.join(', ')} } from '@inlay/widgets';\n`;

/** React 19: `on<event-name>` props, properties by name, attributes by name. */
function reactFixture(): string {
  const uses = elements.map((element) => {
    const attributes = attributesOf(element).map((attribute) => `${attribute.name}="1"`);
    const properties = settable(element).map((member) => `${member.name}={undefined}`);
    const events = (element.events ?? []).map((event) => `oninlay${event.name.slice('inlay'.length)}={(event: ${event.type?.text}) => void event.detail}`);
    return `export const use${pascal(element.tagName)} = <${element.tagName} ${[...attributes, ...properties, ...events].join(' ')} class="x" />;\n// @ts-expect-error: no such prop\nexport const bad${pascal(element.tagName)} = <${element.tagName} noSuchProp="1" />;\n`;
  });
  return `import type {} from '@inlay/widgets/jsx';\n${imports}${uses.join('')}`;
}

/** Vue: what vue-tsc checks a template against, the global component's `$props`. */
function vueFixture(): string {
  const uses = elements.map((element) => {
    const props = `InstanceType<GlobalComponents['${element.tagName}']>['$props']`;
    const attributes = attributesOf(element).map((attribute) => `'${attribute.name}': '1'`);
    const properties = settable(element).map((member) => `${member.name}: undefined`);
    const events = (element.events ?? []).map((event) => `on${pascal(event.name)}: (event: ${event.type?.text}) => void event.detail`);
    return `export const use${pascal(element.tagName)}: ${props} = { ${[...attributes, ...properties, ...events].join(', ')} };\n// @ts-expect-error: no such prop\nexport const bad${pascal(element.tagName)}: ${props} = { noSuchProp: '1' };\n`;
  });
  return `import type { GlobalComponents } from 'vue';\nimport type {} from '@inlay/widgets/vue';\n${imports}${uses.join('')}`;
}

/** Svelte 5: the attributes svelte-check allows on the element. */
function svelteFixture(): string {
  const uses = elements.map((element) => {
    const props = `SvelteHTMLElements['${element.tagName}']`;
    const attributes = attributesOf(element).map((attribute) => `'${attribute.name}': '1'`);
    const properties = settable(element).map((member) => `${member.name}: undefined`);
    const events = (element.events ?? []).map((event) => `'on${event.name}': (event: ${event.type?.text}) => void event.detail`);
    return `export const use${pascal(element.tagName)}: ${props} = { ${[...attributes, ...properties, ...events].join(', ')} };\n// @ts-expect-error: no such prop\nexport const bad${pascal(element.tagName)}: ${props} = { noSuchProp: '1' };\n`;
  });
  return `import type { SvelteHTMLElements } from 'svelte/elements';\nimport type {} from '@inlay/widgets/svelte';\n${imports}${uses.join('')}`;
}

describe('framework typings of the elements', () => {
  let project = '';

  beforeAll(async () => {
    // A project outside the repository whose node_modules is the repository's: @inlay/widgets
    // resolves to the built package through its `exports`, as in a customer's project.
    project = await mkdtemp(join(tmpdir(), 'inlay-framework-types-'));
    await symlink(join(repo, 'node_modules'), join(project, 'node_modules'), 'dir');
  });

  afterAll(async () => {
    if (project) await rm(project, { recursive: true, force: true });
  });

  /** Writes `file` and compiles it alone with a strict, bundler-style tsconfig; answers tsc's output. */
  async function check(file: string, source: string, compilerOptions: Record<string, unknown> = {}): Promise<string> {
    await writeFile(join(project, file), source);
    const config = {
      compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', strict: true, noEmit: true, skipLibCheck: true, lib: ['ES2023', 'DOM', 'DOM.Iterable'], types: [], ...compilerOptions },
      files: [file],
    };
    const tsconfig = `tsconfig.${file}.json`;
    await writeFile(join(project, tsconfig), JSON.stringify(config));
    try {
      await run(process.execPath, [join(repo, 'node_modules/typescript/bin/tsc'), '-p', tsconfig], { cwd: project });
      return '';
    } catch (error) {
      return String((error as { stdout?: string }).stdout ?? error);
    }
  }

  it('React (JSX): every attribute, property and on<event> prop, and nothing else', async () => {
    expect(await check('react.tsx', reactFixture(), { jsx: 'react-jsx' })).toBe('');
  }, 120_000);

  it('Vue: every attribute, property and on<Event> prop, and nothing else', async () => {
    expect(await check('vue.ts', vueFixture())).toBe('');
  }, 120_000);

  it('Svelte: every attribute, property and on<event> attribute, and nothing else', async () => {
    expect(await check('svelte.ts', svelteFixture())).toBe('');
  }, 120_000);
});
