// The page's suggestMapping hook (docs/importer.md, "Mapping suggestions from your app"): asked
// about the columns Inlay's matcher left unmatched, its answers are marked and confirmed one by
// one; a hook that throws or never answers leaves Inlay's own matching.
import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import type { SuggestMappingInput } from '@inlay/core';
import type { InlayErrorEvent } from '../events.js';
import { $, announced, chooseFile, mountImporter, part, parts, waitFor } from '../testing/importer-helpers.js';
import type { InlayImporter } from './importer.js';

// "Customer ID" and "E-mail" match the contacts importer; "Tel." and "Tier" do not.
const FILE = new File(['Customer ID,E-mail,Full name,Tier,Tel.\n00123,ann@example.com,Ann Lee,Pro,+44 20 7946 0958\n00124,bob@example.com,Bob Stone,Team,\n'], 'contacts.csv');

async function toMapping(el: InlayImporter): Promise<void> {
  await chooseFile(el, FILE);
  $<HTMLButtonElement>(el, '.step.setup [part~="primary"]').click();
  await waitFor(el, '.step.mapping');
}

const values = (el: InlayImporter) => parts<HTMLSelectElement>(el, 'field-select').map((select) => select.value);
const continueButton = (el: InlayImporter) => $<HTMLButtonElement>(el, '.step.mapping [part~="primary"]');

describe('<inlay-importer> suggestMapping', () => {
  it('asks an async hook about the unmatched columns only, marks its suggestions, announces them, and waits for the user to keep each', async () => {
    const el = await mountImporter();
    const asked: SuggestMappingInput[] = [];
    let answer: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (answer = resolve));
    el.suggestMapping = async (input) => {
      asked.push(input);
      await gate;
      // A field already taken, a header not asked about and an unknown key are ignored.
      return { Tier: 'plan', 'Tel.': 'website', 'Customer ID': 'age', Unknown: 'name', 'Full name': 'not_a_field' };
    };
    await toMapping(el);
    // The hook's runner is a module loaded when the hook is set: the notice shows once it asks,
    // and stays while the hook has not answered.
    await waitUntil(() => part(el, 'suggesting')?.textContent === 'Finding matches…', 'the hook was not asked');
    // Inlay's own matches are there, and usable, while the hook is asked.
    expect(values(el)).to.deep.equal(['customer_id', 'email', 'name', '', '']);
    answer();
    await waitUntil(() => parts(el, 'suggestion').length === 2, 'no suggestions shown');
    expect(asked.length).to.equal(1);
    expect(asked[0]?.headers).to.deep.equal(['Tier', 'Tel.']);
    expect(asked[0]?.sampleRows).to.deep.equal([['Pro', '+44 20 7946 0958'], ['Team', '']]);
    expect(asked[0]?.fields.map((field) => field.key)).to.deep.equal(['age', 'signed_up', 'newsletter', 'plan', 'website', 'balance']);
    expect(values(el)).to.deep.equal(['customer_id', 'email', 'name', 'plan', 'website']);
    // Marked for sight and for screen readers, and announced.
    const tier = parts<HTMLSelectElement>(el, 'field-select')[3] as HTMLSelectElement;
    const badge = el.shadowRoot?.getElementById(tier.getAttribute('aria-describedby') ?? '');
    expect(badge?.textContent).to.equal('Suggested: confirm or change');
    expect(announced(el)).to.equal('Suggested: Tier to Plan, Tel. to Website. Keep or change each.');
    expect(continueButton(el).disabled).to.equal(true);
    expect(part(el, 'unconfirmed')?.textContent).to.contain('Keep or change each suggested field first.');

    // Keep one with its button (described by the badge, in the column's row), change the other in its select.
    const keep = parts<HTMLButtonElement>(el, 'confirm-suggestion');
    expect(keep.map((button) => el.shadowRoot?.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent)).to.deep.equal(['Suggested: confirm or change', 'Suggested: confirm or change']);
    expect(keep.map((button) => button.closest('tr')?.querySelector('th')?.textContent?.trim())).to.deep.equal(['Tier', 'Tel.']);
    keep[0]?.focus();
    keep[0]?.click();
    await el.updateComplete;
    const tel = parts<HTMLSelectElement>(el, 'field-select')[4] as HTMLSelectElement;
    tel.value = '';
    tel.dispatchEvent(new Event('change'));
    await el.updateComplete;
    expect(parts(el, 'suggestion').length).to.equal(0);
    expect(values(el)).to.deep.equal(['customer_id', 'email', 'name', 'plan', '']);
    expect(continueButton(el).disabled).to.equal(false);
  });

  it('keeps Inlay’s matching when the hook throws, and reports the error', async () => {
    const el = await mountImporter();
    el.suggestMapping = () => {
      throw new Error('model offline');
    };
    const reported = oneEvent(el, 'inlay-error') as Promise<InlayErrorEvent>;
    await toMapping(el);
    const { detail } = await reported;
    expect(detail.error.message).to.equal('model offline');
    expect(detail.operation).to.deep.equal({ type: 'suggest-mapping' });
    await el.updateComplete;
    expect(values(el)).to.deep.equal(['customer_id', 'email', 'name', '', '']);
    expect(part(el, 'suggesting')).to.equal(null);
    expect(continueButton(el).disabled).to.equal(false);
  });

  it('keeps Inlay’s matching when the hook never answers, once its time is up', async () => {
    const el = await mountImporter();
    el.suggestMappingTimeout = 50;
    el.suggestMapping = () => new Promise(() => undefined);
    const reported = oneEvent(el, 'inlay-error') as Promise<InlayErrorEvent>;
    await toMapping(el);
    const { detail } = await reported;
    expect(detail.error.name).to.equal('SuggestMappingTimeoutError');
    expect(detail.operation).to.deep.equal({ type: 'suggest-mapping' });
    await el.updateComplete;
    expect(part(el, 'suggesting')).to.equal(null);
    expect(values(el)).to.deep.equal(['customer_id', 'email', 'name', '', '']);
  });
});
