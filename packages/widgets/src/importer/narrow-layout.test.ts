import { expect } from '@open-wc/testing';
import { mountImporter, pasteRows, waitFor, $ } from '../testing/importer-helpers.js';

/** What scrolls sideways in the importer: elements wider inside than their box. */
function sideways(element: Element, selector: string): string[] {
  return [...(element.shadowRoot?.querySelectorAll(selector) ?? [])]
    .filter((node) => node.scrollWidth > node.clientWidth + 1)
    .map((node) => `${node.className}: ${node.scrollWidth} > ${node.clientWidth}`);
}

describe('<inlay-importer> at 375 px (a phone)', () => {
  it('fits the step indicator on one row, one line a step, and the mapping table without sideways scrolling', async () => {
    const el = await mountImporter();
    el.style.width = '375px';
    await pasteRows(el, 'Customer no,E-Mail,Full name,Signup date,Subscribed\n00017,anna@example.com,Anna Berg,2024-01-05,Yes\n');
    $<HTMLButtonElement>(el, '.step.setup [part~="primary"]').click();
    await waitFor(el, '.step.mapping');
    await el.updateComplete;
    expect(sideways(el, '.steps, .table-wrap, .step, .card')).to.deep.equal([]);
    const steps = [...(el.shadowRoot?.querySelectorAll('.steps li') ?? [])] as HTMLElement[];
    const tops = new Set(steps.map((step) => Math.round(step.getBoundingClientRect().top)));
    expect(tops.size, 'the steps wrap onto more rows').to.equal(1);
    for (const step of steps) {
      const style = getComputedStyle(step);
      const oneLine = parseFloat(style.lineHeight) + parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
      expect(step.getBoundingClientRect().height, `step “${step.textContent}” wraps`).to.be.below(oneLine + 1);
    }
    // Every step keeps its name for screen readers; the current one shows it.
    expect(steps.map((step) => step.textContent?.trim())).to.deep.equal(['Upload', 'Check file', 'Match columns', 'Review']);
    await expect(el).to.be.accessible();
  });
});
