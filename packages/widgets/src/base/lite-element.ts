import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { adoptStyles, type CSSResult } from '@lit/reactive-element/css-tag.js';

/**
 * The reactive base of `<inlay-checklist>` and `<inlay-tour>` (docs/decisions.md, "Widget bundle
 * budgets (measured)"): the part of Lit's `ReactiveElement` they use — declared properties and
 * attributes, reactive controllers, `willUpdate`/`draw`/`updated` batched in a microtask,
 * `updateComplete` — with no renderer of its own: a subclass draws its shadow root in `draw`, the
 * checklist with lit-html's `render` (as `LitElement` does), the tour by hand (tour/dom.ts), which
 * keeps lit-html out of the tour's bundle. About 1.6 KB min+gzip less than `LitElement` in each
 * script-tag bundle. The feedback board and the importer stay on `LitElement`
 * (base/inlay-element.ts).
 *
 * Differences from `LitElement` a subclass may meet: attributes are strings (no `type`
 * converters), `styles` is a flat array of base/css.ts's sheets (adopted as Lit adopts them), no
 * `render` unless the subclass draws with one, and there is no `firstUpdated`, `shouldUpdate` or
 * `createRenderRoot`.
 */

/** A declared property: its attribute (the lowercased name unless given; none with `false` or `state`) and whether it is reflected. */
export interface LiteProperty {
  attribute?: string | false;
  state?: boolean;
  reflect?: boolean;
}

export type LiteProperties = Readonly<Record<string, LiteProperty>>;

/** The properties changed since the last render, with their previous values. */
export type ChangedProperties = ReadonlyMap<PropertyKey, unknown>;

type Fields = Record<string, unknown>;
type LiteClass = typeof LiteElement;

/** Each class's properties with their own and inherited declarations: name → [attribute or '', declaration]. */
const declared = new WeakMap<LiteClass, Map<string, [string, LiteProperty]>>();

// Node (server rendering, a test importing the package) has no HTMLElement: the class is then
// defined over an empty one and never constructed.
const Base = (typeof HTMLElement === 'undefined' ? Object : HTMLElement) as typeof HTMLElement;

export abstract class LiteElement extends Base implements ReactiveControllerHost {
  static properties: LiteProperties = {};
  /** Stylesheets (base/css.ts), adopted into the shadow root in order. */
  static styles: readonly CSSResult[] = [];

  static get observedAttributes(): string[] {
    return [...LiteElement.#declarations(this).values()].flatMap(([attribute]) => (attribute ? [attribute] : []));
  }

  /** Collects a class's declarations once, and gives each declared property its accessors. */
  static #declarations(type: LiteClass): Map<string, [string, LiteProperty]> {
    let map = declared.get(type);
    if (map) return map;
    map = new Map(type === LiteElement ? [] : LiteElement.#declarations(Object.getPrototypeOf(type) as LiteClass));
    for (const [name, property] of Object.hasOwn(type, 'properties') ? Object.entries(type.properties) : []) {
      map.set(name, [property.state || property.attribute === false ? '' : (property.attribute ?? name.toLowerCase()), property]);
      Object.defineProperty(type.prototype, name, {
        configurable: true,
        get(this: LiteElement) {
          // Read on the prototype (a framework looking for properties), it is undefined.
          return #values in this ? this.#values.get(name) : undefined;
        },
        set(this: LiteElement, value: unknown) {
          const old = this.#values.get(name);
          // NaN is no change, as in Lit.
          if (old !== value && (old === old || value === value)) {
            this.#values.set(name, value);
            this.requestUpdate(name, old);
          }
        },
      });
    }
    declared.set(type, map);
    return map;
  }

  /** The open shadow root, made at the first connection. */
  renderRoot!: ShadowRoot;
  #values = new Map<string, unknown>();
  #changed = new Map<PropertyKey, unknown>();
  /** Properties set on the element before its class was defined, applied at the first update. */
  #early = new Map<string, unknown>();
  #controllers = new Set<ReactiveController>();
  #pending = false;
  #connect?: (value: boolean) => void;
  /** Updates wait for the first connection. */
  #update = new Promise<boolean>((resolve) => (this.#connect = resolve));

  constructor() {
    super();
    for (const name of LiteElement.#declarations(this.constructor as LiteClass).keys()) {
      if (Object.hasOwn(this, name)) {
        this.#early.set(name, (this as unknown as Fields)[name]);
        Reflect.deleteProperty(this, name);
      }
    }
    this.requestUpdate();
  }

  addController(controller: ReactiveController): void {
    this.#controllers.add(controller);
    if (this.renderRoot !== undefined && this.isConnected) controller.hostConnected?.();
  }

  removeController(controller: ReactiveController): void {
    this.#controllers.delete(controller);
  }

  connectedCallback(): void {
    if (!this.renderRoot) {
      this.renderRoot = this.attachShadow({ mode: 'open' });
      adoptStyles(this.renderRoot, [...(this.constructor as LiteClass).styles]);
    }
    this.#connect?.(true);
    this.#connect = undefined;
    for (const controller of this.#controllers) controller.hostConnected?.();
  }

  disconnectedCallback(): void {
    for (const controller of this.#controllers) controller.hostDisconnected?.();
  }

  attributeChangedCallback(attribute: string, _old: string | null, value: string | null): void {
    for (const [name, [declared]] of LiteElement.#declarations(this.constructor as LiteClass)) {
      if (declared === attribute) (this as unknown as Fields)[name] = value;
    }
  }

  /** Renders in a microtask (once for any number of calls); `name` and `old` record a changed property. */
  requestUpdate(name?: PropertyKey, old?: unknown): void {
    if (name !== undefined && !this.#changed.has(name)) this.#changed.set(name, old);
    if (!this.#pending) this.#update = this.#enqueue();
  }

  /** Settles after the pending render: true when no other render was requested meanwhile. */
  get updateComplete(): Promise<boolean> {
    return this.#update;
  }

  async #enqueue(): Promise<boolean> {
    this.#pending = true;
    try {
      await this.#update;
    } catch (error) {
      // A failed render is reported once, by its own promise; this one goes on.
      void Promise.reject(error);
    }
    for (const [name, value] of this.#early) (this as unknown as Fields)[name] = value;
    this.#early.clear();
    const changed = this.#changed;
    try {
      this.willUpdate(changed);
      for (const controller of this.#controllers) controller.hostUpdate?.();
      const declarations = LiteElement.#declarations(this.constructor as LiteClass);
      for (const name of changed.keys()) {
        const [attribute, property] = declarations.get(name as string) ?? [];
        const value = (this as unknown as Fields)[name as string];
        if (attribute && property?.reflect) {
          if (value == null) this.removeAttribute(attribute);
          else this.setAttribute(attribute, String(value));
        }
      }
      this.draw();
    } finally {
      this.#changed = new Map();
      this.#pending = false;
    }
    for (const controller of this.#controllers) controller.hostUpdated?.();
    this.updated(changed);
    return !this.#pending;
  }

  /** Before every render, with what changed: derive state here (it renders in the same pass). */
  protected willUpdate(_changed: ChangedProperties): void {}

  /** Draws the shadow root, after `willUpdate` and the reflection of attributes: the subclass's view. */
  protected abstract draw(): void;

  /** After every render. */
  protected updated(_changed: ChangedProperties): void {}
}
