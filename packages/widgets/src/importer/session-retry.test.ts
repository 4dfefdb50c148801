import { expect } from '@open-wc/testing';
import { continueToReview, mountImporter, part, pasteRows, waitFor } from '../testing/importer-helpers.js';

/**
 * Refuses the first "open a session" request (`POST …/api/v1/sessions`) with a 400, which the
 * client does not retry; every other request goes through.
 */
function refuseFirstSession(): { refused: () => boolean; restore: () => void } {
  const original = window.fetch;
  let refused = false;
  window.fetch = async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input), location.href);
    if (!refused && (init?.method ?? 'GET') === 'POST' && url.pathname.endsWith('/api/v1/sessions')) {
      refused = true;
      const error = { type: 'invalid_request', code: 'test_refused', message: 'Refused by the test.', requestId: 'req_test' };
      return new Response(JSON.stringify({ error }), { status: 400, headers: { 'content-type': 'application/json' } });
    }
    return original(input, init);
  };
  return { refused: () => refused, restore: () => (window.fetch = original) };
}

describe('<inlay-importer> after a session failed to open', () => {
  it('opens a new session on Try again, so the next import completes at the first attempt', async () => {
    const el = await mountImporter();
    const refusal = refuseFirstSession();
    try {
      const textarea = el.shadowRoot?.querySelector('textarea') as HTMLTextAreaElement;
      textarea.value = 'Customer ID,Email,Name\n1,ann@example.com,Ann\n';
      part<HTMLButtonElement>(el, 'paste-button')?.click();
      (await waitFor<HTMLButtonElement>(el, '[part~="retry-button"]', 'the refused session showed no error')).click();
      expect(refusal.refused()).to.equal(true);
      await waitFor(el, 'textarea');
      await pasteRows(el, 'Customer ID,Email,Name\n1,ann@example.com,Ann\n');
      await continueToReview(el);
      part<HTMLButtonElement>(el, 'import-button')?.click();
      await waitFor(el, '[part~="done"], [part~="completion-error"]', 'the import neither finished nor failed');
      // The refused session is not kept: completing it would fail again, with the old error.
      expect(part(el, 'completion-error')?.textContent ?? '').to.equal('');
      expect(part(el, 'done')).to.not.equal(null);
    } finally {
      refusal.restore();
    }
  });
});
