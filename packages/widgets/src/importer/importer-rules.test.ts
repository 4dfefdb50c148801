import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { InlayImportCompleteEvent } from '../events.js';
import { cell, chooseFile, continueToReview, gridText, importerEnv, mountImporter, part } from '../testing/importer-helpers.js';
import type { InlayImporter } from './importer.js';

const tipOf = (el: InlayImporter, pos: number, col: number) => cell(el, pos, col).querySelector('.tip')?.textContent ?? '';

beforeEach(() => localStorage.clear());

describe('<inlay-importer> validation rules and row hooks', () => {
  it('shows rule errors and hook messages per cell, re-runs validateRow after an edit, and neutralises formulas on import', async () => {
    // `rules` is published by test/importers.mjs.
    const el = await mountImporter({ importerId: ((await importerEnv()).importers as Record<string, string>).rules as string });
    const batches: number[][] = [];
    el.transformRow = (rows) => rows.map((row) => ({ row: row.row, values: { note: String(row.values.note ?? '').toUpperCase() } }));
    el.validateRow = async (rows) => {
      batches.push(rows.map((row) => row.row));
      await new Promise((resolve) => setTimeout(resolve, 5));
      return rows.filter((row) => row.values.note === 'BLOCKED').map((row) => ({ row: row.row, field: 'note', message: 'Blocked by the host' }));
    };
    await chooseFile(el, new File(['SKU,Quantity,Note\nABC-1234,5,"=HYPERLINK(""x"")"\nabc-1,0,fine\nQRS-0002,3,blocked\n'], 'orders.csv', { type: 'text/csv' }));
    await continueToReview(el);
    await waitUntil(() => gridText(el).length === 3, 'the rows were not shown');
    expect(gridText(el)).to.deep.equal([
      ['ABC-1234', '5', '=HYPERLINK("X")'],
      ['abc-1', '0', 'FINE'],
      ['QRS-0002', '3', 'BLOCKED'],
    ]);
    expect(batches).to.deep.equal([[0, 1, 2]]);
    expect(tipOf(el, 1, 0)).to.equal('Use a SKU such as ABC-1234');
    expect(tipOf(el, 1, 1)).to.equal('Quantity must be at least 1');
    expect(tipOf(el, 2, 2)).to.equal('Blocked by the host');
    expect(part(el, 'toolbar')?.textContent).to.contain('3 problems');
    // The formula is flagged in review, with what will happen to it.
    await waitUntil(() => part(el, 'formulas') !== null, 'the formula was not flagged');
    expect(part(el, 'formulas')?.textContent).to.contain('1 cell in Note starts like a spreadsheet formula');
    expect(part(el, 'formulas')?.textContent).to.contain('with a \' in front');

    // Editing the refused note runs validateRow again for that row only, and its message goes.
    cell(el, 2, 2).click();
    await el.updateComplete;
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    const input = part<HTMLInputElement>(el, 'cell-input') as HTMLInputElement;
    input.select();
    await sendKeys({ type: 'ok' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => tipOf(el, 2, 2) === '' && gridText(el)[2]?.[2] === 'ok', 'the hook message stayed');
    expect(batches.at(-1)).to.deep.equal([2]);
    await waitUntil(() => part(el, 'toolbar')?.textContent?.includes('2 problems'), 'the count did not drop');
    await expect(el).to.be.accessible();

    const completed = oneEvent(el, 'inlay-import-complete') as Promise<InlayImportCompleteEvent>;
    part<HTMLButtonElement>(el, 'import-button')?.click();
    const { detail } = await completed;
    // The row with problems is left out; the formula goes out as text, behind a quote.
    expect(detail.rows).to.deep.equal([
      { sku: 'ABC-1234', qty: 5, note: '\'=HYPERLINK("X")' },
      { sku: 'QRS-0002', qty: 3, note: 'ok' },
    ]);
  });
});

describe('<inlay-importer> problems in the widget’s language', () => {
  it('words built-in problems in its language and the page’s `strings`, and the page’s own messages as given', async () => {
    const el = await mountImporter({ importerId: ((await importerEnv()).importers as Record<string, string>).rules as string });
    el.locale = 'de';
    await waitUntil(() => el.shadowRoot?.textContent?.includes('Datei auswählen'), 'not German');
    el.validateRow = (rows) => rows.filter((row) => row.values.note === 'blocked').map((row) => ({ row: row.row, field: 'note', message: 'Blocked by the host' }));
    await chooseFile(el, new File(['SKU,Quantity,Note\nabc-1,0,blocked\n,100,a note far longer than twenty\n'], 'orders.csv', { type: 'text/csv' }));
    await continueToReview(el);
    await waitUntil(() => tipOf(el, 0, 2) !== '', 'the hook message was not shown');
    expect([0, 1].map((pos) => [0, 1, 2].map((col) => tipOf(el, pos, col)))).to.deep.equal([
      ['Use a SKU such as ABC-1234', 'Quantity muss mindestens 1 sein', 'Blocked by the host'],
      ['SKU ist erforderlich', 'Quantity darf höchstens 99 sein', 'Note darf höchstens 20 Zeichen lang sein'],
    ]);
    // The selected cell's problem, beside the grid.
    cell(el, 1, 1).click();
    await el.updateComplete;
    expect(part(el, 'inspector')?.querySelector('.problem')?.textContent).to.equal('Quantity darf höchstens 99 sein');

    el.strings = { problemAboveMax: (field, max) => `${field}: höchstens ${max}` };
    await el.updateComplete;
    expect(tipOf(el, 1, 1)).to.equal('Quantity: höchstens 99');
    expect(part(el, 'inspector')?.querySelector('.problem')?.textContent).to.equal('Quantity: höchstens 99');
    expect(tipOf(el, 1, 0)).to.equal('SKU ist erforderlich');

    // The downloaded rows with problems word them as the review does.
    let href = '';
    el.shadowRoot?.addEventListener('click', (event) => {
      const link = event.target as HTMLAnchorElement;
      if (link.tagName !== 'A') return;
      href = link.href;
      event.preventDefault();
    });
    part<HTMLButtonElement>(el, 'download-problems-button')?.click();
    await waitUntil(() => href !== '', 'nothing was downloaded');
    const lines = (await (await fetch(href)).text()).replace(/^\ufeff/, '').split('\r\n');
    expect(lines[0]).to.equal('SKU,Quantity,Note,Probleme');
    expect(lines[1]).to.equal('abc-1,0,blocked,SKU: Use a SKU such as ABC-1234; Quantity: Quantity muss mindestens 1 sein; Note: Blocked by the host');
    expect(lines[2]).to.equal(',100,a note far longer than twenty,SKU: SKU ist erforderlich; Quantity: Quantity: höchstens 99; Note: Note darf höchstens 20 Zeichen lang sein');
  });
});
