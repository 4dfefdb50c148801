/**
 * `@inlay/widgets/svelte`: the elements in Svelte 5 markup, for svelte-check. Types only: add
 * `import type {} from '@inlay/widgets/svelte';` once (or `"types": ["@inlay/widgets/svelte"]` in
 * tsconfig.json). Svelte sets known properties on custom elements and listens to
 * `on<event-name>` attributes: `<inlay-checklist flowId="…" oninlay-item-complete={…} />`.
 */
import type { HTMLAttributes } from 'svelte/elements';
import type { InlayElements } from './element-types.js';

export type * from './element-types.js';

/** A tag's attributes in markup: the HTML ones, its own props, and `on<event>` listeners. */
export type InlaySvelteProps<Tag extends keyof InlayElements> = HTMLAttributes<InlayElements[Tag]['element']> &
  InlayElements[Tag]['props'] & {
    [Event in keyof InlayElements[Tag]['events'] as `on${Event & string}`]?: (event: InlayElements[Tag]['events'][Event]) => void;
  };

declare module 'svelte/elements' {
  interface SvelteHTMLElements {
    'inlay-checklist': InlaySvelteProps<'inlay-checklist'>;
    'inlay-tour': InlaySvelteProps<'inlay-tour'>;
    'inlay-feedback-board': InlaySvelteProps<'inlay-feedback-board'>;
    'inlay-importer': InlaySvelteProps<'inlay-importer'>;
  }
}
