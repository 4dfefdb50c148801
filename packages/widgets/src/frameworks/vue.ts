/**
 * `@inlay/widgets/vue`: the elements in Vue 3 templates, for vue-tsc and Volar. Types only: add
 * `import type {} from '@inlay/widgets/vue';` once (or `"types": ["@inlay/widgets/vue"]` in
 * tsconfig.json), and tell Vue's compiler they are custom elements
 * (`compilerOptions.isCustomElement: (tag) => tag.startsWith('inlay-')`). Bind properties with
 * `.prop` or `:flow-id`, listen with `@inlay-item-complete`.
 */
import type { HTMLAttributes, ReservedProps } from 'vue';
import type { InlayElements } from './element-types.js';

export type * from './element-types.js';

/** `inlay-item-complete` → `InlayItemComplete`. */
type Pascal<Name extends string> = Name extends `${infer Head}-${infer Tail}` ? `${Capitalize<Head>}${Pascal<Tail>}` : Capitalize<Name>;

/** A tag's props in a template: the HTML attributes, its own props, and `@event` listeners. */
export type InlayVueProps<Tag extends keyof InlayElements> = HTMLAttributes &
  ReservedProps &
  InlayElements[Tag]['props'] & {
    [Event in keyof InlayElements[Tag]['events'] as `on${Pascal<Event & string>}`]?: (event: InlayElements[Tag]['events'][Event]) => void;
  };

/** What Vue's tooling reads for a global component: a constructor whose instances have `$props`. */
export type InlayVueElement<Tag extends keyof InlayElements> = new () => InlayElements[Tag]['element'] & { $props: InlayVueProps<Tag> };

declare module 'vue' {
  interface GlobalComponents {
    'inlay-checklist': InlayVueElement<'inlay-checklist'>;
    'inlay-tour': InlayVueElement<'inlay-tour'>;
    'inlay-feedback-board': InlayVueElement<'inlay-feedback-board'>;
    'inlay-importer': InlayVueElement<'inlay-importer'>;
  }
}
