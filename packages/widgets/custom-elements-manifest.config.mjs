/**
 * The Custom Elements Manifest (custom-elements.json, shipped in the package and named by
 * `customElements` in package.json): what editors, Storybook and framework wrappers read to learn
 * the elements' attributes, properties, events, slots, parts and CSS custom properties. The build
 * generates it from the components' JSDoc; docs/widgets.md's reference tables are generated from
 * it in turn (scripts/widgets-doc.mjs), and test/custom-elements-manifest.test.ts checks that it
 * names every part and custom property the templates and styles use.
 */

/**
 * Tidies what the analyzer infers from Lit's static `properties` map and from the class bodies:
 * - private reactive state (`{state: true}`, declared `private`) is no attribute;
 * - a field with neither type nor description is no declared field but an assignment the
 *   analyzer misread (`this.#grid.shortcuts = …` in a constructor);
 * - only what a module exports is its API (a local `const t` inside a method is not);
 * - the abstract base (`InlayElement`, no tag name) is no custom element of its own;
 * - modules are named by the files the package ships (`dist/…/x.js`), not by their sources.
 */
function publicApiOnly() {
  return {
    name: 'inlay-public-api-only',
    packageLinkPhase({ customElementsManifest }) {
      for (const module of customElementsManifest.modules) {
        const exported = new Set((module.exports ?? []).map((entry) => entry.declaration?.name ?? entry.name));
        module.declarations = (module.declarations ?? []).filter((declaration) => exported.has(declaration.name));
        for (const declaration of module.declarations) {
          // The abstract bases (InlayElement, FlowElement) are no elements of their own: members, events and
          // styles it declares reach the elements through inheritance, but it has no tag name.
          if (declaration.customElement && !declaration.tagName) delete declaration.customElement;
          if (!declaration.customElement) continue;
          const hidden = new Set();
          declaration.members = (declaration.members ?? []).filter((member) => {
            const misread = member.kind === 'field' && member.type === undefined && member.description === undefined && member.default === undefined;
            if (member.privacy === 'private' || member.privacy === 'protected' || misread) hidden.add(member.name);
            return !misread;
          });
          for (const member of declaration.members) if (hidden.has(member.name)) delete member.attribute;
          declaration.attributes = (declaration.attributes ?? []).filter((attribute) => !hidden.has(attribute.fieldName));
        }
      }
      shippedPaths(customElementsManifest);
    },
  };
}

/** Rewrites every `path` and `module` naming a source file to the built file beside it in dist/. */
function shippedPaths(node) {
  if (Array.isArray(node)) for (const item of node) shippedPaths(item);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if ((key === 'path' || key === 'module') && typeof value === 'string') node[key] = value.replace(/^\/?src\/(.*)\.[jt]s$/, 'dist/$1.js');
      else shippedPaths(value);
    }
  }
}

export default {
  globs: [
    'src/base/inlay-element.ts',
    'src/checklist/flow-element.ts',
    'src/checklist/checklist.ts',
    'src/checklist/define.ts',
    'src/tour/tour.ts',
    'src/tour/define.ts',
    'src/feedback-board/feedback-board.ts',
    'src/feedback-board/define.ts',
    'src/importer/importer.ts',
    'src/importer/define.ts',
    'src/events.ts',
  ],
  outdir: '.',
  litelement: true,
  plugins: [publicApiOnly()],
};
