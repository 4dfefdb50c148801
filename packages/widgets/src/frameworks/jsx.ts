/**
 * `@inlay/widgets/jsx`: the elements in React's JSX (React 18 and 19). Types only: add
 * `import type {} from '@inlay/widgets/jsx';` once (or `"types": ["@inlay/widgets/jsx"]` in
 * tsconfig.json). React 19 sets known properties on custom elements and listens to
 * `on<event-name>` props: `<inlay-checklist flowId="…" oninlay-item-complete={…} />`.
 * With React 18, prefer `@inlay/react`, which does both.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { InlayElements } from './element-types.js';

export type * from './element-types.js';

/** A tag's props in JSX: the HTML attributes, its own props, and `on<event>` listeners. */
export type InlayJsxProps<Tag extends keyof InlayElements> = DetailedHTMLProps<HTMLAttributes<InlayElements[Tag]['element']>, InlayElements[Tag]['element']> &
  InlayElements[Tag]['props'] & {
    [Event in keyof InlayElements[Tag]['events'] as `on${Event & string}`]?: (event: InlayElements[Tag]['events'][Event]) => void;
  } & {
    /** React 19 writes `class` on custom elements as it is. */
    class?: string;
  };

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- React's JSX types live in this namespace.
  namespace JSX {
    interface IntrinsicElements {
      'inlay-checklist': InlayJsxProps<'inlay-checklist'>;
      'inlay-tour': InlayJsxProps<'inlay-tour'>;
      'inlay-feedback-board': InlayJsxProps<'inlay-feedback-board'>;
      'inlay-importer': InlayJsxProps<'inlay-importer'>;
    }
  }
}
