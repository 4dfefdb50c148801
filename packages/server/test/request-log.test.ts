import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { redactRequestUrl } from '../src/config/redact.js';
import { startInlay } from '../src/testing/inlay-process.js';
import { tempDir } from './helpers.js';
import { CLI } from './inlay-processes.js';
import { waitFor } from './webhook-receiver.js';

// The request log never keeps a secret a URL carries (docs/security.md, "What is logged").
describe('the request log', () => {
  it('takes the tokens and codes out of a URL, and nothing else', () => {
    expect(redactRequestUrl('/dashboard/api/invites/token/inv_s3cret/accept')).toBe('/dashboard/api/invites/token/…/accept');
    expect(redactRequestUrl('/email/unsubscribe?token=abc.def&x=1')).toBe('/email/unsubscribe?token=…&x=1');
    expect(redactRequestUrl('/oauth/callback?state=s&code=c0de')).toBe('/oauth/callback?state=s&code=…');
    expect(redactRequestUrl('/feedback/api/v1/posts?boardId=board_1&sort=top')).toBe('/feedback/api/v1/posts?boardId=board_1&sort=top');
  });

  it('of inlay start logs requests without the invite or unsubscribe tokens in their URLs', async () => {
    const dir = tempDir();
    const server = await startInlay(['--port', '0', '--db', join(dir, 'inlay.db')], { cli: CLI, cwd: dir });
    try {
      await fetch(`${server.origin}/dashboard/api/invites/token/INVITESECRET0123456789`);
      await fetch(`${server.origin}/email/unsubscribe?token=UNSUBSCRIBESECRET0123456789`);
      await waitFor(() => server.output().includes('/email/unsubscribe?token=…'), 'both requests logged');
      expect(server.output()).toContain('/dashboard/api/invites/token/…');
      expect(server.output()).not.toContain('INVITESECRET');
      expect(server.output()).not.toContain('UNSUBSCRIBESECRET');
    } finally {
      await server.stop();
    }
  });
});
