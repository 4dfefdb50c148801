/**
 * A Vite plugin for the tour's script-tag bundle: Floating UI with its options fixed at what the
 * tour passes (mostly their defaults), so the minifier drops the code only other values reach
 * (docs/decisions.md, "Tours and hotspots"). Options are read from an argument, so no bundler can
 * know they are never set. Nothing else changes; lines are kept, so source maps stay right.
 * - `autoUpdate`'s `animationFrame` (false): its frame loop and the DOM measuring only that loop
 *   calls (−543 B min+gzip); its `ancestorScroll`, `ancestorResize`, `elementResize` and
 *   `layoutShift` (true: every browser with the Popover API the tour needs has ResizeObserver
 *   and IntersectionObserver; −56 B);
 * - `flip`'s `fallbackStrategy` ('bestFit'), `fallbackAxisSideDirection` ('none') and
 *   `flipAlignment` (true): the placements of the other axis (−220 B);
 * - `computePosition`'s default `detectOverflow`, which measures through offset parents, scale
 *   and clipping ancestors: the tour's platform brings its own for the top layer (its type
 *   requires it; tour/position.ts), so the default is never called (−345 B);
 * - `shift`'s `mainAxis` and `crossAxis` (both true, as the tour sets them) and its `limiter`
 *   (none), and `arrow`'s offset parent, which the top-layer platform does not have (−103 B
 *   together).
 * tour/position.ts calls `autoUpdate` and `flip` without these options, and `shift` with these
 * values; passing another there would be ignored in the script-tag bundle.
 *
 * The build fails when Floating UI no longer reads an option as this expects, rather than ship
 * the code silently or patch the wrong line.
 */

const PATCHES = [
  {
    file: '@floating-ui/dom/dist/floating-ui.dom.mjs',
    what: "autoUpdate's options",
    read: /\n(\s*)const \{\n\s*ancestorScroll = true,\n\s*ancestorResize = true,\n\s*elementResize = typeof ResizeObserver === 'function',\n\s*layoutShift = typeof IntersectionObserver === 'function',\n\s*animationFrame = false\n\s*\} = options;/,
    fixed:
      '\n$1const ancestorScroll = true;\n$1const ancestorResize = true;\n$1const elementResize = true;\n$1const layoutShift = true;\n$1const animationFrame = false;\n\n',
  },
  {
    file: '@floating-ui/core/dist/floating-ui.core.mjs',
    what: "computePosition's default detectOverflow",
    read: /\n(\s*)const platformWithDetectOverflow = platform\.detectOverflow \? platform : \{\n\s*\.\.\.platform,\n\s*detectOverflow\n\s*\};/,
    fixed: '\n$1const platformWithDetectOverflow = platform;\n\n\n\n',
  },
  {
    file: '@floating-ui/core/dist/floating-ui.core.mjs',
    what: "flip's fallbackStrategy, fallbackAxisSideDirection and flipAlignment",
    read: /\n\s*fallbackStrategy = 'bestFit',\n\s*fallbackAxisSideDirection = 'none',\n\s*flipAlignment = true,\n(\s*)\.\.\.detectOverflowOptions\n(\s*)\} = evaluate\(options, state\);/,
    fixed:
      "\n$1...detectOverflowOptions\n$2} = evaluate(options, state);\n$2const fallbackStrategy = 'bestFit';\n$2const fallbackAxisSideDirection = 'none';\n$2const flipAlignment = true;",
  },
  {
    file: '@floating-ui/core/dist/floating-ui.core.mjs',
    what: "shift's mainAxis, crossAxis and limiter",
    read: /\n(\s*)mainAxis: checkMainAxis = true,\n\s*crossAxis: checkCrossAxis = false,\n\s*limiter = \{\n\s*fn: _ref => \{\n\s*let \{\n\s*x,\n\s*y\n\s*\} = _ref;\n\s*return \{\n\s*x,\n\s*y\n\s*\};\n\s*\}\n\s*\},\n(\s*)\.\.\.detectOverflowOptions\n(\s*)\} = evaluate\(options, state\);/,
    fixed:
      "\n$2...detectOverflowOptions\n$3} = evaluate(options, state);\n$3const checkMainAxis = true;\n$3const checkCrossAxis = true;\n\n\n\n\n\n\n\n\n\n\n\n",
  },
  {
    file: '@floating-ui/core/dist/floating-ui.core.mjs',
    what: "shift's limiter call",
    read: /\n(\s*)const limitedCoords = limiter\.fn\(\{\n\s*\.\.\.state,\n/,
    fixed: '\n$1const limitedCoords = ({\n\n',
  },
  {
    file: '@floating-ui/core/dist/floating-ui.core.mjs',
    what: "arrow's offset parent",
    read: /\n(\s*)const arrowOffsetParent = await \(platform\.getOffsetParent == null \? void 0 : platform\.getOffsetParent\(element\)\);\n\s*let clientSize = arrowOffsetParent \? arrowOffsetParent\[clientProp\] : 0;\n\n\s*\/\/ DOM platform can return `window` as the `offsetParent`\.\n\s*if \(!clientSize \|\| !\(await \(platform\.isElement == null \? void 0 : platform\.isElement\(arrowOffsetParent\)\)\)\) \{\n\s*clientSize = elements\.floating\[clientProp\] \|\| rects\.floating\[length\];\n\s*\}\n/,
    fixed: '\n$1const clientSize = elements.floating[clientProp] || rects.floating[length];\n\n\n\n\n\n\n',
  },
];

/** @returns {import('vite').Plugin} */
export function floatingUiDefaultsPlugin() {
  return {
    name: 'inlay-floating-ui-defaults',
    transform(code, id) {
      const patches = PATCHES.filter(({ file }) => id.replaceAll('\\', '/').endsWith(file));
      if (patches.length === 0) return null;
      for (const patch of patches) {
        if (!patch.read.test(code)) throw new Error(`${patch.file}: ${patch.what} not read as expected; see scripts/floating-ui-defaults.mjs.`);
        code = code.replace(patch.read, patch.fixed);
      }
      return { code, map: null };
    },
  };
}
