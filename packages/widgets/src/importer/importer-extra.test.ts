// Columns nobody mapped, kept (docs/importer.md, "Columns nobody mapped"): shown read-only after the
// fields in review, delivered under each row's `extra` to the page and through server delivery.
import { expect, oneEvent } from '@open-wc/testing';
import type { InlayImportCompleteEvent } from '../events.js';
import { $, chooseFile, continueToReview, fixtureFile, gridText, importerEnv, mountImporter, parts } from '../testing/importer-helpers.js';

async function sessionRows(sessionId: string): Promise<{ items: unknown[] }> {
  return (await (await fetch(`/__inlay/session-rows?sessionId=${encodeURIComponent(sessionId)}`)).json()) as { items: unknown[] };
}

describe('<inlay-importer> with unmappedColumns "keep"', () => {
  it('shows the unmapped columns read-only after the fields and hands each row its extra, header to text', async () => {
    const env = await importerEnv();
    const el = await mountImporter({ importerId: env.importers.keptPage });
    await chooseFile(el, await fixtureFile('json/github-issues.json', 'issues.json'));
    await continueToReview(el);
    const headers = parts(el, 'extra-column-header').map((header) => header.textContent?.trim());
    expect(headers.slice(0, 5)).to.deep.equal(['url', 'repository_url', 'html_url', 'id', 'node_id']);
    expect(headers).to.include.members(['user.login', 'state']);
    expect(headers).not.to.include.members(['number', 'title']);
    const extraCells = [...(el.shadowRoot?.querySelectorAll('[part~="extra"]') ?? [])];
    expect(extraCells.every((cell) => cell.getAttribute('aria-readonly') === 'true' && !cell.hasAttribute('tabindex'))).to.equal(true);
    const row = gridText(el)[0] ?? [];
    expect(row.slice(0, 2)).to.deep.equal(['412', 'Importer drops the last row when the file has no trailing newline']);
    expect(row[2 + headers.indexOf('user.login')]).to.equal('mhartley');

    const done = oneEvent(el, 'inlay-import-complete') as Promise<InlayImportCompleteEvent>;
    $<HTMLButtonElement>(el, '[part~="import-button"]').click();
    const { detail } = await done;
    expect(detail.rows.length).to.equal(3);
    const first = detail.rows[0] as Record<string, unknown> & { extra: Record<string, string> };
    expect([first['number'], first['title']]).to.deep.equal([412, 'Importer drops the last row when the file has no trailing newline']);
    expect(first.extra['user.login']).to.equal('mhartley');
    expect(first.extra['state']).to.equal('open');
    expect(first.extra['closed_at']).to.equal('');
    expect(first.extra['labels']).to.match(/^\[\{"id":5012345671/);
    expect(Object.keys(first.extra)).to.deep.equal(headers);
  });

  it('uploads each row’s extra with server delivery, and the server serves it back as sent', async () => {
    const env = await importerEnv();
    const el = await mountImporter({ importerId: env.importers.keptServer });
    await chooseFile(el, new File(['Email,Name,Company,,Notes\nann@example.com,Ann Lee,Acme,x,vip\nbob@example.com,Bob Stone,,y,\n'], 'contacts.csv'));
    await continueToReview(el);
    const done = oneEvent(el, 'inlay-import-complete') as Promise<InlayImportCompleteEvent>;
    $<HTMLButtonElement>(el, '[part~="import-button"]').click();
    const { detail } = await done;
    expect(detail.rows).to.deep.equal([]);
    // A column without a header is named by its place.
    expect((await sessionRows(detail.sessionId)).items).to.deep.equal([
      { email: 'ann@example.com', name: 'Ann Lee', extra: { Company: 'Acme', 'Column 4': 'x', Notes: 'vip' } },
      { email: 'bob@example.com', name: 'Bob Stone', extra: { Company: '', 'Column 4': 'y', Notes: '' } },
    ]);
  });
});
