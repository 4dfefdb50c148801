import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import { checkbox, mount, newUserId, parts, testEnv } from '../testing/helpers.js';

/** The HTTP statuses of every request to `origin` the page makes from now on (resource timing, no wrapping of fetch). */
function statusesTo(origin: string): { statuses: number[]; stop: () => void } {
  const statuses: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceResourceTiming[]) {
      if (entry.name.startsWith(origin)) statuses.push(entry.responseStatus);
    }
  });
  observer.observe({ type: 'resource' });
  return { statuses, stop: () => observer.disconnect() };
}

function expiryOf(token: string): number {
  const part = (token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/');
  return (JSON.parse(atob(part.padEnd(Math.ceil(part.length / 4) * 4, '='))) as { exp: number }).exp * 1000;
}

describe('author tokens are replaced before they expire (real server)', () => {
  it('a session that outlives its shortest-lived token (60 s) sends no expired token: no 401', async function () {
    // The server mints tokens of 60 s at least (expiresInSec); the test waits one out.
    this.timeout(120_000);
    const env = await testEnv();
    const userId = newUserId();
    const asked: boolean[] = [];
    const tokens: string[] = [];
    const getAuthorToken = async ({ forceRefresh }: { forceRefresh: boolean }) => {
      asked.push(forceRefresh);
      const query = new URLSearchParams({ flowId: env.flows.token, userId, workspaceKey: 'acme', expiresInSec: '60' });
      const { token } = (await (await fetch(`/__inlay/author-token?${query}`)).json()) as { token: string };
      tokens.push(token);
      return token;
    };
    const seen = statusesTo(new URL(env.baseUrl).origin);
    try {
      const el = await mount({ flowId: env.flows.token, userId, workspaceKey: 'acme', getAuthorToken });
      expect(parts(el, 'item')).to.have.length(1);
      const expiry = expiryOf(tokens[0] ?? '');
      await waitUntil(() => Date.now() > expiry + 1000, 'the first token did not expire', { timeout: 90_000, interval: 500 });

      checkbox(el, 'verify').click();
      await oneEvent(el, 'inlay-flow-complete');
      // The token was replaced before the write, not after a refusal.
      expect(asked).to.deep.equal([false, true]);
      await waitUntil(() => seen.statuses.length >= 3, 'resource timing recorded too few requests');
      expect(seen.statuses.filter((status) => status === 401)).to.deep.equal([]);
      expect(seen.statuses.every((status) => status === 200 || status === 204)).to.equal(true, seen.statuses.join(','));
    } finally {
      seen.stop();
    }
  });
});
