// JSON and NDJSON files in the real element, in Chromium, from files written as their sources
// write them (test/fixtures/json/): GitHub's API, a server's JSON log, an export with nested
// objects, one with a byte-order mark, and files that are not what their names say.
import { expect, waitUntil } from '@open-wc/testing';
import type { InlayErrorEvent } from '../events.js';
import { $, cell, chooseFile, columnOf, continueToReview, fixtureFile, gridText, importerEnv, mappingColumns, mountImporter, part, parts, waitFor } from '../testing/importer-helpers.js';
import type { InlayImporter } from './importer.js';

/** Chooses `file` and waits for the refusal above the dropzone; answers its text and the inlay-error event. */
async function refusal(el: InlayImporter, file: File): Promise<{ text: string; error: InlayErrorEvent['detail'] }> {
  const errors: InlayErrorEvent['detail'][] = [];
  el.addEventListener('inlay-error', (event) => errors.push((event as InlayErrorEvent).detail));
  const input = $<HTMLInputElement>(el, 'input[type="file"]');
  const transfer = new DataTransfer();
  transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
  const shown = await waitFor(el, '[part~="file-error"]', 'the file was not refused');
  expect(el.shadowRoot?.activeElement).to.equal(shown);
  expect(errors.length).to.equal(1);
  return { text: shown.textContent?.replace(/\s+/g, ' ').trim() ?? '', error: errors[0] as InlayErrorEvent['detail'] };
}

describe('<inlay-importer> with JSON and NDJSON files', () => {
  it('reads a GitHub API export: nested objects as dotted columns, labels (a list of objects) refused per cell', async () => {
    const env = await importerEnv();
    const el = await mountImporter({ importerId: env.importers.issues });
    await chooseFile(el, await fixtureFile('json/github-issues.json', 'issues.json'));
    expect(part(el, 'header-rows')?.textContent).to.match(/Row 1\s*urlrepository_url/);
    $<HTMLButtonElement>(el, '.step.setup [part~="primary"]').click();
    await waitFor(el, '.step.mapping');
    const columns = mappingColumns(el);
    expect(columns.slice(0, 6)).to.deep.equal(['url', 'repository_url', 'html_url', 'id', 'node_id', 'number']);
    expect(columns).to.include.members(['user.login', 'user.site_admin', 'milestone.title', 'reactions.+1', 'state_reason']);
    const selects = parts<HTMLSelectElement>(el, 'field-select');
    const fieldOf = (column: string) => selects[columns.indexOf(column)]?.value;
    expect(['number', 'title', 'state', 'user.login', 'labels'].map(fieldOf)).to.deep.equal(['number', 'title', 'state', 'author', 'labels']);

    await continueToReview(el);
    const rows = gridText(el);
    const at = (label: string) => columnOf(el, label);
    expect(rows.map((row) => [row[at('Number')], row[at('State')], row[at('Author')]])).to.deep.equal([
      ['412', 'open', 'mhartley'],
      ['409', 'closed', 'sofia-r'],
      ['405', 'open', 'jnakamura'],
    ]);
    // Text stays text: a title with markup is shown as written, never as HTML.
    expect(rows[2]?.[at('Title')]).to.equal('Feedback board: votes counted twice after a reload <script>alert(1)</script>');
    expect(el.shadowRoot?.querySelector('script')).to.equal(null);
    const labels = cell(el, 0, at('Labels'));
    expect(labels.getAttribute('aria-invalid')).to.equal('true');
    expect(labels.querySelector('.text')?.textContent).to.match(/^\[\{"id":5012345671/);
    expect(labels.querySelector('.tip')?.textContent).to.match(/list of objects or lists, which does not fit in one cell/);
    // An empty list is an empty cell.
    expect(cell(el, 2, at('Labels')).getAttribute('aria-invalid')).to.equal(null);
  });

  it('reads an NDJSON log line by line, matching dotted names through aliases', async () => {
    const env = await importerEnv();
    const el = await mountImporter({ importerId: env.importers.logs });
    await chooseFile(el, await fixtureFile('json/server-log.ndjson', 'server.log.ndjson'));
    await continueToReview(el);
    const at = (label: string) => columnOf(el, label);
    expect(gridText(el).map((row) => [row[at('Level')], row[at('Message')], row[at('Status')]])).to.deep.equal([
      ['info', 'request completed', '200'],
      ['warn', 'slow query', '200'],
      ['error', 'upload refused: session_upload_limit', '413'],
      ['info', 'request completed', '200'],
    ]);
  });

  it('reads an export with nested objects and lists of plain values, and one with a byte-order mark', async () => {
    const el = await mountImporter();
    await chooseFile(el, await fixtureFile('json/contacts-nested.json', 'contacts.json'));
    $<HTMLButtonElement>(el, '.step.setup [part~="primary"]').click();
    await waitFor(el, '.step.mapping');
    expect(mappingColumns(el)).to.deep.equal(['customer_id', 'name', 'email', 'plan', 'address.street', 'address.city', 'address.country', 'address.geo.lat', 'address.geo.lng', 'tags', 'signed_up', 'notes', 'orders']);
    await continueToReview(el);
    const at = (label: string) => columnOf(el, label);
    expect(gridText(el).map((row) => [row[at('Customer ID')], row[at('Name')], row[at('Plan')], row[at('Signed up')]])).to.deep.equal([
      ['00123', 'Ann Lee', 'Pro', '2025-03-04'],
      ['00124', 'Björn Ågren', 'Team', '2024-11-30'],
      ['00125', 'Chidi Okafor', 'Free', '2026-01-15'],
    ]);

    const bom = await mountImporter();
    await chooseFile(bom, await fixtureFile('json/contacts-bom.ndjson', 'contacts.ndjson'));
    $<HTMLButtonElement>(bom, '.step.setup [part~="primary"]').click();
    await waitFor(bom, '.step.mapping');
    // The mark is not part of the first column's name, so it matches the field's key.
    expect(mappingColumns(bom)).to.deep.equal(['customer_id', 'name', 'email', 'plan']);
    expect(parts<HTMLSelectElement>(bom, 'field-select').map((select) => select.value)).to.deep.equal(['customer_id', 'name', 'email', 'plan']);
    await continueToReview(bom);
    expect(gridText(bom).map((row) => row.slice(0, 3))).to.deep.equal([
      ['00201', 'zoe@example.de', 'Zoë Müller'],
      ['00202', 'lea@example.fr', 'Léa Dubois'],
    ]);
  });

  it('refuses a .json that holds no JSON, JSON that cannot be read, and a PDF named .json, as a misnamed PDF is refused', async () => {
    const el = await mountImporter();
    const misnamed = await refusal(el, await fixtureFile('json/contacts-misnamed.json', 'contacts.json'));
    expect(misnamed.text).to.contain('“contacts.json” can’t be imported');
    expect(misnamed.text).to.contain('named .json but holds no JSON');
    expect(misnamed.error.operation).to.deep.equal({ type: 'read' });
    expect((misnamed.error.error as Error & { code?: string }).code).to.equal('not_json');

    const broken = await mountImporter();
    const unreadable = await refusal(broken, await fixtureFile('json/broken-export.json', 'export.json'));
    expect(unreadable.text).to.contain('This JSON cannot be read');
    expect((unreadable.error.error as Error & { code?: string }).code).to.equal('invalid_json');
    expect(unreadable.error.error.message).to.match(/Item 2 of the file is not valid JSON/);

    const pdf = await mountImporter();
    const named = await refusal(pdf, new File(['%PDF-1.7\n%\u00e2\u00e3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'], 'contacts.json'));
    expect((named.error.error as Error & { code?: string }).code).to.equal('pdf');
    expect(named.text).to.contain('This is a PDF document');
  });

  it('explains a refused file in the widget’s language', async () => {
    const el = await mountImporter();
    el.locale = 'de';
    await waitUntil(() => el.shadowRoot?.textContent?.includes('Datei auswählen'), 'not German');
    const refused = await refusal(el, new File(['%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'], 'kontakte.csv'));
    expect(refused.text).to.contain('Dies ist ein PDF-Dokument, keine Tabelle.');
    // The event's error stays English, for the page's logs.
    expect(refused.error.error.message).to.contain('it is a PDF document');
  });
});
