/**
 * A Vite plugin for the tour's script-tag bundle: Floating UI's `autoUpdate` with its
 * `animationFrame` option fixed at its default, `false`, so the minifier drops the frame loop and
 * the DOM measuring only that loop calls (−543 B min+gzip; docs/decisions.md, "Tours and
 * hotspots"). The option is read from an argument, so no bundler can know it is never set; the
 * tour never sets it (tour/position.ts). Nothing else in `autoUpdate` changes.
 *
 * The build fails when `@floating-ui/dom` no longer reads the option as this expects, rather than
 * ship the loop silently or patch the wrong line.
 */

const FILE = '@floating-ui/dom/dist/floating-ui.dom.mjs';
const READ = /\n(\s*)animationFrame = false\n(\s*)\} = options;/;

/** @returns {import('vite').Plugin} */
export function noFrameLoopPlugin() {
  return {
    name: 'inlay-no-frame-loop',
    transform(code, id) {
      if (!id.replaceAll('\\', '/').endsWith(FILE)) return null;
      if (!READ.test(code)) throw new Error(`${FILE}: autoUpdate's "animationFrame = false" option read not found; see scripts/no-frame-loop.mjs.`);
      return { code: code.replace(READ, '\n$2} = options;\n$2const animationFrame = false;'), map: null };
    },
  };
}
