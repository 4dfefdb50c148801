// The flow elements' reactive base (base/lite-element.ts): what `<inlay-checklist>` and
// `<inlay-tour>` rely on of it, on elements of its own so each behaviour is seen alone.
import { expect } from '@open-wc/testing';
import { html, render } from 'lit/html.js';
import { css } from './css.js';
import { type ChangedProperties, LiteElement, type LiteProperties } from './lite-element.js';

class Probe extends LiteElement {
  static override properties: LiteProperties = {
    flowId: { attribute: 'flow-id' },
    theme: { reflect: true },
    hidden2: { attribute: false },
    _count: { state: true },
  };
  static override styles = [css`:host { display: block; } p { margin: 7px; }`];

  flowId = '';
  theme?: string;
  hidden2 = 0;
  _count = 0;
  renders = 0;
  changes: string[][] = [];

  protected override willUpdate(changed: ChangedProperties): void {
    this.changes.push([...changed.keys()].map(String));
  }

  protected override draw(): void {
    this.renders++;
    render(html`<p>${this.flowId}:${this._count}</p>`, this.renderRoot, { host: this });
  }
}
customElements.define('lite-probe', Probe);

class Child extends Probe {
  static override properties: LiteProperties = { label: {} };
  label = 'child';
}
customElements.define('lite-probe-child', Child);

const text = (element: LiteElement) => element.renderRoot.querySelector('p')?.textContent;

describe('LiteElement (base/lite-element.ts)', () => {
  afterEach(() => {
    for (const element of document.querySelectorAll('lite-probe, lite-probe-child, lite-late')) element.remove();
  });

  it('renders once for several changes, with what changed, and updateComplete waits for it', async () => {
    const element = document.createElement('lite-probe') as Probe;
    document.body.append(element);
    await element.updateComplete;
    expect(text(element)).to.equal(':0');
    const renders = element.renders;
    element.flowId = 'flow_1';
    element._count = 2;
    element._count = 3;
    expect(text(element)).to.equal(':0');
    await element.updateComplete;
    expect(element.renders).to.equal(renders + 1);
    expect(text(element)).to.equal('flow_1:3');
    expect(element.changes.at(-1)).to.deep.equal(['flowId', '_count']);
    // The same value is no change.
    element.flowId = 'flow_1';
    await element.updateComplete;
    expect(element.renders).to.equal(renders + 1);
  });

  it('maps attributes to properties (named, lowercased, none for state or attribute: false) and reflects theme', async () => {
    const element = document.createElement('lite-probe') as Probe;
    element.setAttribute('flow-id', 'flow_a');
    document.body.append(element);
    await element.updateComplete;
    expect(element.flowId).to.equal('flow_a');
    expect(Probe.observedAttributes).to.deep.equal(['flow-id', 'theme']);
    element.theme = 'dark';
    await element.updateComplete;
    expect(element.getAttribute('theme')).to.equal('dark');
    element.removeAttribute('flow-id');
    await element.updateComplete;
    expect(element.flowId).to.equal(null);
  });

  it("inherits the base's declarations and adopts its styles", async () => {
    const element = document.createElement('lite-probe-child') as Child;
    element.setAttribute('label', 'from attribute');
    element.setAttribute('flow-id', 'flow_b');
    document.body.append(element);
    await element.updateComplete;
    expect(Child.observedAttributes).to.have.members(['flow-id', 'theme', 'label']);
    expect([element.label, element.flowId]).to.deep.equal(['from attribute', 'flow_b']);
    const p = element.renderRoot.querySelector('p') as HTMLElement;
    expect(getComputedStyle(p).marginTop).to.equal('7px');
  });

  it('keeps a property set before the class was defined', async () => {
    const element = document.createElement('lite-late') as HTMLElement & { flowId?: string };
    element.flowId = 'set early';
    document.body.append(element);
    customElements.define('lite-late', class extends Probe {});
    const upgraded = element as unknown as Probe;
    await upgraded.updateComplete;
    expect(upgraded.flowId).to.equal('set early');
    expect(text(upgraded)).to.equal('set early:0');
  });

  it('tells controllers of connection, updates and disconnection; one added while connected hears it at once', async () => {
    const element = document.createElement('lite-probe') as Probe;
    const heard: string[] = [];
    const controller = (name: string) => ({
      hostConnected: () => heard.push(`${name}:connected`),
      hostUpdate: () => heard.push(`${name}:update`),
      hostUpdated: () => heard.push(`${name}:updated`),
      hostDisconnected: () => heard.push(`${name}:disconnected`),
    });
    element.addController(controller('a'));
    document.body.append(element);
    await element.updateComplete;
    element.addController(controller('b'));
    element.remove();
    expect(heard).to.deep.equal(['a:connected', 'a:update', 'a:updated', 'b:connected', 'a:disconnected', 'b:disconnected']);
  });

  it('does not render before it is connected', async () => {
    const element = document.createElement('lite-probe') as Probe;
    element.flowId = 'waiting';
    await Promise.resolve();
    await Promise.resolve();
    expect(element.renders).to.equal(0);
    document.body.append(element);
    await element.updateComplete;
    expect(element.renders).to.equal(1);
  });
});
