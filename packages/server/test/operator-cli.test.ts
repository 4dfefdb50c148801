import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';

import { progressStore } from '../src/repositories/onboarding/progress-store.js';
import { inlayInProcess } from './cli-in-process.js';
import { parseCsv } from './csv.js';
import { call, dataOf, errorOf, harness, publishResource } from './helpers.js';

const CLI = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
// Every test starts CLI processes, each a few seconds on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

/** A running app on a real file; the CLI below is another process writing the same file. */
const h = await harness({ externalChangePollMs: 50, rateLimits: { postsPerClient: 1000, postsPerAuthor: 1000, publishablePerClient: 100_000, publishablePerKey: 100_000 } });
const secret = h.ws.keys.testSecret;
const pub = h.ws.keys.testPublishable;

/** Spawned without blocking the event loop, so the app keeps serving (and polling) meanwhile. */
function inlay(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args, '--db', h.dbPath], { env: { ...process.env, INLAY_DB: '' } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Waits for a running server's answer to change; how long it may take is docs/self-hosting.md's bound, not a test's. */
const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 10_000, interval: 50 });

const publish = (service: string, plural: string, config: Record<string, unknown>) => publishResource(h.app, secret, service, plural, { name: 'CLI board', config });

interface Post {
  id: string;
  status: string;
  voteCount: number | null;
}
const list = async (boardId: string, query = '') =>
  dataOf<{ items: Post[] }>(await call(h.app, 'GET', `/feedback/api/v1/posts?boardId=${boardId}${query}`, { key: pub })).items;
const create = async (boardId: string, title: string) =>
  dataOf<Post>(await call(h.app, 'POST', '/feedback/api/v1/posts', { key: pub, body: { boardId, title, body: '', author: { id: 'a' } } }));
const vote = async (postId: string, voter: string) =>
  dataOf(await call(h.app, 'POST', `/feedback/api/v1/posts/${postId}`, { key: pub, body: { action: 'vote', author: { id: voter } } }));

describe('a running server sees operator CLI changes', () => {
  it('posts status: the public list shows the new status though the row was cached', async () => {
    const boardId = await publish('feedback', 'boards', { allowAnonymous: true });
    const post = await create(boardId, 'Dark mode');
    expect((await list(boardId))[0]?.status).toBe('open');
    const result = await inlay('posts', 'status', post.id, 'in_progress', '--json');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ from: 'open', to: 'in_progress', changed: true, post: { id: post.id, boardId } });
    await eventually(async () => expect((await list(boardId))[0]?.status).toBe('in_progress'));
  });

  it('posts merge: sort=top ranks the target by its merged votes', async () => {
    const boardId = await publish('feedback', 'boards', { allowAnonymous: true, showVoteCounts: true });
    const target = await create(boardId, 'Export');
    const duplicate = await create(boardId, 'CSV export');
    const other = await create(boardId, 'Dark mode');
    await vote(target.id, 'v1');
    for (const voter of ['v1', 'v2']) await vote(duplicate.id, voter);
    for (const voter of ['v3', 'v4']) await vote(other.id, voter);
    expect((await list(boardId, '&sort=top')).map((p) => p.id)).toEqual([other.id, duplicate.id, target.id]);
    const result = await inlay('posts', 'merge', duplicate.id, '--into', target.id);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('1 votes moved, 1 voters had voted for both');
    await eventually(async () =>
      expect((await list(boardId, '&sort=top')).map((p) => [p.id, p.voteCount])).toEqual([
        [other.id, 2],
        [target.id, 2],
      ]),
    );
  });

  it('posts delete: refused without --yes, then gone from the list', async () => {
    const boardId = await publish('feedback', 'boards', { allowAnonymous: true });
    const post = await create(boardId, 'Spam');
    // Ranked lists answer from a snapshot and cached rows.
    expect(await list(boardId, '&sort=top')).toHaveLength(1);
    const refused = await inlay('posts', 'delete', post.id);
    expect(refused.code).toBe(2);
    expect(refused.stdout).toContain('Would delete post');
    expect(refused.stderr.trim().split('\n')).toEqual(['inlay posts: not deleted: run again with --yes to delete']);
    expect(await list(boardId, '&sort=top')).toHaveLength(1);
    expect((await inlay('posts', 'delete', post.id, '--yes')).code).toBe(0);
    await eventually(async () => expect(await list(boardId, '&sort=top')).toEqual([]));
  });

  it('boards delete: shows the counts without --yes, then the published config is gone', async () => {
    const boardId = await publish('feedback', 'boards', { allowAnonymous: true });
    const post = await create(boardId, 'One');
    await vote(post.id, 'v1');
    dataOf(await call(h.app, 'GET', `/feedback/api/v1/config/${boardId}`, { key: pub })); // cached
    const preview = await inlay('boards', 'delete', boardId, '--json');
    expect(preview.code).toBe(2);
    expect(JSON.parse(preview.stdout)).toMatchObject({ deleted: false, resource: { id: boardId, kind: 'board' }, contents: { posts: 1, votes: 1, revisions: 2 } });
    dataOf(await call(h.app, 'GET', `/feedback/api/v1/config/${boardId}`, { key: pub }));
    const deleted = await inlay('boards', 'delete', boardId, '--yes');
    expect(deleted.code).toBe(0);
    expect(deleted.stdout).toContain('1 posts, 1 votes');
    await eventually(async () => expect(errorOf(await call(h.app, 'GET', `/feedback/api/v1/config/${boardId}`, { key: pub })).code).toBe('not_found'));
  });
});

describe('inlay progress export', () => {
  it('writes CSV that parses back, with formula cells prefixed and awkward ids intact', async () => {
    const flowId = await publish('onboarding', 'flows', { items: [{ id: 'a', title: 'A' }] });
    const revisionId = dataOf<{ published: { revisionId: string } }>(await call(h.app, 'GET', `/onboarding/api/v1/flows/${flowId}`, { key: secret })).published.revisionId;
    const users = ['a,b "c"\nd', '=HYPERLINK("x")', 'plain'];
    await h.storage.transaction(async (tx) => {
          for (const userId of users) {
            await progressStore(h.storage).save(
              tx,
              { workspaceId: h.ws.id, mode: 'test', flowId, workspaceKey: '', userId },
              { revisionId, items: [{ id: 'a', state: 'completed', updatedAt: null }], startedAt: null, completedAt: '2026-02-01T00:00:00.000Z', dismissedAt: null, snoozedUntil: null, updatedAt: null },
            );
          }
        });
    const result = await inlay('progress', 'export', flowId, '--mode', 'test');
    expect(result.code).toBe(0);
    const [header, ...rows] = parseCsv(result.stdout);
    expect(header?.slice(0, 3)).toEqual(['workspaceKey', 'userId', 'state']);
    expect(rows.map((row) => row[1]).sort()).toEqual(['\'=HYPERLINK("x")', 'a,b "c"\nd', 'plain'].sort());
    expect(rows.every((row) => row[2] === 'completed' && row.at(-1) === 'completed')).toBe(true);
    expect(parseCsv((await inlay('progress', 'export', flowId)).stdout)).toHaveLength(1); // live: the header only
  });
});

describe('operator command usage', () => {
  it('exits 2 with one line on a bad call, naming what is wrong', async () => {
    const cases: [string[], string][] = [
      [['posts', 'status'], 'missing a post id'],
      [['posts', 'status', 'post_x', 'done'], 'the status must be one of open, under_review, planned, in_progress, completed, closed'],
      [['posts', 'merge', 'post_x'], 'missing --into POST_ID'],
      [['posts', 'merge', 'post_x', '--into', 'post_x'], 'A post cannot be merged into itself.'],
      [['posts', 'status', 'post_nope', 'closed'], 'No post with id "post_nope"'],
      [['posts', 'frobnicate'], 'usage: inlay posts'],
      [['flows', 'delete'], 'missing a flow id'],
      [['importers', 'delete', 'imp_nope', '--yes'], 'No importer with id "imp_nope"'],
      [['progress', 'export', 'flow_x', '--mode', 'staging'], '--mode must be test or live'],
    ];
    // Argument checking and lookups that find nothing: the CLI's code run in this process
    // (cli-in-process.ts), one call after another.
    for (const [args, message] of cases) {
      const result = await inlayInProcess([...args, '--db', h.dbPath]);
      expect(result.code, args.join(' ')).toBe(2);
      const lines = result.stderr.trim().split('\n');
      expect(lines, args.join(' ')).toHaveLength(1);
      expect(lines[0], args.join(' ')).toContain(message);
    }
  });
});
