import { describe, expect, it } from 'vitest';
import { type Change, ChangeBus, parseChangeMessage } from './changes.js';

/** A bus whose NOTIFYs are kept, as PostgreSQL would deliver them to another instance. */
function busWithPayloads() {
  const sent: string[] = [];
  const bus = new ChangeBus(async (payload) => {
    sent.push(payload);
  });
  const heard = () => sent.flatMap((payload) => parseChangeMessage(payload)?.changes ?? []);
  return { bus, sent, heard };
}

describe('the change bus', () => {
  it('sends a turn of announcements in payloads PostgreSQL accepts, each change once and in order', async () => {
    const { bus, sent, heard } = busWithPayloads();
    const announced: Change[] = [];
    for (let i = 0; i < 2_000; i += 1) announced.push({ topic: 'posts', id: `post_${String(i).padStart(6, '0')}_${'é'.repeat(20)}` });
    // The same post again (many votes on one post in a turn), and a list twice.
    const repeated: Change[] = [{ topic: 'posts', id: announced[7]!.id! }, { topic: 'lists', id: 'board_1' }, { topic: 'lists', id: 'board_1' }];
    for (const change of [...announced, ...repeated]) bus.announce(change);
    await bus.settled();

    expect(sent.length).toBeGreaterThan(1);
    for (const payload of sent) {
      expect(Buffer.byteLength(payload)).toBeLessThan(8_000);
      expect(parseChangeMessage(payload)?.origin).toBe(bus.origin);
    }
    expect(heard()).toEqual([...announced, { topic: 'lists', id: 'board_1' }]);
  });

  it('sends a change too large for a payload as `all`, once', async () => {
    const { bus, heard } = busWithPayloads();
    bus.announce({ topic: 'posts', id: 'x'.repeat(9_000) });
    bus.announce({ topic: 'posts', id: 'y'.repeat(9_000) });
    bus.announce({ topic: 'keys', id: 'key_1' });
    await bus.settled();
    expect(heard()).toEqual([{ topic: 'all' }, { topic: 'keys', id: 'key_1' }]);
  });

  it('tells its own listeners every announcement at once, repeats included', () => {
    const bus = new ChangeBus();
    const local: Change[] = [];
    bus.subscribe((change) => local.push(change));
    bus.announce({ topic: 'posts', id: 'post_1' });
    bus.announce({ topic: 'posts', id: 'post_1' });
    expect(local).toEqual([{ topic: 'posts', id: 'post_1' }, { topic: 'posts', id: 'post_1' }]);
  });
});
