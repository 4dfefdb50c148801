import { expect, waitUntil } from '@open-wc/testing';
import { $, cell, columnOf, continueToReview, mountImporter, pasteRows, waitFor } from '../testing/importer-helpers.js';
import type { InlayImporter } from './importer.js';

/** What scrolls sideways in the importer: elements wider inside than their box. */
function sideways(element: Element, selector: string): string[] {
  return [...(element.shadowRoot?.querySelectorAll(selector) ?? [])]
    .filter((node) => node.scrollWidth > node.clientWidth + 1)
    .map((node) => `${node.className}: ${node.scrollWidth} > ${node.clientWidth}`);
}

/** Chips whose text is cut (wider inside than their box). */
function cutChips(element: Element, selector: string): string[] {
  return [...(element.shadowRoot?.querySelectorAll<HTMLElement>(selector) ?? [])]
    .filter((chip) => chip.scrollWidth > chip.clientWidth + 1 || chip.scrollHeight > chip.clientHeight + 1)
    .map((chip) => chip.textContent ?? '');
}

/** The importer at a phone's width, in a wrapper of direction `dir`. */
async function phone(dir: 'ltr' | 'rtl' = 'ltr'): Promise<InlayImporter> {
  const el = await mountImporter();
  el.style.width = '375px';
  (el.parentElement as HTMLElement).dir = dir;
  return el;
}

/** The importer at a phone's width in German, `rows` pasted, at the column-mapping step. */
async function germanMapping(rows: string): Promise<InlayImporter> {
  const el = await phone();
  el.locale = 'de';
  await waitUntil(() => el.shadowRoot?.textContent?.includes('Datei auswählen'), 'not German');
  await pasteRows(el, rows);
  $<HTMLButtonElement>(el, '.step.setup [part~="primary"]').click();
  await waitFor(el, '.step.mapping');
  await el.updateComplete;
  return el;
}

/** The height of one line of `element`'s text, with its vertical padding. */
function oneLineHeight(element: Element): number {
  const style = getComputedStyle(element);
  return parseFloat(style.lineHeight) + parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
}

const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/** The part of the grid the user sees: inside its borders and scrollbars, in the viewport. */
function visibleArea(grid: HTMLElement): { left: number; right: number } {
  const left = grid.getBoundingClientRect().left + grid.clientLeft;
  return { left, right: left + grid.clientWidth };
}

describe('<inlay-importer> at 375 px (a phone)', () => {
  it('fits the step indicator on one row, one line a step, and the mapping table without sideways scrolling', async () => {
    const el = await phone();
    await pasteRows(el, 'Customer no,E-Mail,Full name,Signup date,Subscribed\n00017,anna@example.com,Anna Berg,2024-01-05,Yes\n');
    $<HTMLButtonElement>(el, '.step.setup [part~="primary"]').click();
    await waitFor(el, '.step.mapping');
    await el.updateComplete;
    expect(sideways(el, '.steps, .table-wrap, .step, .card')).to.deep.equal([]);
    const steps = [...(el.shadowRoot?.querySelectorAll('.steps li') ?? [])] as HTMLElement[];
    const tops = new Set(steps.map((step) => Math.round(step.getBoundingClientRect().top)));
    expect(tops.size, 'the steps wrap onto more rows').to.equal(1);
    for (const step of steps) expect(step.getBoundingClientRect().height, `step “${step.textContent}” wraps`).to.be.below(oneLineHeight(step) + 1);
    // Every step keeps its name for screen readers; the current one shows it.
    expect(steps.map((step) => step.textContent?.trim())).to.deep.equal(['Upload', 'Check file', 'Match columns', 'Review']);
    await expect(el).to.be.accessible();
  });

  it('shows the check-file preview and the mapping samples whole', async () => {
    const el = await phone();
    await pasteRows(
      el,
      'Customer no,E-Mail,Full name,Signup date,Subscribed,Homepage\n00017,anna.berg@example.com,Anna Berg,2024-01-05,Yes,https://anna.example.com\n00018,ben.okafor@example.org,Ben Okafor,2024-01-06,No,https://okafor.example.org\n',
    );
    await el.updateComplete;
    expect(cutChips(el, '.header-row .chip')).to.deep.equal([]);
    $<HTMLButtonElement>(el, '.step.setup [part~="primary"]').click();
    await waitFor(el, '.step.mapping');
    await el.updateComplete;
    expect(cutChips(el, '.samples .chip')).to.deep.equal([]);
    // Each column picker has its card's whole width, below the column's name.
    for (const select of el.shadowRoot?.querySelectorAll<HTMLSelectElement>('[part~="field-select"]') ?? []) {
      const row = select.closest('tr') as HTMLElement;
      const inner = row.clientWidth - parseFloat(getComputedStyle(row).paddingLeft) - parseFloat(getComputedStyle(row).paddingRight);
      expect(select.getBoundingClientRect().width).to.be.closeTo(inner, 1);
      expect(select.getBoundingClientRect().top).to.be.above((row.querySelector('th') as HTMLElement).getBoundingClientRect().bottom - 1);
    }
    expect(sideways(el, '.table-wrap, .step, .card')).to.deep.equal([]);
  });

  it('keeps each mapping badge on one line, in German too', async () => {
    const el = await germanMapping('Customer no,E-Mail,Full name,Age\n00017,anna@example.com,Anna Berg,34\n');
    await waitFor(el, '.step.mapping [part~="confidence"]');
    const badges = [...(el.shadowRoot?.querySelectorAll<HTMLElement>('[part~="confidence"]') ?? [])];
    expect(badges.length).to.be.above(1);
    for (const badge of badges) expect(badge.getBoundingClientRect().height, `“${badge.textContent}” wraps`).to.be.below(oneLineHeight(badge) + 1);
  });

  it('keeps the value-mapping table within the card, in German too', async () => {
    const el = await germanMapping('Customer ID,Email,Name,Plan\n1,a@example.com,Ann,Enterprise\n');
    $<HTMLButtonElement>(el, '.step.mapping [part~="primary"]').click();
    await waitFor(el, '.step.values');
    await el.updateComplete;
    expect(sideways(el, '.table-wrap, .step, .card')).to.deep.equal([]);
  });

  for (const dir of ['ltr', 'rtl'] as const) {
    it(`keeps the row numbers at the grid's start and a problem's tooltip inside it while the grid scrolls sideways (${dir})`, async () => {
      const el = await phone(dir);
      await pasteRows(el, 'Customer no,E-Mail,Full name,Age,Signup date,Subscribed,Homepage\n00017,anna@example.com,Anna Berg,34,2024-01-05,Yes,not a website\n');
      await continueToReview(el);
      const grid = $<HTMLElement>(el, '[part~="grid"]');
      expect(grid.scrollWidth, 'the grid is wider than a phone').to.be.above(grid.clientWidth * 2);
      // To the end of the row: all the way right, or left right to left.
      grid.scrollLeft = dir === 'ltr' ? grid.scrollWidth : -grid.scrollWidth;
      await frame();
      const area = visibleArea(grid);
      for (const rowhead of el.shadowRoot?.querySelectorAll('.rowhead') ?? []) {
        const box = rowhead.getBoundingClientRect();
        expect(dir === 'ltr' ? box.left : box.right, `row number “${rowhead.textContent}”`).to.be.closeTo(dir === 'ltr' ? area.left : area.right, 1);
      }

      // The website's cell at the grid's end edge: its tooltip is wider than the cell.
      const website = cell(el, 0, columnOf(el, 'Website'));
      website.scrollIntoView({ block: 'nearest', inline: 'end' });
      await frame();
      website.focus();
      await el.updateComplete;
      const tip = website.querySelector('.tip') as HTMLElement;
      expect(tip.getBoundingClientRect().width).to.be.above(website.getBoundingClientRect().width);
      const box = tip.getBoundingClientRect();
      const { left, right } = visibleArea(grid);
      expect(box.left, 'the tooltip starts before the grid').to.be.at.least(left - 0.5);
      expect(box.right, 'the tooltip ends past the grid').to.be.at.most(right + 0.5);
      expect(getComputedStyle(tip).opacity).to.equal('1');
    });
  }

  it('shows the tooltip of a cell at the grid’s bottom edge above the cell', async () => {
    const el = await phone();
    const rows = Array.from({ length: 40 }, (_, i) => `${i},not-an-email-${i},Name ${i}`);
    await pasteRows(el, `Customer ID,Email,Name\n${rows.join('\n')}\n`);
    await continueToReview(el);
    const grid = $<HTMLElement>(el, '[part~="grid"]');
    const bottom = grid.getBoundingClientRect().top + grid.clientTop + grid.clientHeight;
    const col = columnOf(el, 'Email');
    const shown = [...(el.shadowRoot?.querySelectorAll<HTMLElement>(`.body [data-col="${col}"]`) ?? [])].filter((node) => node.getBoundingClientRect().bottom <= bottom);
    const last = shown.sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top).at(-1) as HTMLElement;
    expect(bottom - last.getBoundingClientRect().bottom, 'the cell is not at the bottom edge').to.be.below(34);
    last.focus();
    await el.updateComplete;
    const tip = (last.querySelector('.tip') as HTMLElement).getBoundingClientRect();
    expect(tip.bottom).to.be.at.most(last.getBoundingClientRect().top + 0.5);
    expect(tip.top).to.be.at.least($(el, '.grid .head').getBoundingClientRect().bottom);
    // A cell with room below keeps its tooltip there.
    const first = shown[0] as HTMLElement;
    first.focus();
    await el.updateComplete;
    expect((first.querySelector('.tip') as HTMLElement).getBoundingClientRect().top).to.be.at.least(first.getBoundingClientRect().bottom - 0.5);
  });
});
