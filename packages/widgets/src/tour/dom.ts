/**
 * What `<inlay-tour>` draws with instead of lit-html (docs/decisions.md, "Tours and hotspots"):
 * its few nodes are made once and kept, and a render sets their attributes and texts and puts
 * the ones it shows in place, so focus, an open popover and what Floating UI follows survive it
 * as they do with lit-html. A text (a flow's titles and descriptions included) only ever goes in
 * through `textContent`: nothing is parsed as HTML.
 * @internal
 */

/** Attribute values; null, undefined and false remove the attribute. */
export type Attributes = Record<string, string | null | undefined | false>;

/** Sets (or removes) `values` as attributes of `element`; answers it. */
export function set<T extends Element>(element: T, values: Attributes): T {
  for (const [name, value] of Object.entries(values)) {
    if (value == null || value === false) element.removeAttribute(name);
    else element.setAttribute(name, value);
  }
  return element;
}

/** Sets `node`'s text when it differs (a live region announces a change, not a rewrite). */
export function text(node: Node, value: string): void {
  if (node.textContent !== value) node.textContent = value;
}

/** A new element with attributes and text. */
export function element<K extends keyof HTMLElementTagNameMap>(tag: K, values: Attributes, value = ''): HTMLElementTagNameMap[K] {
  const node = set(document.createElement(tag), values);
  text(node, value);
  return node;
}

/**
 * Makes `nodes` (falsy entries left out) the children of `parent`, in order: the others are
 * removed first, then the missing ones inserted, so a node that stays is not moved and keeps focus.
 */
export function place(parent: ParentNode, nodes: readonly (Node | false | null | undefined)[]): void {
  const wanted = nodes.filter((node): node is Node => !!node);
  for (const child of [...parent.childNodes]) if (!wanted.includes(child)) child.remove();
  wanted.forEach((node, at) => {
    if (parent.childNodes[at] !== node) parent.insertBefore(node, parent.childNodes[at] ?? null);
  });
}
