import { aTimeout, expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { $, chooseFile, columnOf, gridText, mountImporter, part, parts, waitFor } from '../testing/importer-helpers.js';
import type { InlayImporter } from './importer.js';

// Number and date formats settled by whole columns, and asked about when nothing settles them
// (docs/importer.md, "Number and date formats"), in the element with its worker.

/** A `;` file as a German spreadsheet writes it: thousands grouped with `.`, dates day first. */
const GERMAN = 'Customer ID;Email;Name;Balance;Signed up\n1;a@example.com;Ann;45.000;03/04/2024\n2;b@example.com;Bob;52.500;03/04/2024\n3;c@example.com;Cy;1.250;03/04/2024\n';
const BALANCE = 'Balance';
const SIGNED_UP = 'Signed up';

const column = (el: InlayImporter, label: string) => gridText(el).map((row) => row[columnOf(el, label)]);
const radio = (el: InlayImporter, field: string, value: string) => $<HTMLInputElement>(el, `input[name="format-${field}"][value="${value}"]`);

async function toFormats(text: string): Promise<InlayImporter> {
  const el = await mountImporter();
  await chooseFile(el, new File([text], 'umsatz.csv', { type: 'text/csv' }));
  $<HTMLButtonElement>(el, '.step.setup [part~="primary"]').click();
  await waitFor(el, '.step.mapping');
  $<HTMLButtonElement>(el, '.step.mapping [part~="primary"]').click();
  await waitFor(el, '.step.formats', 'no question was asked');
  return el;
}

async function toReview(el: InlayImporter): Promise<void> {
  part<HTMLButtonElement>(el, 'apply-formats')?.click();
  await waitFor(el, '.step.review', 'the rows were not checked again');
  await waitUntil(() => el.shadowRoot?.querySelector('[role="row"][aria-rowindex="2"]:not(.pending)'), 'the grid showed no rows', { timeout: 8000 });
  await aTimeout(50);
  await el.updateComplete;
}

describe('<inlay-importer> number and date formats', () => {
  it('asks how to read 1.250-shaped numbers and 03/04/2024 in a ; file, with the file’s own values read both ways, then imports 45000 / 52500 / 1250', async () => {
    const el = await toFormats(GERMAN);
    // The step opens with its heading focused and announced: focus does not fall to the page.
    await el.updateComplete;
    expect(el.shadowRoot?.activeElement?.textContent).to.equal('Numbers and dates');
    expect(el.shadowRoot?.querySelector('[data-step-announcer]')?.textContent).to.equal('Numbers and dates');
    const questions = parts(el, 'format-question');
    expect(questions.map((question) => question.querySelector('legend')?.textContent)).to.deep.equal([
      'In column Signed up, which day is 03/04/2024?',
      'In column Balance, what is 45.000?',
    ]);
    // The delimiter's reading is offered first-hand; the date order has no default.
    expect(radio(el, 'balance', 'comma').checked).to.equal(true);
    expect(radio(el, 'balance', 'comma').closest('label')?.textContent).to.contain('45,000 — decimal comma');
    expect(radio(el, 'balance', 'dot').closest('label')?.textContent).to.contain('45 — decimal point');
    expect(radio(el, 'signed_up', 'dmy').closest('label')?.textContent).to.contain('April 3, 2024 — day first');
    expect(radio(el, 'signed_up', 'mdy').closest('label')?.textContent).to.contain('March 4, 2024 — month first');
    expect(radio(el, 'signed_up', 'dmy').checked || radio(el, 'signed_up', 'mdy').checked).to.equal(false);
    expect(part<HTMLButtonElement>(el, 'apply-formats')?.disabled).to.equal(true);
    await expect(el).to.be.accessible();

    // By keyboard: focus the date group's first reading and choose it with Space.
    radio(el, 'signed_up', 'dmy').focus();
    await sendKeys({ press: 'Space' });
    await el.updateComplete;
    expect(part<HTMLButtonElement>(el, 'apply-formats')?.disabled).to.equal(false);
    await toReview(el);
    expect(column(el, BALANCE)).to.deep.equal(['45000', '52500', '1250']);
    expect(column(el, SIGNED_UP)).to.deep.equal(['2024-04-03', '2024-04-03', '2024-04-03']);
    expect(part(el, 'toolbar')?.textContent).to.contain('3 rows, no problems');

    // Changed later, from review: the column is read again with a decimal point.
    part<HTMLButtonElement>(el, 'formats-button')?.click();
    await waitFor(el, '.step.formats');
    expect(parts(el, 'format-question')).to.have.length(0);
    expect(radio(el, 'signed_up', 'dmy').checked).to.equal(true);
    await expect(el).to.be.accessible();
    radio(el, 'balance', 'dot').click();
    radio(el, 'signed_up', 'mdy').click();
    await el.updateComplete;
    await toReview(el);
    expect(column(el, BALANCE)).to.deep.equal(['45', '52.5', '1.25']);
    expect(column(el, SIGNED_UP)).to.deep.equal(['2024-03-04', '2024-03-04', '2024-03-04']);
  });

  it('asks nothing when a value of the column settles it, and reads the thousands right', async () => {
    const el = await mountImporter();
    await chooseFile(el, new File([GERMAN.replace('1.250;03/04/2024', '1.234,50;25/12/2024')], 'umsatz.csv', { type: 'text/csv' }));
    $<HTMLButtonElement>(el, '.step.setup [part~="primary"]').click();
    await waitFor(el, '.step.mapping');
    $<HTMLButtonElement>(el, '.step.mapping [part~="primary"]').click();
    await waitFor(el, '.step.review');
    await waitUntil(() => el.shadowRoot?.querySelector('[role="row"][aria-rowindex="2"]:not(.pending)'), 'the grid showed no rows', { timeout: 8000 });
    await aTimeout(50);
    await el.updateComplete;
    expect(column(el, BALANCE)).to.deep.equal(['45000', '52500', '1234.5']);
  });
});
