import { aTimeout, expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { $, announced, cell, columnOf, continueToReview, gridText, mountImporter, part, parts, pasteRows, waitFor } from '../testing/importer-helpers.js';
import type { InlayImporter } from './importer.js';

/*
 * The review step's spreadsheet editing in Chromium, against the real test server: selection with
 * Shift, the shortcuts (undo, redo, copy, paste, fill-down, removing rows), the column menu, the
 * CSV of rows with problems, and the value-mapping step of enum columns.
 */

const ROWS = 'Customer ID,Email,Name\n1,a@example.com,Ann\n2,b@example.com,Bob\n3,c@example.com,Cy\n4,d@example.com,Dee\n';

const settle = async (el: InlayImporter) => {
  await aTimeout(50);
  await el.updateComplete;
  await waitUntil(() => !el.shadowRoot?.querySelector('.body .row.pending'), 'rows kept loading');
  await el.updateComplete;
};

/** Presses `key` with modifiers held (the Chrome launcher's sendKeys takes no combinations). */
async function chord(modifiers: string[], key: string): Promise<void> {
  for (const modifier of modifiers) await sendKeys({ down: modifier });
  await sendKeys({ press: key });
  for (const modifier of [...modifiers].reverse()) await sendKeys({ up: modifier });
}

const column = (el: InlayImporter, col: number) => gridText(el).map((row) => row[col]);
const selected = (el: InlayImporter) => [...(el.shadowRoot?.querySelectorAll('.cell.selected') ?? [])].map((node) => `${(node as HTMLElement).dataset['pos']}:${(node as HTMLElement).dataset['col']}`);

async function review(text = ROWS): Promise<InlayImporter> {
  const el = await mountImporter();
  await pasteRows(el, text);
  await continueToReview(el);
  await settle(el);
  cell(el, 0, 0).click();
  await el.updateComplete;
  return el;
}

describe('<inlay-importer> review editing', () => {
  it('selects with Shift+arrows, fills down with Ctrl+D, and undoes and redoes with Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y', async () => {
    const el = await review();
    expect(part(el, 'grid')?.getAttribute('aria-multiselectable')).to.equal('true');
    await chord(['Shift'], 'ArrowDown');
    await chord(['Shift'], 'ArrowDown');
    await el.updateComplete;
    expect(selected(el)).to.deep.equal(['0:0', '1:0', '2:0']);
    expect(cell(el, 1, 0).getAttribute('aria-selected')).to.equal('true');
    expect(cell(el, 3, 0).getAttribute('aria-selected')).to.equal('false');
    expect(announced(el)).to.equal('3 cells in 3 rows selected.');

    await chord(['Control'], 'd');
    await waitUntil(() => column(el, 0).join() === '1,1,1,4', 'Ctrl+D did not fill down');
    // Customer ID is unique: the copies are repeats.
    expect(cell(el, 1, 0).getAttribute('aria-invalid')).to.equal('true');
    expect(part<HTMLButtonElement>(el, 'undo-button')?.textContent?.trim()).to.equal('Undo fill down');

    await chord(['Control'], 'z');
    await waitUntil(() => column(el, 0).join() === '1,2,3,4', 'Ctrl+Z did not undo');
    expect(cell(el, 1, 0).getAttribute('aria-invalid')).to.equal(null);
    expect(announced(el)).to.equal('Undone: 2 changes. 0 problems left.');
    await chord(['Control', 'Shift'], 'z');
    await waitUntil(() => column(el, 0).join() === '1,1,1,4', 'Ctrl+Shift+Z did not redo');
    await chord(['Control'], 'z');
    await waitUntil(() => column(el, 0).join() === '1,2,3,4', 'Ctrl+Z did not undo again');
    await chord(['Control'], 'y');
    await waitUntil(() => column(el, 0).join() === '1,1,1,4', 'Ctrl+Y did not redo');
    part<HTMLButtonElement>(el, 'undo-button')?.click();
    await waitUntil(() => column(el, 0).join() === '1,2,3,4', 'the Undo button did not undo');

    // An arrow without Shift collapses the block.
    await sendKeys({ press: 'ArrowRight' });
    await el.updateComplete;
    expect(selected(el)).to.deep.equal([]);
  });

  it('pastes a block copied from a spreadsheet at the selection, and copies a selection as tab-separated text', async () => {
    const el = await review();
    cell(el, 1, 1).click();
    await el.updateComplete;
    const transfer = new DataTransfer();
    transfer.setData('text/plain', 'x@example.com\tXena\ny@example\tYves\n');
    cell(el, 1, 1).dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, composed: true, cancelable: true }));
    await waitUntil(() => gridText(el)[2]?.[2] === 'Yves', 'the paste was not applied');
    await settle(el);
    expect(gridText(el).map((row) => row.slice(0, 3))).to.deep.equal([
      ['1', 'a@example.com', 'Ann'],
      ['2', 'x@example.com', 'Xena'],
      ['3', 'y@example', 'Yves'],
      ['4', 'd@example.com', 'Dee'],
    ]);
    expect(cell(el, 2, 1).getAttribute('aria-invalid')).to.equal('true');
    expect(part(el, 'undo-button')?.textContent?.trim()).to.equal('Undo paste');

    let copied: string | undefined;
    const onCopy = (event: ClipboardEvent) => (copied = event.clipboardData?.getData('text/plain'));
    window.addEventListener('copy', onCopy);
    try {
      await chord(['Shift'], 'ArrowDown');
      await chord(['Shift'], 'ArrowRight');
      await chord(['Control'], 'c');
      await waitUntil(() => copied !== undefined, 'Ctrl+C copied nothing');
    } finally {
      window.removeEventListener('copy', onCopy);
    }
    expect(copied).to.equal('x@example.com\tXena\ny@example\tYves');
    expect(announced(el)).to.equal('4 cells copied.');
  });

  it('removes the selected rows with Ctrl+Delete and brings them back with Undo', async () => {
    const el = await review();
    cell(el, 1, 0).click();
    await el.updateComplete;
    await chord(['Shift'], 'ArrowDown');
    expect(part(el, 'remove-rows-button')?.textContent?.trim()).to.equal('Remove 2 rows');
    await chord(['Control'], 'Delete');
    await waitUntil(() => column(el, 0).join() === '1,4', 'Ctrl+Delete did not remove the rows');
    expect(announced(el)).to.equal('2 rows removed.');
    part<HTMLButtonElement>(el, 'undo-button')?.click();
    await waitUntil(() => column(el, 0).join() === '1,2,3,4', 'Undo did not bring the rows back');
    expect(part<HTMLButtonElement>(el, 'redo-button')?.disabled).to.equal(false);
  });

  it('sorts and filters by a column from its menu (Alt+Down), without changing what is imported, and downloads the rows with problems', async () => {
    const el = await review('Customer ID,Email,Name,Age\n1,a@example.com,Ann,30\n2,=b@example,Bob,5\n3,c@example.com,Cy,41\n4,d@example,Dee,x\n');
    cell(el, 0, 3).click();
    await el.updateComplete;
    await chord(['Alt'], 'ArrowDown');
    await waitFor(el, '#column-menu');
    expect(el.shadowRoot?.activeElement?.closest('#column-menu')).to.not.equal(null);
    expect(part(el, 'column-menu')?.getAttribute('aria-label')).to.equal('Sort and filter Age');
    await expect(el).to.be.accessible();

    part<HTMLButtonElement>(el, 'sort-desc-button')?.click();
    await waitUntil(() => column(el, 0).join() === '3,1,2,4', 'not sorted descending');
    expect(el.shadowRoot?.querySelectorAll('[role="columnheader"]')[4]?.getAttribute('aria-sort')).to.equal('descending');
    expect(part(el, 'sort-desc-button')?.getAttribute('aria-pressed')).to.equal('true');
    expect($(el, '.query').textContent).to.equal('Sorted by Age, descending');

    const contains = part<HTMLInputElement>(el, 'contains-input') as HTMLInputElement;
    contains.value = '4';
    part<HTMLButtonElement>(el, 'filter-button')?.click();
    await waitUntil(() => column(el, 0).join() === '3', 'not filtered by text');
    part<HTMLButtonElement>(el, 'clear-filter-button')?.click();
    await waitUntil(() => column(el, 0).join() === '1,2,3,4', 'the sort and filter were not cleared');
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect(part(el, 'column-menu')).to.equal(null);

    let href = '';
    let name = '';
    el.shadowRoot?.addEventListener('click', (event) => {
      const link = event.target as HTMLAnchorElement;
      if (link.tagName === 'A') {
        href = link.href;
        name = link.download;
        event.preventDefault();
      }
    });
    part<HTMLButtonElement>(el, 'download-problems-button')?.click();
    await waitUntil(() => href !== '', 'nothing was downloaded');
    expect(name).to.equal('rows-with-problems.csv');
    const csv = await (await fetch(href)).text();
    const lines = csv.split('\r\n');
    expect(lines[0]).to.equal('Customer ID,Email,Name,Age,Signed up,Newsletter,Plan,Website,Balance,Problems');
    expect(lines[1]).to.match(/^2,'=b@example,Bob,5,,,,,,Email: /);
    expect(lines[2]).to.match(/^4,d@example,Dee,x,,,,,,"?Email: .*; Age: /);
    expect(lines).to.have.length(4);
  });

  it('matches the values of an enum column to its options before the review, with suggestions, applied in one undoable step', async () => {
    const el = await mountImporter();
    await pasteRows(el, 'Customer ID,Email,Name,Plan\n1,a@example.com,Ann,pro\n2,b@example.com,Bob,TEAM\n3,c@example.com,Cy,Gold\n4,d@example.com,Dee,pro\n5,e@example.com,Eve,Free\n');
    $<HTMLButtonElement>(el, '.step.setup [part~="primary"]').click();
    await waitFor(el, '.step.mapping');
    $<HTMLButtonElement>(el, '.step.mapping [part~="primary"]').click();
    await waitFor(el, '.step.values');
    await el.updateComplete;
    // Focus moves to the step's heading, as it does for every step.
    const focused = el.shadowRoot?.activeElement;
    expect(focused?.matches('h3[data-step-heading]')).to.equal(true);
    expect(focused?.textContent).to.equal('Match values to options');
    const selects = parts<HTMLSelectElement>(el, 'value-select');
    expect(selects.map((select) => select.getAttribute('aria-label'))).to.deep.equal(['Option for “pro” in Plan', 'Option for “Gold” in Plan', 'Option for “TEAM” in Plan']);
    expect(selects.map((select) => select.selectedOptions[0]?.textContent)).to.deep.equal(['Pro', 'Leave as is', 'Team']);
    expect([...el.shadowRoot!.querySelectorAll('.value-column td.value-count')].map((node) => node.textContent)).to.deep.equal(['2', '1', '1']);
    await expect(el).to.be.accessible();

    // Keyboard: focus Gold's choice and pick the last option.
    (selects[1] as HTMLSelectElement).focus();
    (selects[1] as HTMLSelectElement).selectedIndex = 3;
    selects[1]?.dispatchEvent(new Event('change'));
    await el.updateComplete;
    part<HTMLButtonElement>(el, 'apply-values-button')?.click();
    await waitFor(el, '.step.review');
    await settle(el);
    expect(column(el, columnOf(el, 'Plan'))).to.deep.equal(['Pro', 'Team', 'Team', 'Pro', 'Free']);
    expect(part(el, 'toolbar')?.textContent).to.contain('no problems');
    expect(part(el, 'undo-button')?.textContent?.trim()).to.equal('Undo value matching');
    part<HTMLButtonElement>(el, 'undo-button')?.click();
    await waitUntil(() => column(el, columnOf(el, 'Plan')).join() === 'pro,TEAM,Gold,pro,Free', 'the value matching was not undone');
  });

  it('lets the value-mapping step be skipped, leaving the values to the review', async () => {
    const el = await mountImporter();
    await pasteRows(el, 'Customer ID,Email,Name,Plan\n1,a@example.com,Ann,pro\n');
    $<HTMLButtonElement>(el, '.step.setup [part~="primary"]').click();
    await waitFor(el, '.step.mapping');
    $<HTMLButtonElement>(el, '.step.mapping [part~="primary"]').click();
    await waitFor(el, '.step.values');
    part<HTMLButtonElement>(el, 'skip-values-button')?.click();
    await waitFor(el, '.step.review');
    await settle(el);
    expect(column(el, columnOf(el, 'Plan'))).to.deep.equal(['pro']);
    expect(cell(el, 0, columnOf(el, 'Plan')).getAttribute('aria-invalid')).to.equal('true');
    expect(part<HTMLButtonElement>(el, 'undo-button')?.disabled).to.equal(true);
    await expect(el).to.be.accessible();
  });
});
