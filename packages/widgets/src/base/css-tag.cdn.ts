import type * as CssTag from '@lit/reactive-element/css-tag.js';

/**
 * The two functions of Lit's css-tag (`@lit/reactive-element/css-tag.js`) that the checklist and
 * the tour use (base/css.ts, base/lite-element.ts), as their script-tag bundles take them: each
 * stylesheet a constructable `CSSStyleSheet`, adopted into the shadow root. Left out of Lit's: the
 * `<style>` elements it writes instead where a browser cannot adopt sheets (a strict `style-src`
 * refuses those, and such browsers lack the `light-dark()` and popovers these widgets draw with)
 * and `CSSResult`'s guard against `new`. vite.config.ts puts this module in place of Lit's in
 * those two bundles only; the npm build and the other bundles keep Lit's (docs/decisions.md,
 * "Widget bundle budgets (measured)").
 * @internal
 */
export const unsafeCSS = (text: string): CssTag.CSSResult => {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(text);
  return sheet as unknown as CssTag.CSSResult;
};

export const adoptStyles: typeof CssTag.adoptStyles = (root, styles) => {
  root.adoptedStyleSheets = styles as CSSStyleSheet[];
};
