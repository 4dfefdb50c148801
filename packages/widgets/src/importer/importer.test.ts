import { aTimeout, expect, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { InlayErrorEvent, InlayImportCompleteEvent } from '../events.js';
import {
  $,
  announced,
  cell,
  chooseFile,
  columnOf,
  continueToReview,
  gridText,
  importerEnv,
  importSessions,
  mountImporter,
  part,
  parts,
  pasteRows,
  selectFile,
  waitFor,
} from '../testing/importer-helpers.js';
import { xlsxFile } from '../testing/xlsx.js';
import { strToU8, zipSync } from 'fflate';
import type { InlayImporter } from './importer.js';

const csvFile = (text: string, name = 'contacts.csv') => new File([text], name, { type: 'text/csv' });

/** The text and problem of the cell at view position `pos`, column `col`. */
const cellState = (el: InlayImporter, pos: number, col: number) => {
  const target = cell(el, pos, col);
  return { text: target.querySelector('.text')?.textContent ?? '', invalid: target.getAttribute('aria-invalid') === 'true', tip: target.querySelector('.tip')?.textContent ?? '' };
};

/** Clicks a button of the inspector (or anywhere in the shadow root) by its text. */
function button(el: InlayImporter, text: string | RegExp): HTMLButtonElement {
  const found = [...(el.shadowRoot?.querySelectorAll<HTMLButtonElement>('button') ?? [])].find((candidate) =>
    typeof text === 'string' ? candidate.textContent?.trim() === text : text.test(candidate.textContent ?? ''),
  );
  if (!found) throw new Error(`no button ${String(text)}`);
  return found;
}

/** Waits until the grid has re-read its rows after a change. */
const settle = async (el: InlayImporter) => {
  await aTimeout(50);
  await el.updateComplete;
  await waitUntil(() => !el.shadowRoot?.querySelector('.body .row.pending'), 'rows kept loading');
  await el.updateComplete;
};

/** Presses `key` with Control held (the Chrome launcher's sendKeys takes no combinations). */
async function withControl(key: string): Promise<void> {
  await sendKeys({ down: 'Control' });
  await sendKeys({ press: key });
  await sendKeys({ up: 'Control' });
}

beforeEach(() => localStorage.clear());

describe('<inlay-importer> with the real server', () => {
  it('reads a chosen CSV file, maps its columns, fixes a problem inline and completes the session with the rows in the event', async () => {
    const el = await mountImporter({ metadata: { team: 'qa' } });
    await chooseFile(el, csvFile('Customer ID,E-mail,Full name,Age,Notes\n00123,ann@example.com,Ann Lee,31,vip\n00124,bob@example,Bob Stone,42,\n'));
    expect(el.engineMode).to.equal('worker');
    expect($<HTMLInputElement>(el, '.header-row input').checked).to.equal(true);
    $<HTMLButtonElement>(el, '.step.setup [part~="primary"]').click();
    await waitFor(el, '.step.mapping');

    // Matched by core's matchColumns: exact label, alias, alias; "Notes" is left out.
    const selects = parts<HTMLSelectElement>(el, 'field-select');
    expect(selects.map((select) => select.value)).to.deep.equal(['customer_id', 'email', 'name', 'age', '']);
    expect(selects[1]?.getAttribute('aria-label')).to.equal('Field for column “E-mail”');
    expect(parts(el, 'confidence').map((badge) => badge.textContent)).to.deep.equal(['Exact match', '95% match', '95% match', 'Exact match']);

    $<HTMLButtonElement>(el, '.step.mapping [part~="primary"]').click();
    await waitFor(el, '.step.review');
    await settle(el);
    expect(gridText(el).map((row) => row.slice(0, 4))).to.deep.equal([
      ['00123', 'ann@example.com', 'Ann Lee', '31'],
      ['00124', 'bob@example', 'Bob Stone', '42'],
    ]);
    expect(announced(el)).to.equal('2 rows read, 1 problem found.');
    const bad = cellState(el, 1, 1);
    expect(bad.invalid).to.equal(true);
    expect(bad.tip).to.equal('Expected an email address such as name@example.com');
    expect(cell(el, 1, 1).getAttribute('part')).to.equal('cell invalid');

    // Fix it in place: select, Enter, type, Enter.
    cell(el, 1, 1).click();
    await el.updateComplete;
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    const input = part<HTMLInputElement>(el, 'cell-input');
    expect(input?.value).to.equal('bob@example');
    expect(el.shadowRoot?.activeElement).to.equal(input);
    await sendKeys({ type: '.com' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => !cellState(el, 1, 1).invalid && cellState(el, 1, 1).text === 'bob@example.com', 'the fix was not applied');
    expect(part(el, 'toolbar')?.textContent).to.contain('2 rows, no problems');

    const completed = oneEvent(el, 'inlay-import-complete') as Promise<InlayImportCompleteEvent>;
    part<HTMLButtonElement>(el, 'import-button')?.click();
    const { detail } = await completed;
    expect(detail.importerId).to.equal((await importerEnv()).importers.contacts);
    expect(detail.rowCount).to.equal(2);
    expect(detail.errorCount).to.equal(0);
    expect(detail.mapping).to.deep.equal({ customer_id: 'Customer ID', email: 'E-mail', name: 'Full name', age: 'Age' });
    // Leading zeros kept: Customer ID is a string field, and cells stay text until validated.
    expect(detail.rows).to.deep.equal([
      { customer_id: '00123', email: 'ann@example.com', name: 'Ann Lee', age: 31, signed_up: null, newsletter: null, plan: null, website: null, balance: null },
      { customer_id: '00124', email: 'bob@example.com', name: 'Bob Stone', age: 42, signed_up: null, newsletter: null, plan: null, website: null, balance: null },
    ]);
    await waitFor(el, '[part~="done"]');
    expect(part(el, 'done')?.textContent).to.contain('2 rows were imported.');

    const session = (await importSessions()).find((entry) => entry.id === detail.sessionId);
    expect(session).to.include({ status: 'completed', rowCount: 2, errorCount: 0 });
  });

  it('remembers a confirmed mapping per importer and offers it first for the same headers', async () => {
    const file = 'Kundennummer,Mail address,Name\n1,a@example.com,Ann\n';
    const el = await mountImporter();
    await chooseFile(el, csvFile(file));
    $<HTMLButtonElement>(el, '.step.setup [part~="primary"]').click();
    await waitFor(el, '.step.mapping');
    const selects = parts<HTMLSelectElement>(el, 'field-select');
    expect(selects.map((select) => select.value)).to.deep.equal(['', '', 'name']);
    expect(part(el, 'missing')?.textContent).to.equal('Choose a column for “Email” (required).');
    expect($<HTMLButtonElement>(el, '.step.mapping [part~="primary"]').disabled).to.equal(true);
    for (const [i, value] of [[0, 'customer_id'], [1, 'email']] as const) {
      const select = selects[i] as HTMLSelectElement;
      select.value = value;
      select.dispatchEvent(new Event('change'));
    }
    await el.updateComplete;
    expect(part(el, 'missing')).to.equal(null);
    $<HTMLButtonElement>(el, '.step.mapping [part~="primary"]').click();
    await waitFor(el, '.step.review');

    const again = await mountImporter();
    await chooseFile(again, csvFile(file));
    $<HTMLButtonElement>(again, '.step.setup [part~="primary"]').click();
    await waitFor(again, '.step.mapping');
    expect(parts<HTMLSelectElement>(again, 'field-select').map((select) => select.value)).to.deep.equal(['customer_id', 'email', 'name']);
    expect(parts(again, 'confidence').map((badge) => badge.textContent)).to.deep.equal(['Remembered', 'Remembered', 'Remembered']);
    expect(part(again, 'notice')?.textContent).to.equal('Columns are matched as you confirmed them last time.');
  });

  it('moves through the grid with the keyboard (ARIA grid), edits with Enter and cancels with Escape', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => `${String(i).padStart(5, '0')},user${i}@example.com,User ${i}`).join('\n');
    const el = await mountImporter();
    await pasteRows(el, `Customer ID,Email,Name\n${rows}\n`);
    await continueToReview(el);
    const grid = part(el, 'grid') as HTMLElement;
    expect(grid.getAttribute('role')).to.equal('grid');
    expect(grid.getAttribute('aria-rowcount')).to.equal('301');
    expect(grid.getAttribute('aria-colcount')).to.equal('10');
    // One tab stop: only the active cell is tabbable, and fewer rows than the file are rendered.
    expect(el.shadowRoot?.querySelectorAll('[role="gridcell"][tabindex="0"]').length).to.equal(1);
    expect(el.shadowRoot?.querySelectorAll('.body [role="row"]').length).to.be.below(40);

    (el.parentElement?.querySelector('#before') as HTMLButtonElement).focus();
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    const active = () => el.shadowRoot?.activeElement as HTMLElement | null;
    // From the paste's toolbar: filter, find-and-replace, then the grid's tab stop.
    expect(active()?.dataset['pos']).to.equal('0');
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ press: 'ArrowDown' });
    await el.updateComplete;
    expect([active()?.dataset['pos'], active()?.dataset['col']]).to.deep.equal(['1', '1']);
    expect(active()?.textContent?.trim()).to.equal('user1@example.com');
    await sendKeys({ press: 'End' });
    await el.updateComplete;
    expect(active()?.dataset['col']).to.equal('8');
    await sendKeys({ press: 'Home' });
    await withControl('End');
    await waitUntil(() => active()?.dataset['pos'] === '299', 'Ctrl+End did not reach the last row');
    expect(active()?.closest('[role="row"]')?.getAttribute('aria-rowindex')).to.equal('301');
    await withControl('Home');
    await sendKeys({ press: 'PageDown' });
    await waitUntil(() => Number(active()?.dataset['pos']) > 5, 'PageDown did not move a page');

    // Escape leaves the value alone; Enter commits.
    await withControl('Home');
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ press: 'ArrowRight' });
    await el.updateComplete;
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(part<HTMLInputElement>(el, 'cell-input')?.getAttribute('aria-label')).to.equal('Name, row 1');
    await sendKeys({ type: ' changed' });
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect(part(el, 'cell-input')).to.equal(null);
    expect(cellState(el, 0, 2).text).to.equal('User 0');
    expect(active()?.dataset['col']).to.equal('2');
    await sendKeys({ press: 'F2' });
    await el.updateComplete;
    await sendKeys({ type: ' Jr' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => cellState(el, 0, 2).text === 'User 0 Jr', 'Enter did not commit');
  });

  it('finds and replaces in a column, and applies one fix to every cell with the same text', async () => {
    const el = await mountImporter();
    await pasteRows(el, 'Customer ID,Email,Name,Age\n1,a@old.example,Ann,N/A\n2,b@old.example,Bob,N/A\n3,c@new.example,Cy,N/A\n');
    await continueToReview(el);
    part<HTMLButtonElement>(el, 'find-button')?.click();
    await el.updateComplete;
    const form = part<HTMLFormElement>(el, 'find-replace') as HTMLFormElement;
    (form.elements.namedItem('field') as HTMLSelectElement).value = 'email';
    (form.elements.namedItem('find') as HTMLInputElement).value = '@old.';
    (form.elements.namedItem('replace') as HTMLInputElement).value = '@new.';
    part<HTMLButtonElement>(el, 'replace-button')?.click();
    await waitUntil(() => announced(el).startsWith('2 cells changed'), 'no replacement was announced');
    await settle(el);
    expect(gridText(el).map((row) => row[1])).to.deep.equal(['a@new.example', 'b@new.example', 'c@new.example']);

    // Fix one N/A; the inspector offers the same fix for the other two.
    cell(el, 0, 3).click();
    await el.updateComplete;
    expect(part(el, 'inspector')?.textContent).to.contain('Expected a number such as 1234.5');
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    const input = part<HTMLInputElement>(el, 'cell-input') as HTMLInputElement;
    input.value = '0';
    input.dispatchEvent(new Event('input'));
    await sendKeys({ press: 'Enter' });
    const similar = await waitFor<HTMLButtonElement>(el, '[part~="similar-button"]');
    expect(similar.textContent?.trim()).to.equal('Apply to 2 other cells with “N/A”');
    similar.click();
    await waitUntil(() => announced(el) === '2 cells changed. 0 problems left.', 'the fix was not applied to similar cells');
    await settle(el);
    expect(gridText(el).map((row) => row[3])).to.deep.equal(['0', '0', '0']);
  });

  it('accepts a suggested value, filters to rows with problems, and removes and restores a row', async () => {
    const el = await mountImporter();
    await pasteRows(el, 'Customer ID,Email,Name,Signed up\n1,a@example.com,Ann,2026-01-05\n2,b@example.com,Bob,25/01/2026\n3,,Cy,2026-02-01\n');
    await continueToReview(el);
    // Age, which no column fills, comes after Signed up.
    const signedUp = columnOf(el, 'Signed up');
    expect(signedUp).to.equal(3);
    cell(el, 1, signedUp).click();
    await el.updateComplete;
    const suggestion = part<HTMLButtonElement>(el, 'suggestion-button') as HTMLButtonElement;
    expect(suggestion.textContent?.trim()).to.equal('Use “2026-01-25”');
    suggestion.click();
    await waitUntil(() => cellState(el, 1, signedUp).text === '2026-01-25' && !cellState(el, 1, signedUp).invalid, 'the suggestion was not used');

    const filter = $<HTMLSelectElement>(el, '.filter select');
    expect([...filter.options].map((option) => option.textContent)).to.deep.equal(['All rows (3)', 'Rows with problems (1)']);
    filter.value = 'errors';
    filter.dispatchEvent(new Event('change'));
    await waitUntil(() => el.shadowRoot?.querySelectorAll('.body [role="row"]').length === 1, 'the filter did not apply');
    await settle(el);
    expect(cellState(el, 0, 1)).to.include({ text: '', invalid: true, tip: 'Email is required' });
    filter.value = 'all';
    filter.dispatchEvent(new Event('change'));
    await waitUntil(() => el.shadowRoot?.querySelectorAll('.body [role="row"]').length === 3, 'all rows did not come back');
    await settle(el);

    cell(el, 2, 0).click();
    await el.updateComplete;
    button(el, 'Remove row 3').click();
    await waitUntil(() => announced(el) === '1 row removed.', 'the removal was not announced');
    await settle(el);
    expect(gridText(el).map((row) => row[0])).to.deep.equal(['1', '2']);
    expect(part(el, 'toolbar')?.textContent).to.contain('2 rows, no problems');
    button(el, 'Restore 1 removed row').click();
    await waitUntil(() => announced(el) === '1 row restored.', 'the restore was not announced');
    await settle(el);
    expect(gridText(el).map((row) => row[0])).to.deep.equal(['1', '2', '3']);
  });

  it('shows rows sharing the duplicateKey and keeps the first of each, leaving the others out of the import', async () => {
    const el = await mountImporter();
    await pasteRows(el, 'Customer ID,Email,Name\n1,ann@example.com,Ann\n2,bob@example.com,Bob\n3,ANN@example.com,Ann again\n');
    await continueToReview(el);
    expect(cellState(el, 2, 1)).to.include({ invalid: true, tip: 'An earlier row has the same Email; keep one of them' });
    expect(cell(el, 2, 1).getAttribute('part')).to.equal('cell invalid duplicate');
    expect(part(el, 'duplicates')?.textContent).to.contain('1 row repeats the Email of an earlier row.');
    button(el, 'Keep the first of each').click();
    await waitUntil(() => part(el, 'duplicates') === null, 'the duplicates notice stayed');
    await settle(el);
    expect(gridText(el).map((row) => row[2])).to.deep.equal(['Ann', 'Bob']);
    const completed = oneEvent(el, 'inlay-import-complete') as Promise<InlayImportCompleteEvent>;
    part<HTMLButtonElement>(el, 'import-button')?.click();
    const { detail } = await completed;
    expect(detail.rows.map((row) => row['customer_id'])).to.deep.equal(['1', '2']);
  });

  it('leaves rows with problems out of the import unless the user keeps them', async () => {
    const el = await mountImporter();
    await pasteRows(el, 'Customer ID,Email,Name,Age\n1,a@example.com,Ann,x\n2,b@example.com,Bob,40\n');
    await continueToReview(el);
    expect(part(el, 'import-button')?.textContent?.trim()).to.equal('Import 1 row');
    const keep = $<HTMLInputElement>(el, '.footer input[type="checkbox"]');
    keep.click();
    await el.updateComplete;
    expect(part(el, 'import-button')?.textContent?.trim()).to.equal('Import 2 rows');
    const completed = oneEvent(el, 'inlay-import-complete') as Promise<InlayImportCompleteEvent>;
    part<HTMLButtonElement>(el, 'import-button')?.click();
    const { detail } = await completed;
    expect([detail.rowCount, detail.errorCount]).to.deep.equal([2, 1]);
    expect(detail.rows[0]?.['age']).to.equal(null);
    const session = (await importSessions()).find((entry) => entry.id === detail.sessionId);
    expect(session).to.include({ status: 'completed', rowCount: 2, errorCount: 1 });
  });

  it('reads an XLSX workbook (its reader loaded on demand): sheets to choose from, text cells as typed', async () => {
    const el = await mountImporter();
    await chooseFile(
      el,
      xlsxFile('contacts.xlsx', [
        { name: 'Notes', rows: [['Nothing to import here']] },
        { name: 'Contacts', rows: [['Customer ID', 'Email', 'Name', 'Age'], ['00123', 'ann@example.com', 'Ann', 31], ['00124', 'bob@example.com', 'Bob', 40.5]] },
      ]),
    );
    const sheet = $<HTMLSelectElement>(el, '.options select');
    expect([...sheet.options].map((option) => option.textContent)).to.deep.equal(['Notes', 'Contacts']);
    sheet.value = '1';
    sheet.dispatchEvent(new Event('change'));
    await waitUntil(() => el.shadowRoot?.querySelector('.header-row .chip')?.textContent === 'Customer ID', 'the second sheet was not shown');
    await continueToReview(el);
    expect(gridText(el).map((row) => row.slice(0, 4))).to.deep.equal([
      ['00123', 'ann@example.com', 'Ann', '31'],
      ['00124', 'bob@example.com', 'Bob', '40.5'],
    ]);
  });

  it('says a chosen sheet has no rows, by its name, and offers the others', async () => {
    const el = await mountImporter();
    await chooseFile(el, xlsxFile('book.xlsx', [{ name: 'Cover', rows: [] }, { name: 'Contacts', rows: [['Email'], ['ann@example.com']] }]));
    const sheet = $<HTMLSelectElement>(el, '.options select');
    expect(sheet.value).to.equal('1');
    sheet.value = '0';
    sheet.dispatchEvent(new Event('change'));
    await waitUntil(() => part(el, 'notice')?.textContent === 'The sheet “Cover” has no rows.', 'the empty sheet was not named');
    expect($<HTMLButtonElement>(el, '.footer .primary').disabled).to.equal(true);
    // A workbook of one sheet offers no other: its file has no rows.
    const single = await mountImporter();
    await chooseFile(single, xlsxFile('single.xlsx', [{ name: 'Cover', rows: [] }]));
    expect(part(single, 'notice')?.textContent).to.equal('This file has no rows.');
  });

  it('refuses a workbook whose sheet ends early, whether the break is in the rows shown at setup or after them', async () => {
    /** `file` with its first sheet's compressed bytes cut to `share` of them (the central directory says so). */
    const cut = async (file: File, share: number) => {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const name = new TextEncoder().encode('xl/worksheets/sheet1.xml');
      const find = (from: number) => bytes.findIndex((_, i) => i >= from && name.every((byte, j) => bytes[i + j] === byte));
      const entry = find(find(0) + 1) - 46;
      const view = new DataView(bytes.buffer);
      view.setUint32(entry + 20, Math.floor(view.getUint32(entry + 20, true) * share), true);
      return new File([bytes], file.name);
    };
    const rows = [['Customer ID', 'Email', 'Name', 'Age'], ...Array.from({ length: 3000 }, (_, i) => [`C${(i * 7919) % 100_003}`, `user${(i * 104_729) % 99_991}@example.com`, `Name ${i}`, 20 + (i % 50)])];
    const el = await mountImporter();
    const choose = (file: File) => selectFile(el, file);
    const refusedAtOpen = oneEvent(el, 'inlay-error') as Promise<InlayErrorEvent>;
    choose(await cut(xlsxFile('early.xlsx', [{ name: 'Contacts', rows }]), 0.01));
    const { detail } = await refusedAtOpen;
    expect([detail.error.name, (detail.error as Error & { code?: string }).code]).to.deep.equal(['FileRefusedError', 'damaged_zip']);
    await waitUntil(() => part(el, 'file-error')?.textContent?.includes('This workbook is damaged or was not copied completely'), 'the damage at open was not shown');
    expect(part(el, 'file-error')?.textContent).to.contain('“early.xlsx” can’t be imported');

    // The rows shown at setup read well; the break comes as the rest is read.
    await chooseFile(el, await cut(xlsxFile('late.xlsx', [{ name: 'Contacts', rows }]), 0.7));
    expect(el.shadowRoot?.querySelector('.header-row .chip')?.textContent).to.equal('Customer ID');
    $<HTMLButtonElement>(el, '.step.setup [part~="primary"]').click();
    await waitFor(el, '.step.mapping');
    const refusedAtLoad = oneEvent(el, 'inlay-error') as Promise<InlayErrorEvent>;
    $<HTMLButtonElement>(el, '.step.mapping [part~="primary"]').click();
    expect((await refusedAtLoad).detail.error.message).to.match(/Its part xl\/worksheets\/sheet1\.xml cannot be decompressed/);
    await waitUntil(() => part(el, 'file-error')?.textContent?.includes('“late.xlsx” can’t be imported'), 'the damage at load was not shown');
    expect(part(el, 'dropzone')).to.not.equal(null);

    // A good file after it is read through to the review, and the message goes.
    await chooseFile(el, csvFile('Customer ID,Email,Name,Age\n00123,ann@example.com,Ann,31\n'));
    expect(part(el, 'file-error')).to.equal(null);
    await continueToReview(el);
    expect(gridText(el).map((row) => row.slice(0, 4))).to.deep.equal([['00123', 'ann@example.com', 'Ann', '31']]);
  });

  it('scrolls a view taller than the browser allows (400,000 rows) to its last row', async () => {
    const lines = ['Customer ID,Email,Name'];
    for (let i = 0; i < 400_000; i++) lines.push(`${i},u${i}@example.com,N`);
    const el = await mountImporter({ importerId: (await importerEnv()).importers.contacts });
    await chooseFile(el, csvFile(`${lines.join('\n')}\n`));
    await continueToReview(el);
    expect(el.shadowRoot?.querySelectorAll('.body [role="row"]').length).to.be.below(40);
    cell(el, 0, 0).click();
    await el.updateComplete;
    await withControl('End');
    await waitUntil(() => (el.shadowRoot?.activeElement as HTMLElement | null)?.dataset['pos'] === '399999', 'Ctrl+End did not reach the last row');
    await settle(el);
    const active = el.shadowRoot?.activeElement as HTMLElement;
    expect(active.closest('[role="row"]')?.getAttribute('aria-rowindex')).to.equal('400001');
    // Ctrl+End is the last cell of the last row (ARIA grid pattern).
    expect(active.dataset['col']).to.equal('8');
    expect(active.closest('[role="row"]')?.querySelector('[data-col="0"]')?.textContent?.trim()).to.equal('399999');
    // The last row is drawn inside the scrolled viewport.
    const grid = part(el, 'grid') as HTMLElement;
    const { top, bottom } = active.getBoundingClientRect();
    const box = grid.getBoundingClientRect();
    expect(top >= box.top && bottom <= box.bottom + 1).to.equal(true);
  });

  it('runs the engine on the main thread when workers are forbidden, in slices', async () => {
    const original = window.Worker;
    // As Chrome does when worker-src refuses the script.
    window.Worker = function Worker() {
      throw new DOMException('Refused by the Content-Security-Policy', 'SecurityError');
    } as unknown as typeof Worker;
    try {
      const el = await mountImporter();
      const rows = Array.from({ length: 3000 }, (_, i) => `${i};u${i}@example.com;User ${i};${i % 90},5`).join('\n');
      await pasteRows(el, `Customer ID;Email;Name;Age\n${rows}\n`);
      expect(el.engineMode).to.equal('main-thread');
      await continueToReview(el);
      expect(gridText(el)[0]?.slice(0, 4)).to.deep.equal(['0', 'u0@example.com', 'User 0', '0.5']);
      expect(part(el, 'toolbar')?.textContent).to.contain('3,000 rows, no problems');
    } finally {
      window.Worker = original;
    }
  });

  it('reads a UTF-8 file past the format sample on the main thread too (the byte path, in slices)', async () => {
    const original = window.Worker;
    window.Worker = function Worker() {
      throw new DOMException('Refused by the Content-Security-Policy', 'SecurityError');
    } as unknown as typeof Worker;
    try {
      const el = await mountImporter({ importerId: (await importerEnv()).importers.contacts });
      const rows = Array.from({ length: 12_000 }, (_, i) => `${String(i).padStart(5, '0')},u${i}@example.com,Zoë ${i}`);
      await chooseFile(el, csvFile(`Customer ID,Email,Name\n${rows.join('\n')}\n`));
      expect(el.engineMode).to.equal('main-thread');
      await continueToReview(el);
      expect(part(el, 'toolbar')?.textContent).to.contain('12,000 rows, no problems');
      const grid = part(el, 'grid') as HTMLElement;
      grid.scrollTop = grid.scrollHeight;
      await waitUntil(() => gridText(el).some((row) => row[0] === '11999'), 'the last row (read from bytes) is not shown');
      expect(gridText(el).find((row) => row[0] === '11999')?.slice(0, 3)).to.deep.equal(['11999', 'u11999@example.com', 'Zoë 11999']);
    } finally {
      window.Worker = original;
    }
  });

  it('dispatches inlay-import-cancel and starts over', async () => {
    const el = await mountImporter();
    await pasteRows(el, 'Customer ID,Email\n1,a@example.com\n');
    const cancelled = oneEvent(el, 'inlay-import-cancel');
    button(el, 'Cancel').click();
    const { detail } = await cancelled;
    expect(detail.importerId).to.equal((await importerEnv()).importers.contacts);
    await waitUntil(() => detail.sessionId !== undefined);
    await waitFor(el, '[part~="dropzone"]');
  });

  it('shows an error state and dispatches inlay-error for an importer that was never published', async () => {
    const env = await importerEnv();
    const failed = new Promise<InlayErrorEvent>((resolve) => document.addEventListener('inlay-error', (event) => resolve(event), { once: true }));
    const el = await mountImporter({ importerId: env.importers.unpublished });
    const { detail } = await failed;
    expect((detail.error as Error & { code?: string }).code).to.equal('not_published');
    expect(part(el, 'error')?.getAttribute('role')).to.equal('alert');
  });

  it('refuses a PDF renamed .csv and a ZIP of CSVs renamed .xlsx, saying what to upload instead, focused and announced', async () => {
    const el = await mountImporter();
    const choose = (file: File) => selectFile(el, file);
    const failed = oneEvent(el, 'inlay-error') as Promise<InlayErrorEvent>;
    choose(new File([new TextEncoder().encode('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n')], 'contacts.csv', { type: 'text/csv' }));
    const { detail } = await failed;
    expect([detail.error.name, (detail.error as Error & { code?: string }).code, detail.operation?.type]).to.deep.equal(['FileRefusedError', 'pdf', 'read']);
    const message = await waitFor(el, '[part~="file-error"]', 'the refusal was not shown');
    expect(message.getAttribute('role')).to.equal('alert');
    expect(message.textContent).to.contain('“contacts.csv” can’t be imported');
    expect(message.textContent).to.contain('This is a PDF document, not a spreadsheet');
    await waitUntil(() => el.shadowRoot?.activeElement === message, 'the message was not focused');
    // Still on the upload step: another file can be chosen at once.
    expect(part(el, 'dropzone')).to.not.equal(null);
    await expect(el).to.be.accessible();

    choose(new File([zipSync({ 'contacts.csv': strToU8('Customer ID,Email\n1,a@example.com\n') })], 'contacts.xlsx'));
    await waitUntil(() => part(el, 'file-error')?.textContent?.includes('ZIP archive, not an Excel workbook'), 'the ZIP was not refused');
    expect(part(el, 'file-error')?.textContent).to.contain('Unzip it, then upload the CSV or Excel file inside');

    // A good file after a refused one is read, and the message goes.
    await chooseFile(el, csvFile('Customer ID,Email\n1,a@example.com\n'));
    expect(part(el, 'file-error')).to.equal(null);
  });

  it('takes overrides of its strings, and renders file content as text only', async () => {
    const el = await mountImporter({ strings: { chooseFile: 'Datei auswählen', importRows: (rows) => `${rows} Zeilen importieren` } });
    expect(part(el, 'choose-button')?.textContent?.trim()).to.equal('Datei auswählen');
    await pasteRows(el, 'Customer ID,Email,Name\n<img src=x onerror=alert(1)>,a@example.com,<b>Ann</b>\n');
    await continueToReview(el);
    expect(el.shadowRoot?.querySelector('.body img, .body b')).to.equal(null);
    expect(gridText(el)[0]?.[0]).to.equal('<img src=x onerror=alert(1)>');
    expect(part(el, 'import-button')?.textContent?.trim()).to.equal('1 Zeilen importieren');
  });

  it('is accessible (axe) on the upload, mapping and review steps', async () => {
    const el = await mountImporter();
    await expect(el).to.be.accessible();
    await pasteRows(el, 'Customer ID,Email,Name,Age\n1,a@example.com,Ann,x\n2,b@example,Bob,4\n');
    await expect(el).to.be.accessible();
    $<HTMLButtonElement>(el, '.step.setup [part~="primary"]').click();
    await waitFor(el, '.step.mapping');
    await expect(el).to.be.accessible();
    $<HTMLButtonElement>(el, '.step.mapping [part~="primary"]').click();
    await waitFor(el, '.step.review');
    await settle(el);
    cell(el, 1, 1).click();
    await el.updateComplete;
    await expect(el).to.be.accessible();
  });
});
