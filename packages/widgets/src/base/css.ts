import { type CSSResult, unsafeCSS } from '@lit/reactive-element/css-tag.js';

export type { CSSResult };

/**
 * A `css` tag for stylesheets without `${…}`, which is every stylesheet here: it makes the same
 * adoptable `CSSResult` as Lit's `css`, but without bundling Lit's tag and its check of
 * interpolated values (about 150 bytes of the checklist's min+gzip budget). A template with a
 * `${…}` does not type-check. Named `css` so scripts/minify-templates.mjs and editors treat its
 * templates as CSS.
 *
 * @example
 * ```ts
 * export const styles = css`:host { display: block; }`;
 * ```
 * @internal
 */
export const css = (strings: TemplateStringsArray): CSSResult => unsafeCSS(strings[0]);
