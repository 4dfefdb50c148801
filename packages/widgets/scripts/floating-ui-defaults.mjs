/**
 * A Vite plugin for the tour's script-tag bundle: Floating UI with options the tour never sets
 * fixed at their defaults, so the minifier drops the code only other values reach
 * (docs/decisions.md, "Tours and hotspots"). Options are read from an argument, so no bundler can
 * know they are never set. Nothing else changes; lines are kept, so source maps stay right.
 * - `autoUpdate`'s `animationFrame` (false): its frame loop and the DOM measuring only that loop
 *   calls (−543 B min+gzip);
 * - `flip`'s `fallbackStrategy` ('bestFit'), `fallbackAxisSideDirection` ('none') and
 *   `flipAlignment` (true): the placements of the other axis (−220 B).
 * tour/position.ts calls `autoUpdate` and `flip` without these options; passing one there would
 * be ignored in the script-tag bundle.
 *
 * The build fails when Floating UI no longer reads an option as this expects, rather than ship
 * the code silently or patch the wrong line.
 */

const PATCHES = [
  {
    file: '@floating-ui/dom/dist/floating-ui.dom.mjs',
    what: "autoUpdate's animationFrame",
    read: /\n(\s*)animationFrame = false\n(\s*)\} = options;/,
    fixed: '\n$2} = options;\n$2const animationFrame = false;',
  },
  {
    file: '@floating-ui/core/dist/floating-ui.core.mjs',
    what: "flip's fallbackStrategy, fallbackAxisSideDirection and flipAlignment",
    read: /\n\s*fallbackStrategy = 'bestFit',\n\s*fallbackAxisSideDirection = 'none',\n\s*flipAlignment = true,\n(\s*)\.\.\.detectOverflowOptions\n(\s*)\} = evaluate\(options, state\);/,
    fixed:
      "\n$1...detectOverflowOptions\n$2} = evaluate(options, state);\n$2const fallbackStrategy = 'bestFit';\n$2const fallbackAxisSideDirection = 'none';\n$2const flipAlignment = true;",
  },
];

/** @returns {import('vite').Plugin} */
export function floatingUiDefaultsPlugin() {
  return {
    name: 'inlay-floating-ui-defaults',
    transform(code, id) {
      const patch = PATCHES.find(({ file }) => id.replaceAll('\\', '/').endsWith(file));
      if (patch === undefined) return null;
      if (!patch.read.test(code)) throw new Error(`${patch.file}: ${patch.what} not read as expected; see scripts/floating-ui-defaults.mjs.`);
      return { code: code.replace(patch.read, patch.fixed), map: null };
    },
  };
}
