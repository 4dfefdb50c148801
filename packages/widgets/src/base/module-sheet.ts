/**
 * Styles of a module that a script-tag bundle loads beside itself (the board's post page and
 * views): a constructable stylesheet added to the element's shadow root when the module first
 * renders there. Adopted sheets apply under a strict `style-src`, as the element's own do
 * (docs/widgets.md, Content-Security-Policy), and the module needs no copy of Lit for them.
 * @internal
 */

/**
 * A tag for a stylesheet's text without `${…}`. Named `css` so scripts/minify-templates.mjs
 * minifies it as it does the elements' styles (base/css.ts makes Lit's `CSSResult` instead).
 * @internal
 */
export const css = (strings: TemplateStringsArray): string => strings[0] ?? '';

/** Answers a function that adds the sheet of `text` to a shadow root, once per root. @internal */
export function moduleSheet(text: string): (root: ShadowRoot) => void {
  let sheet: CSSStyleSheet | undefined;
  return (root) => {
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(text);
    }
    if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  };
}
