import { type CSSResultArray, LitElement, type PropertyDeclarations } from 'lit';
import { type InlayErrorDetail, InlayErrorEvent, toError } from '../events.js';
import { baseStyles } from './base.styles.js';
import { type LoadedLocale, loadLocale, type LocaleLoader } from './locale.js';

/**
 * What every Inlay component shares (docs/widgets.md, Styling): the theme's custom properties and
 * base styles, and one way to report failures without throwing into the host page.
 *
 * Components extend it; pages use the components. Not an internal: the published types of
 * the components name it as their base class (docs/releasing.md).
 */
export class InlayElement extends LitElement {
  static override styles: CSSResultArray = [baseStyles];

  // Inherited by each component's own `properties` (Lit merges a superclass's declarations).
  static override properties: PropertyDeclarations = {
    theme: { reflect: true },
    locale: {},
    _locale: { state: true },
  };

  /** Imports the component's translations (its `locales.ts`). @internal */
  static locales: LocaleLoader = () => undefined;

  /**
   * `light` or `dark` forces a colour scheme; unset, the widget follows the visitor's
   * `prefers-color-scheme` (docs/widgets.md, Theming). Attribute `theme`.
   */
  theme?: 'light' | 'dark';
  /**
   * The language to show (a BCP 47 tag: `de`, `pt-BR`); unset, the nearest `lang` attribute
   * (the element's own, an ancestor's, the page's), else English. Attribute `locale`.
   */
  locale?: string;

  /** The loaded translation, under the component's `strings` overrides. */
  protected _locale: LoadedLocale = { tag: 'en', strings: {} };
  #wanted = '';

  constructor() {
    super();
    // Before every render (the first included). A controller, so components need not call
    // super from their own lifecycle methods.
    this.addController({ hostUpdate: () => this.#pickLocale() });
  }

  // base/locale.ts's localeWatcher and events.ts's errorEvent do the same for the flow elements
  // (checklist/flow-element.ts); written out here, as they measured 11 to 16 B more in the
  // board's and the importer's bundles, and the importer's budget has 3 B left (docs/decisions.md).
  #pickLocale(): void {
    const tag = this.locale || this.closest('[lang]')?.getAttribute('lang') || document.documentElement.lang || 'en';
    if (tag === this.#wanted) return;
    this.#wanted = tag;
    loadLocale((this.constructor as typeof InlayElement).locales, tag).then(
      (loaded) => {
        if (this.#wanted === tag) this._locale = loaded;
      },
      // The widget stays in the language it shows (English at first).
      (error: unknown) => this.reportError(error),
    );
  }

  /** Dispatches `event` from this element; events are built `bubbles + composed` (events.ts). */
  protected emit(event: Event): void {
    this.dispatchEvent(event);
  }

  /**
   * Reports a failure as `inlay-error`. Hosts log or show it; the component renders its own
   * error state or rollback. Non-`Error` rejections (a BYO store may reject with anything) are
   * wrapped so `detail.error` is always an `Error`.
   */
  protected reportError(error: unknown, operation?: InlayErrorDetail['operation']): Error {
    const wrapped = toError(error);
    this.emit(new InlayErrorEvent(operation === undefined ? { error: wrapped } : { error: wrapped, operation }));
    return wrapped;
  }
}
