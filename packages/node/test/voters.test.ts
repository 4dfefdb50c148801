/**
 * `inlay.feedback.posts.voters` against a real server: every voter of a post, page by page, with
 * the name and email their author tokens carried; `role: "team"` minted through the SDK.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Inlay, InlayNotFoundError, type Voter } from '../src/index.js';
import { startInlayServer, type InlayServer } from './server.js';

let server: InlayServer;
let inlay: Inlay;

beforeAll(async () => {
  server = await startInlayServer();
  inlay = new Inlay({ secretKey: server.keys.testSecret, baseUrl: server.origin });
});

afterAll(async () => {
  await server?.stop();
});

/** A publishable-key call, as the board widget makes it. */
async function widget(path: string, body: unknown, authorToken?: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${server.origin}/feedback${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.keys.testPublishable}`, 'content-type': 'application/json', ...(authorToken ? { 'inlay-author-token': authorToken } : {}) },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

describe('feedback.posts.voters', () => {
  it('iterates every voter of a post with what their tokens carried', async () => {
    const board = await inlay.feedback.boards.create({ name: 'Ideas' });
    await inlay.feedback.boards.publish(board.id);
    const post = await widget('/api/v1/posts', { boardId: board.id, title: 'Dark mode', author: { id: 'author_1' } });
    const postId = String(post.id);
    for (let i = 0; i < 5; i += 1) {
      const { token } = await inlay.feedback.authorTokens.create({ authorId: `user_${i}`, boardId: board.id, name: `User ${i}`, ...(i % 2 === 0 ? { email: `user${i}@example.com` } : {}) });
      await widget(`/api/v1/posts/${postId}`, { action: 'vote' }, token);
    }
    const voters: Voter[] = [];
    for await (const voter of inlay.feedback.posts.voters(postId, { limit: 2 })) voters.push(voter);
    expect(voters.map((v) => v.authorId).sort()).toEqual(['user_0', 'user_1', 'user_2', 'user_3', 'user_4']);
    expect(voters.find((v) => v.authorId === 'user_2')).toMatchObject({ name: 'User 2', email: 'user2@example.com' });
    expect(voters.find((v) => v.authorId === 'user_1')).toMatchObject({ name: 'User 1', email: null });
    const first = await inlay.feedback.posts.voters(postId, { limit: 2 });
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).not.toBeNull();

    const { token: teamToken } = await inlay.feedback.authorTokens.create({ authorId: 'staff_1', boardId: board.id, name: 'Sam', role: 'team' });
    const reply = await widget(`/api/v1/posts/${postId}/comments`, { body: 'Planned!' }, teamToken);
    expect(reply).toMatchObject({ team: true, author: { id: 'staff_1', name: 'Sam' } });
  });

  it('rejects an unknown post with InlayNotFoundError', async () => {
    await expect(inlay.feedback.posts.voters('post_unknown')).rejects.toBeInstanceOf(InlayNotFoundError);
  });
});
