import { aTimeout, expect, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { InlayErrorEvent, InlayImportCompleteEvent } from '../events.js';
import {
  $,
  cell,
  chooseFile,
  continueToReview,
  gridText,
  importerEnv,
  importSessions,
  mountImporter,
  part,
  pasteRows,
  waitFor,
} from '../testing/importer-helpers.js';
import type { InlayImporter } from './importer.js';

/*
 * The importer's steps for real users (docs/widgets.md): completion that keeps the user's work
 * through any refusal, the host page's confirmation, focus and announcements between steps, the
 * confirmation before Back throws fixes away, and the review grid's layout and keys.
 */

const csvFile = (text: string, name = 'contacts.csv') => new File([text], name, { type: 'text/csv' });

/** Waits until the grid has re-read its rows after a change. */
const settle = async (el: InlayImporter) => {
  await aTimeout(50);
  await el.updateComplete;
  await waitUntil(() => !el.shadowRoot?.querySelector('.body .row.pending'), 'rows kept loading');
  await el.updateComplete;
};

const active = (el: InlayImporter) => el.shadowRoot?.activeElement as HTMLElement | null;
const stepAnnounced = (el: InlayImporter) => el.shadowRoot?.querySelector('[data-step-announcer]')?.textContent ?? '';
const cellText = (el: InlayImporter, pos: number, col: number) => cell(el, pos, col).querySelector('.text')?.textContent ?? '';

/** Edits the cell at (pos, col) through the keyboard, as a user does. */
async function editCell(el: InlayImporter, pos: number, col: number, text: string): Promise<void> {
  cell(el, pos, col).click();
  await el.updateComplete;
  await sendKeys({ press: 'Enter' });
  await el.updateComplete;
  const input = part<HTMLInputElement>(el, 'cell-input') as HTMLInputElement;
  input.value = text;
  input.dispatchEvent(new Event('input'));
  await sendKeys({ press: 'Enter' });
  await waitUntil(() => cellText(el, pos, col) === text, `the edit to ${text} was not applied`);
}

/** Unticks "leave out rows with problems". */
async function keepInvalidRows(el: InlayImporter): Promise<void> {
  $<HTMLInputElement>(el, '.footer input[type="checkbox"]').click();
  await el.updateComplete;
}

/** The id of the session the importer opened since `before` was listed. */
async function newSessionId(before: Set<string>): Promise<string> {
  let id: string | undefined;
  await waitUntil(async () => {
    id = (await importSessions()).find((session) => !before.has(session.id) && session.status === 'open')?.id;
    return id !== undefined;
  }, 'no session was opened');
  return id as string;
}

/** Completes a session over HTTP, as another tab would: the importer's own completion is then refused. */
async function completeElsewhere(sessionId: string): Promise<void> {
  const env = await importerEnv();
  const response = await fetch(`${env.baseUrl}/api/v1/sessions/${sessionId}/complete`, {
    method: 'POST',
    headers: { authorization: `Bearer ${env.publishableKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ mapping: { email: 'Email', name: 'Name' }, rowCount: 7, errorCount: 0 }),
  });
  expect(response.status).to.equal(200);
}

/** Resolves with the next completion or completion error. */
const finished = (el: InlayImporter) => waitFor(el, '[part~="done"], [part~="completion-error"]', 'the import neither finished nor failed');

describe('<inlay-importer> completion', () => {
  it('counts rows with problems, not problem cells, when rows with problems are kept', async () => {
    const el = await mountImporter();
    // One row, three problems: a count of cells (3) would exceed the row count (1) and be refused.
    await pasteRows(el, 'Customer ID,Email,Name,Age,Website\n1,ann@example,Ann,x,not a url\n');
    await continueToReview(el);
    await keepInvalidRows(el);
    const completed = oneEvent(el, 'inlay-import-complete') as Promise<InlayImportCompleteEvent>;
    part<HTMLButtonElement>(el, 'import-button')?.click();
    await finished(el);
    expect(part(el, 'completion-error')?.textContent ?? '').to.equal('');
    const { detail } = await completed;
    expect([detail.rowCount, detail.errorCount]).to.deep.equal([1, 1]);
    const session = (await importSessions()).find((entry) => entry.id === detail.sessionId);
    expect(session).to.include({ status: 'completed', rowCount: 1, errorCount: 1 });
  });

  it('keeps the fixes when the server refuses the completion, shows why, and completes on retry', async () => {
    const before = new Set((await importSessions()).map((session) => session.id));
    const el = await mountImporter();
    await pasteRows(el, 'Customer ID,Email,Name\n1,ann@example,Ann\n2,bob@example.com,Bob\n');
    await continueToReview(el);
    await editCell(el, 0, 1, 'ann@example.com');
    const refused = await newSessionId(before);
    await completeElsewhere(refused);

    const failed = oneEvent(el, 'inlay-error') as Promise<InlayErrorEvent>;
    part<HTMLButtonElement>(el, 'import-button')?.click();
    const { detail: error } = await failed;
    expect(error.operation).to.deep.equal({ type: 'complete-session' });
    await finished(el);
    // Still on the review, the fix in place, the reason shown, focus on the retry.
    expect(el.shadowRoot?.querySelector('.step.review')).to.not.equal(null);
    expect(part(el, 'completion-error')?.getAttribute('role')).to.equal('alert');
    expect(part(el, 'completion-error')?.textContent).to.contain('session_completed');
    expect(part(el, 'completion-error')?.textContent).to.contain('Your changes are kept');
    await settle(el);
    expect(gridText(el).map((row) => row[1])).to.deep.equal(['ann@example.com', 'bob@example.com']);
    expect(active(el)).to.equal(part(el, 'retry-import-button'));

    const completed = oneEvent(el, 'inlay-import-complete') as Promise<InlayImportCompleteEvent>;
    part<HTMLButtonElement>(el, 'retry-import-button')?.click();
    const { detail } = await completed;
    expect(detail.sessionId).to.not.equal(refused);
    expect(detail.rows.map((row) => row['email'])).to.deep.equal(['ann@example.com', 'bob@example.com']);
    await waitFor(el, '[part~="done"]');
    const session = (await importSessions()).find((entry) => entry.id === detail.sessionId);
    expect(session).to.include({ status: 'completed', rowCount: 2, errorCount: 0 });
  });

  it('waits for the host page (event.waitUntil), shows its refusal as text, keeps the work, and retries the delivery only', async () => {
    const el = await mountImporter();
    await pasteRows(el, 'Customer ID,Email,Name\n1,ann@example,Ann\n2,bob@example.com,Bob\n');
    await continueToReview(el);
    await editCell(el, 0, 1, 'ann@example.com');

    let settleHost: { resolve(): void; reject(error: unknown): void } | undefined;
    const deliveries: InlayImportCompleteEvent[] = [];
    // On an ancestor (the page), so only waitUntil can hold the importer.
    const listener = (event: InlayImportCompleteEvent) => {
      deliveries.push(event);
      event.waitUntil(new Promise<void>((resolve, reject) => (settleHost = { resolve, reject })));
    };
    document.addEventListener('inlay-import-complete', listener);
    try {
      part<HTMLButtonElement>(el, 'import-button')?.click();
      await waitUntil(() => settleHost !== undefined, 'the rows were not delivered', { timeout: 5000 });
      await el.updateComplete;
      const saving = part(el, 'saving') as HTMLElement;
      expect(saving.textContent?.trim()).to.equal('Saving…');
      expect(active(el)).to.equal(saving);
      expect(stepAnnounced(el)).to.equal('Saving…');
      expect(part<HTMLButtonElement>(el, 'import-button')?.disabled).to.equal(true);
      expect(() => deliveries[0]?.waitUntil(Promise.resolve())).to.throw(/synchronously/);

      settleHost?.reject(new Error('<b>Your plan</b> allows 1 contact.'));
      await finished(el);
      const shown = part(el, 'completion-error') as HTMLElement;
      expect(shown.textContent).to.contain('<b>Your plan</b> allows 1 contact.');
      expect(shown.querySelector('b')).to.equal(null);
      await settle(el);
      expect(gridText(el).map((row) => row[1])).to.deep.equal(['ann@example.com', 'bob@example.com']);

      settleHost = undefined;
      const current = () => settleHost;
      part<HTMLButtonElement>(el, 'retry-import-button')?.click();
      await waitUntil(() => current() !== undefined, 'the rows were not delivered again', { timeout: 5000 });
      current()?.resolve();
      await waitFor(el, '[part~="done"]');
      expect(deliveries.length).to.equal(2);
      // The session was completed once; the retry only delivered the rows again.
      expect(deliveries[1]?.detail.sessionId).to.equal(deliveries[0]?.detail.sessionId);
      expect(deliveries[1]?.detail.rows.map((row) => row['email'])).to.deep.equal(['ann@example.com', 'bob@example.com']);
      const session = (await importSessions()).find((entry) => entry.id === deliveries[0]?.detail.sessionId);
      expect(session).to.include({ status: 'completed', rowCount: 2 });
    } finally {
      document.removeEventListener('inlay-import-complete', listener);
    }
  });

  it('takes a promise returned by a listener on the element, and a generic message for a refusal without one', async () => {
    const el = await mountImporter();
    await pasteRows(el, 'Customer ID,Email,Name\n1,ann@example.com,Ann\n');
    await continueToReview(el);
    const refuse = () => Promise.reject('no');
    el.addEventListener('inlay-import-complete', refuse);
    part<HTMLButtonElement>(el, 'import-button')?.click();
    await finished(el);
    expect(part(el, 'completion-error')?.textContent).to.contain('The rows could not be saved.');

    el.removeEventListener('inlay-import-complete', refuse);
    let saved = false;
    el.addEventListener('inlay-import-complete', () => aTimeout(30).then(() => (saved = true)));
    part<HTMLButtonElement>(el, 'retry-import-button')?.click();
    await waitFor(el, '[part~="done"]');
    expect(saved).to.equal(true);
  });
});

describe('<inlay-importer> steps', () => {
  it('moves focus to each new step heading and announces it, through to the completion', async () => {
    const el = await mountImporter();
    await chooseFile(el, csvFile('Customer ID,Email,Name\n1,ann@example.com,Ann\n2,bob@example.com,Bob\n'));
    await el.updateComplete;
    expect(active(el)?.matches('h3[data-step-heading]')).to.equal(true);
    expect(active(el)?.textContent).to.equal('Check how the file was read');
    expect(active(el)?.getAttribute('tabindex')).to.equal('-1');
    expect(stepAnnounced(el)).to.equal('Step 2 of 4: Check how the file was read');

    $<HTMLButtonElement>(el, '.step.setup [part~="primary"]').click();
    await waitFor(el, '.step.mapping');
    await el.updateComplete;
    expect(active(el)?.textContent).to.equal('Match columns to fields');
    expect(stepAnnounced(el)).to.equal('Step 3 of 4: Match columns to fields');

    $<HTMLButtonElement>(el, '.step.mapping [part~="primary"]').click();
    await waitFor(el, '.step.review');
    await el.updateComplete;
    expect(active(el)?.textContent).to.equal('Review and fix rows');
    expect(stepAnnounced(el)).to.equal('Step 4 of 4: Review and fix rows');

    part<HTMLButtonElement>(el, 'import-button')?.click();
    await waitFor(el, '[part~="done"]');
    await el.updateComplete;
    expect(active(el)?.textContent).to.equal('Import complete');
    expect(stepAnnounced(el)).to.equal('Import complete. 2 rows were imported.');
  });

  it('does not take focus from the host page when a step opens after slow work', async () => {
    const el = await mountImporter();
    const outside = el.parentElement?.querySelector('#before') as HTMLButtonElement;
    const textarea = $<HTMLTextAreaElement>(el, 'textarea');
    textarea.value = 'Customer ID,Email,Name\n1,ann@example.com,Ann\n';
    $<HTMLButtonElement>(el, '[part~="paste-button"]').click();
    outside.focus();
    await waitFor(el, '.step.setup');
    await el.updateComplete;
    expect(document.activeElement).to.equal(outside);
    expect(stepAnnounced(el)).to.equal('Step 2 of 4: Check how the file was read');
  });

  it('asks in the widget before Back or Cancel throws away changes to the rows', async () => {
    const original = window.confirm;
    window.confirm = () => {
      throw new Error('window.confirm is not to be used');
    };
    try {
      const el = await mountImporter();
      await pasteRows(el, 'Customer ID,Email,Name\n1,ann@example,Ann\n2,bob@example.com,Bob\n');
      await continueToReview(el);
      await editCell(el, 0, 1, 'ann@example.com');

      const back = [...(el.shadowRoot?.querySelectorAll<HTMLButtonElement>('.step.review .footer button') ?? [])].find((button) => button.textContent?.trim() === 'Back') as HTMLButtonElement;
      back.focus();
      await sendKeys({ press: 'Enter' });
      const dialog = await waitFor<HTMLDialogElement>(el, 'dialog[part~="confirm"]');
      expect(dialog.open).to.equal(true);
      expect(dialog.matches(':modal')).to.equal(true);
      expect(dialog.querySelector('#confirm-title')?.textContent).to.equal('Discard your changes?');
      expect(dialog.querySelector('#confirm-message')?.textContent).to.equal('The 1 change you made to the rows will be lost.');
      expect(active(el)).to.equal(part(el, 'confirm-keep'));
      await expect(el).to.be.accessible();

      // Escape keeps the work, and focus goes back to Back.
      await sendKeys({ press: 'Escape' });
      await waitUntil(() => part(el, 'confirm') === null, 'the dialog stayed');
      await el.updateComplete;
      expect(el.shadowRoot?.querySelector('.step.review')).to.not.equal(null);
      expect(active(el)).to.equal(back);
      await settle(el);
      expect(gridText(el).map((row) => row[1])).to.deep.equal(['ann@example.com', 'bob@example.com']);

      // Cancel asks too; "Keep editing" keeps everything.
      const cancelled: Event[] = [];
      el.addEventListener('inlay-import-cancel', (event) => cancelled.push(event));
      [...(el.shadowRoot?.querySelectorAll<HTMLButtonElement>('.step.review .footer button') ?? [])].find((button) => button.textContent?.trim() === 'Cancel')?.click();
      await waitFor(el, 'dialog[part~="confirm"]');
      part<HTMLButtonElement>(el, 'confirm-keep')?.click();
      await waitUntil(() => part(el, 'confirm') === null, 'the dialog stayed');
      expect(cancelled.length).to.equal(0);

      back.click();
      await waitFor(el, 'dialog[part~="confirm"]');
      part<HTMLButtonElement>(el, 'confirm-discard')?.click();
      await waitFor(el, '.step.mapping');
      expect(part(el, 'confirm')).to.equal(null);
    } finally {
      window.confirm = original;
    }
  });

  it('goes Back from a review without changes at once', async () => {
    const el = await mountImporter();
    await pasteRows(el, 'Customer ID,Email,Name\n1,ann@example.com,Ann\n');
    await continueToReview(el);
    [...(el.shadowRoot?.querySelectorAll<HTMLButtonElement>('.step.review .footer button') ?? [])].find((button) => button.textContent?.trim() === 'Back')?.click();
    await waitFor(el, '.step.mapping');
    expect(part(el, 'confirm')).to.equal(null);
  });

  it('keeps the field pickers in view whatever the headers, at 1280 and 390 px', async () => {
    const long = `Customer email address as entered on the registration form ${'(primary contact) '.repeat(6)}`.trim();
    const el = await mountImporter();
    await pasteRows(el, `Customer ID,${long},Name\n1,ann@example.com,Ann\n`);
    $<HTMLButtonElement>(el, '.step.setup [part~="primary"]').click();
    await waitFor(el, '.step.mapping');
    const wrapper = el.parentElement as HTMLElement;
    for (const width of ['1280px', '390px']) {
      wrapper.style.width = width;
      await el.updateComplete;
      await aTimeout(20);
      const wrap = $(el, '.table-wrap').getBoundingClientRect();
      for (const select of el.shadowRoot?.querySelectorAll<HTMLSelectElement>('[part~="field-select"]') ?? []) {
        const box = select.getBoundingClientRect();
        expect(box.right, `a picker overflows at ${width}`).to.be.at.most(wrap.right + 0.5);
        expect(box.width, `a picker is squeezed at ${width}`).to.be.at.least(90);
      }
      expect($(el, '.table-wrap').scrollWidth, `the table scrolls sideways at ${width}`).to.be.at.most($(el, '.table-wrap').clientWidth);
    }
    const name = el.shadowRoot?.querySelectorAll('[part~="mapping"] tbody th .column-name')[1] as HTMLElement;
    expect(name.getAttribute('title')).to.equal(long);
    expect(name.textContent).to.equal(long);
    wrapper.style.width = '';
  });
});

describe('<inlay-importer> review grid', () => {
  it('shows row numbers of a million and more whole', async () => {
    const env = await importerEnv();
    const el = await mountImporter({ importerId: env.importers.simple });
    await chooseFile(el, csvFile(`Code,Amount\n${'a,1\n'.repeat(1_000_001)}`));
    await continueToReview(el);
    cell(el, 0, 0).click();
    await el.updateComplete;
    await sendKeys({ down: 'Control' });
    await sendKeys({ press: 'End' });
    await sendKeys({ up: 'Control' });
    await waitUntil(() => active(el)?.dataset['pos'] === '1000000', 'Ctrl+End did not reach the last row');
    await settle(el);
    const rowhead = active(el)?.closest('[role="row"]')?.querySelector('[role="rowheader"]') as HTMLElement;
    expect(rowhead.textContent).to.equal('1000001');
    expect(rowhead.scrollWidth, 'the row number is clipped').to.be.at.most(rowhead.clientWidth);
    // The header row's first column lines up with the rows'.
    const headRowhead = $(el, '.head [role="columnheader"]').getBoundingClientRect();
    expect(Math.abs(headRowhead.width - rowhead.getBoundingClientRect().width)).to.be.below(1);
  });

  it('keeps a multi-line cell to its row, whole in its title and in the editor', async () => {
    const el = await mountImporter();
    await chooseFile(el, csvFile('Customer ID,Email,Name\n1,ann@example.com,"Ann\nLee\nthe third"\n2,bob@example.com,Bob\n'));
    await continueToReview(el);
    const target = cell(el, 0, 2);
    const text = target.querySelector('.text') as HTMLElement;
    expect(text.textContent).to.equal('Ann\nLee\nthe third');
    expect(text.getAttribute('title')).to.equal('Ann\nLee\nthe third');
    const row = target.closest('[role="row"]')?.getBoundingClientRect() as DOMRect;
    const box = text.getBoundingClientRect();
    expect(box.bottom, 'the cell text leaves its row').to.be.at.most(row.bottom);
    expect(box.top).to.be.at.least(row.top);
    target.click();
    await el.updateComplete;
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    const editor = part<HTMLTextAreaElement>(el, 'cell-input') as HTMLTextAreaElement;
    expect(editor.localName).to.equal('textarea');
    expect(editor.value).to.equal('Ann\nLee\nthe third');
    // Enter commits (unchanged here); Shift+Enter would add a line.
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(part(el, 'cell-input')).to.equal(null);
    expect(cellText(el, 0, 2)).to.equal('Ann\nLee\nthe third');
  });

  it('starts the rows with problems at the top when the filter changes', async () => {
    const rows = Array.from({ length: 400 }, (_, i) => `${i},user${i}@example${i % 2 === 0 ? '' : '.com'},U${i}`).join('\n');
    const el = await mountImporter();
    await pasteRows(el, `Customer ID,Email,Name\n${rows}\n`);
    await continueToReview(el);
    const grid = part(el, 'grid') as HTMLElement;
    grid.scrollTop = 4000;
    await waitUntil(() => gridText(el).some((row) => Number(row[0]) > 110), 'the grid did not scroll');
    const filter = $<HTMLSelectElement>(el, '.filter select');
    filter.value = 'errors';
    filter.dispatchEvent(new Event('change'));
    await waitUntil(() => $<HTMLElement>(el, '.grid').getAttribute('aria-rowcount') === '201', 'the filter did not apply');
    await settle(el);
    expect(grid.scrollTop).to.equal(0);
    expect(gridText(el)[0]?.[0]).to.equal('0');
    expect(cell(el, 0, 0).getBoundingClientRect().top).to.be.below(grid.getBoundingClientRect().top + 80);
  });

  it('offers "apply to other cells" only for a fix that is valid', async () => {
    const el = await mountImporter();
    await pasteRows(el, 'Customer ID,Email,Name,Age\n1,a@example.com,Ann,N/A\n2,b@example.com,Bob,N/A\n3,c@example.com,Cy,N/A\n');
    await continueToReview(el);
    await editCell(el, 0, 3, 'unknown');
    await settle(el);
    await aTimeout(100);
    expect(cell(el, 0, 3).getAttribute('aria-invalid')).to.equal('true');
    expect(part(el, 'similar-button')).to.equal(null);
    await editCell(el, 0, 3, '0');
    // "unknown" was the cell's text before this edit, and no other cell shows it.
    await editCell(el, 1, 3, '0');
    const similar = await waitFor<HTMLButtonElement>(el, '[part~="similar-button"]');
    expect(similar.textContent?.trim()).to.equal('Apply to 1 other cell with “N/A”');
  });

  it('mirrors the arrow keys right to left', async () => {
    const el = await mountImporter();
    await pasteRows(el, 'Customer ID,Email,Name\n1,ann@example.com,Ann\n2,bob@example.com,Bob\n');
    (el.parentElement as HTMLElement).dir = 'rtl';
    await continueToReview(el);
    // Laid out right to left: the second column is left of the first.
    expect(cell(el, 0, 1).getBoundingClientRect().right).to.be.at.most(cell(el, 0, 0).getBoundingClientRect().left + 1);
    cell(el, 0, 0).click();
    await el.updateComplete;
    await sendKeys({ press: 'ArrowLeft' });
    await el.updateComplete;
    expect([active(el)?.dataset['pos'], active(el)?.dataset['col']]).to.deep.equal(['0', '1']);
    await sendKeys({ press: 'ArrowLeft' });
    await sendKeys({ press: 'ArrowRight' });
    await el.updateComplete;
    expect(active(el)?.dataset['col']).to.equal('1');
    await sendKeys({ press: 'ArrowDown' });
    await el.updateComplete;
    expect([active(el)?.dataset['pos'], active(el)?.dataset['col']]).to.deep.equal(['1', '1']);
    (el.parentElement as HTMLElement).dir = '';
  });

  it('names a column header with its problems as one phrase', async () => {
    const el = await mountImporter();
    await pasteRows(el, 'Customer ID,Email,Name\n1,ann@example,Ann\n2,bob@example,Bob\n');
    await continueToReview(el);
    // Running axe puts it on the page; its name computation reads the headers as a screen reader would.
    await expect(el).to.be.accessible();
    const headers = [...(el.shadowRoot?.querySelectorAll('[role="columnheader"]') ?? [])].map(accessibleName);
    expect(headers.slice(0, 4)).to.deep.equal(['Row', 'Customer ID', 'Email, 2 problems', 'Name']);
  });
});

describe('<inlay-importer> accessibility', () => {
  it('is accessible (axe) at every step: upload, setup, mapping, review, saving, refusal, done and error', async () => {
    const el = await mountImporter();
    await expect(el).to.be.accessible();
    await pasteRows(el, 'Customer ID,Email,Name,Age\n1,a@example.com,Ann,31\n2,b@example,Bob,x\n');
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

    let settleHost: { resolve(): void; reject(error: unknown): void } | undefined;
    const listener = (event: InlayImportCompleteEvent) => event.waitUntil(new Promise<void>((resolve, reject) => (settleHost = { resolve, reject })));
    el.addEventListener('inlay-import-complete', listener);
    part<HTMLButtonElement>(el, 'import-button')?.click();
    await waitUntil(() => settleHost !== undefined, 'the rows were not delivered', { timeout: 5000 });
    await waitFor(el, '[part~="saving"]');
    await expect(el).to.be.accessible();
    settleHost?.reject(new Error('The CRM is down.'));
    await waitFor(el, '[part~="completion-error"]');
    await expect(el).to.be.accessible();
    el.removeEventListener('inlay-import-complete', listener);
    part<HTMLButtonElement>(el, 'retry-import-button')?.click();
    await waitFor(el, '[part~="done"]');
    await expect(el).to.be.accessible();

    const env = await importerEnv();
    const failed = await mountImporter({ importerId: env.importers.unpublished });
    await waitFor(failed, '[part~="error"]');
    await expect(failed).to.be.accessible();
  });
});

interface Axe {
  setup(node: Node): unknown;
  teardown(): void;
  utils: { getNodeFromTree(node: Node): unknown };
  commons: { text: { accessibleTextVirtual(node: unknown): string } };
}

/** An element's accessible name as axe computes it (axe must have run on the page). */
function accessibleName(element: Element): string {
  const axe = (window as unknown as { axe: Axe }).axe;
  axe.setup(document);
  try {
    return axe.commons.text.accessibleTextVirtual(axe.utils.getNodeFromTree(element)).trim();
  } finally {
    axe.teardown();
  }
}
