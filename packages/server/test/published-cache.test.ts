import { describe, expect, it } from 'vitest';
import { PublishedCache } from '../src/publishing/published-cache.js';
import { harness, publishResource, SAMPLE_CONFIGS } from './helpers.js';

const h = await harness();
const secret = h.ws.keys.testSecret;

const published = (service: 'onboarding' | 'feedback', plural: string) =>
  publishResource(h.app, secret, service, plural, { name: 'Cached', config: SAMPLE_CONFIGS[service] });

describe('PublishedCache', () => {
  it('keeps the body ready to send, encoded once', async () => {
    const id = await published('onboarding', 'flows');
    const cache = new PublishedCache(h.storage);
    expect(cache.peek('flow', id)).toBeUndefined();
    const entry = await cache.get('flow', id);
    expect(entry && 'body' in entry).toBe(true);
    if (!entry || !('body' in entry)) return;
    expect(Buffer.isBuffer(entry.body)).toBe(true);
    const sent = JSON.parse(entry.body.toString('utf8')) as { data: { id: string; object: string; revisionId: string } };
    expect(sent.data).toMatchObject({ id, object: 'flow', revisionId: entry.revisionId });
    expect(entry.etag).toBe(`"${entry.revisionId}"`);
    expect(cache.peek('flow', id)).toBe(entry);
    // The same id under another kind is another resource.
    expect(cache.peek('board', id)).toBeUndefined();
  });

  it('does not keep what a read started before an invalidation found', async () => {
    const id = await published('onboarding', 'flows');
    const cache = new PublishedCache(h.storage);
    const pending = cache.get('flow', id);
    // A publish lands while the read is in the database.
    cache.invalidate('flow', id);
    const entry = await pending;
    expect(entry && 'body' in entry).toBe(true);
    expect(cache.peek('flow', id)).toBeUndefined();
    // The next read is kept again.
    await cache.get('flow', id);
    expect(cache.peek('flow', id)).toBeDefined();
  });

  it('holds at most maxEntries of every kind together, dropping the oldest', async () => {
    const [flowA, flowB] = [await published('onboarding', 'flows'), await published('onboarding', 'flows')];
    const board = await published('feedback', 'boards');
    const cache = new PublishedCache(h.storage, 2);
    await cache.get('flow', flowA);
    await cache.get('flow', flowB);
    // A read of a kept id again takes no room.
    await cache.get('flow', flowB);
    expect(cache.peek('flow', flowA)).toBeDefined();
    // No board is kept yet: the oldest flow makes room.
    await cache.get('board', board);
    expect(cache.peek('flow', flowA)).toBeUndefined();
    expect(cache.peek('flow', flowB)).toBeDefined();
    expect(cache.peek('board', board)).toBeDefined();
    // An invalidation frees its room: the next read evicts nothing.
    cache.invalidate('flow', flowB);
    await cache.get('flow', flowA);
    expect(cache.peek('board', board)).toBeDefined();
    expect(cache.peek('flow', flowA)).toBeDefined();
  });
});
