/**
 * A Vite plugin that shrinks the static text of Lit's `css`, `html` and `svg` tagged templates in
 * this package's sources. JS minifiers never touch template literal contents, and the styles and
 * markup are about a fifth of the script-tag bundle.
 *
 * Only the literal parts change, never `${…}` expressions:
 * - css: comments dropped, whitespace collapsed, spaces around `{ } ; , >` and after `:` removed
 *   (style files hold nothing but the stylesheet, so their source maps lose nothing);
 * - html/svg: indentation dropped, line breaks kept (HTML renders a line break and a space
 *   alike, and the component's source map stays right line by line).
 */

const TAGS = new Set(['css', 'html', 'svg']);

/** @param {string} text */
function minifyCss(text) {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/ ?([{};,>]) ?/g, '$1')
    .replace(/: /g, ':')
    .replace(/([\s:(,])0\./g, '$1.')
    .replace(/;}/g, '}');
}

/** @param {string} text */
function minifyMarkup(text) {
  return collapse(text);
}

/** Whitespace runs become their line breaks, or one space when they have none. */
function collapse(/** @type {string} */ text) {
  return text.replace(/\s+/g, (run) => run.replace(/[^\n]/g, '') || ' ');
}

/**
 * Rewrites `code`, scanning template literals and the expressions inside them (which may hold
 * nested templates, strings and braces).
 * @param {string} code
 */
export function minifyTemplates(code) {
  let out = '';
  let i = 0;

  /** Copies a quoted string starting at `i` (a ' or "). */
  const copyString = () => {
    const quote = code[i];
    let j = i + 1;
    while (j < code.length && code[j] !== quote) j += code[j] === '\\' ? 2 : 1;
    out += code.slice(i, j + 1);
    i = j + 1;
  };

  /** Copies code until an unmatched `}` (inside `${…}`) or the end; returns at that `}`. */
  const copyCode = (inExpression) => {
    let depth = 0;
    while (i < code.length) {
      const c = code[i];
      if (c === "'" || c === '"') copyString();
      else if (c === '`') copyTemplate(tagBefore());
      else if (c === '/' && code[i + 1] === '/') {
        const end = code.indexOf('\n', i);
        const stop = end === -1 ? code.length : end;
        out += code.slice(i, stop);
        i = stop;
      } else if (c === '/' && code[i + 1] === '*') {
        const end = code.indexOf('*/', i + 2);
        const stop = end === -1 ? code.length : end + 2;
        out += code.slice(i, stop);
        i = stop;
      } else if (c === '{') {
        depth++;
        out += c;
        i++;
      } else if (c === '}') {
        if (depth === 0 && inExpression) return;
        depth--;
        out += c;
        i++;
      } else {
        out += c;
        i++;
      }
    }
  };

  const tagBefore = () => /([A-Za-z_$][\w$]*)\s*$/.exec(out)?.[1] ?? '';

  /** Copies a template literal starting at the backtick at `i`, minifying its text for `tag`. */
  const copyTemplate = (tag) => {
    const minify = TAGS.has(tag) ? (tag === 'css' ? minifyCss : minifyMarkup) : (text) => text;
    out += '`';
    i++;
    let text = '';
    while (i < code.length) {
      const c = code[i];
      if (c === '\\') {
        text += code.slice(i, i + 2);
        i += 2;
      } else if (c === '`') {
        out += minify(text) + '`';
        i++;
        return;
      } else if (c === '$' && code[i + 1] === '{') {
        out += minify(text) + '${';
        text = '';
        i += 2;
        copyCode(true);
        out += '}';
        i++;
      } else {
        text += c;
        i++;
      }
    }
    out += text;
  };

  copyCode(false);
  return out;
}

/** @returns {import('vite').Plugin} */
export function minifyTemplatesPlugin() {
  return {
    name: 'inlay-minify-templates',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/packages\/widgets\/src\/.*\.ts$/.test(id) || !/\b(css|html|svg)`/.test(code)) return null;
      return { code: minifyTemplates(code), map: null };
    },
  };
}
