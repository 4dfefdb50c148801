import type { KeyMode } from '@inlay/core';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';


import { closeDatabase, openDatabase } from '../src/db/connect.js';
import { deleteResource, previewResourceDeletion } from '../src/publishing/resource-deletion.js';
import { createSession } from '../src/repositories/importer/import-sessions.js';
import { storeRowChunk } from '../src/services/importer/import-sessions.js';
import { DEFAULT_OPTIONS } from '../src/options.js';
import { insertPost, setVote, type BoardScope } from '../src/repositories/feedback/posts.js';
import { progressStore } from '../src/repositories/onboarding/progress-store.js';
import { changePostStatus, deletePost, mergePosts } from '../src/services/feedback/inbox.js';
import { trendingScore } from '../src/services/feedback/trending.js';
import { exportProgressCsv } from '../src/services/onboarding/progress-export.js';
import { parseCsv } from './csv.js';
import { call, dataOf, errorOf, harness, onPostgres, publishResource } from './helpers.js';

const h = await harness({ rateLimits: { postsPerClient: 1000, postsPerAuthor: 1000 } });
const secret = h.ws.keys.testSecret;
const pub = h.ws.keys.testPublishable;

const publish = (service: string, plural: string, config: Record<string, unknown>, key = secret) =>
  publishResource(h.app, key, service, plural, { name: 'Operator test', config });
const publishBoard = (key = secret) => publish('feedback', 'boards', { allowAnonymous: true, showVoteCounts: true }, key);

interface Post {
  id: string;
  title: string;
  status: string;
  voteCount: number | null;
  voted: boolean;
}
const list = async (boardId: string, query = '') =>
  dataOf<{ items: Post[] }>(await call(h.app, 'GET', `/feedback/api/v1/posts?boardId=${boardId}${query}`, { key: pub })).items;
const create = async (boardId: string, title: string, body = '') =>
  dataOf<Post>(await call(h.app, 'POST', '/feedback/api/v1/posts', { key: pub, body: { boardId, title, body, author: { id: 'author_1' } } }));
const vote = (postId: string, voter: string) => call(h.app, 'POST', `/feedback/api/v1/posts/${postId}`, { key: pub, body: { action: 'vote', author: { id: voter } } });
const stored = (id: string) => h.storage.db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst();

describe('post status (operator)', () => {
  it('changes the status the public list shows, and repeating it changes nothing', async () => {
    const boardId = await publishBoard();
    const post = await create(boardId, 'Dark mode');
    expect((await list(boardId))[0]?.status).toBe('open'); // caches the row
    expect(await changePostStatus(h.storage, post.id, 'planned')).toMatchObject({ from: 'open', to: 'planned', changed: true });
    expect((await list(boardId))[0]?.status).toBe('planned');
    expect(await changePostStatus(h.storage, post.id, 'planned')).toMatchObject({ changed: false });
    await expect(changePostStatus(h.storage, 'post_nope', 'closed')).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('merging posts (operator)', () => {
  it('moves voters to the target once each, keeps the stored counts true to their definitions, and ranks the target by them', async () => {
    const boardId = await publishBoard();
    const target = await create(boardId, 'Export to CSV');
    const duplicate = await create(boardId, 'CSV export please', 'duplicate body findable');
    const other = await create(boardId, 'Dark mode');
    for (const voter of ['v1', 'v2']) dataOf(await vote(target.id, voter));
    for (const voter of ['v2', 'v3', 'v4']) dataOf(await vote(duplicate.id, voter));
    for (const voter of ['v1', 'v5', 'v6']) dataOf(await vote(other.id, voter));
    // Ties rank the newer post first.
    expect((await list(boardId, '&sort=top')).map((p) => p.id)).toEqual([other.id, duplicate.id, target.id]);

    // v3 reads the board before the merge: what this process remembers of their votes must not outlive it.
    const asV3Before = dataOf<{ items: Post[] }>(await call(h.app, 'GET', `/feedback/api/v1/posts?boardId=${boardId}&authorId=v3`, { key: pub })).items;
    expect(asV3Before.filter((p) => p.voted).map((p) => p.id)).toEqual([duplicate.id]);

    const result = await mergePosts(h.storage, duplicate.id, target.id);
    expect(result).toMatchObject({ votesMoved: 2, sharedVoters: 1, into: { id: target.id, voteCount: 4 } });

    const row = await stored(target.id);
    expect(row?.vote_count).toBe(4);
    expect(row?.trending_score).toBe(trendingScore(4, row!.created_at));
    const voters = await h.storage.db.selectFrom('votes').select('author_key').where('post_id', '=', target.id).orderBy('author_key').execute();
    expect(voters.map((v) => v.author_key)).toEqual(['u:v1', 'u:v2', 'u:v3', 'u:v4']);

    const top = await list(boardId, '&sort=top');
    expect(top.map((p) => [p.id, p.voteCount])).toEqual([
      [target.id, 4],
      [other.id, 3],
    ]);
    expect((await list(boardId, '&sort=trending'))[0]?.id).toBe(target.id);
    // A voter of the duplicate sees their vote on the target.
    const asV3 = dataOf<{ items: Post[] }>(await call(h.app, 'GET', `/feedback/api/v1/posts?boardId=${boardId}&authorId=v3`, { key: pub })).items;
    expect(asV3.find((p) => p.id === target.id)?.voted).toBe(true);
    // Voting again on the target after the merge still moves the count by one.
    expect(dataOf<{ voteCount: number }>(await vote(target.id, 'v7')).voteCount).toBe(5);
    expect((await stored(target.id))?.trending_score).toBe(trendingScore(5, row!.created_at));
  });

  it('deletes the duplicate: gone from lists and search, its id answers 404, nothing merges into it', async () => {
    const boardId = await publishBoard();
    const target = await create(boardId, 'Keyboard shortcuts');
    const duplicate = await create(boardId, 'Hotkeys', 'zyxwvu marker');
    dataOf(await vote(duplicate.id, 'v1'));
    await mergePosts(h.storage, duplicate.id, target.id);
    expect(await stored(duplicate.id)).toBeUndefined();
    expect((await list(boardId)).map((p) => p.id)).toEqual([target.id]);
    expect(await list(boardId, '&q=zyxwvu')).toEqual([]);
    expect(errorOf(await vote(duplicate.id, 'v2')).code).toBe('not_found');
    await expect(mergePosts(h.storage, target.id, duplicate.id)).rejects.toMatchObject({ code: 'not_found', param: 'into' });
    await expect(mergePosts(h.storage, duplicate.id, target.id)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('refuses a merge into itself, across boards, modes and workspaces, and changes nothing then', async () => {
    const boardId = await publishBoard();
    const otherBoard = await publishBoard();
    const otherWorkspaceBoard = await publishBoard(h.other.keys.testSecret);
    const post = await create(boardId, 'One');
    dataOf(await vote(post.id, 'v1'));
    const elsewhere = await create(otherBoard, 'Two');
    const live = await insertPost(h.storage, { workspaceId: h.ws.id, mode: 'live', boardId }, { title: 'Live', body: '', author: { key: 'u:x', id: 'x', name: null, anonymous: false } });
    const foreign = await insertPost(
      h.storage,
      { workspaceId: h.other.id, mode: 'test', boardId: otherWorkspaceBoard },
      { title: 'Foreign', body: '', author: { key: 'u:x', id: 'x', name: null, anonymous: false } },
    );
    await expect(mergePosts(h.storage, post.id, post.id)).rejects.toMatchObject({ code: 'parameter_invalid' });
    for (const into of [elsewhere.id, live.id, foreign.id]) {
      await expect(mergePosts(h.storage, post.id, into)).rejects.toMatchObject({ code: 'parameter_invalid', param: 'into' });
    }
    expect((await stored(post.id))?.vote_count).toBe(1);
    expect(await h.storage.db.selectFrom('votes').select('author_key').where('post_id', '=', post.id).execute()).toHaveLength(1);
  });
});

describe('deleting a post (operator)', () => {
  it('removes it with its votes from lists and from the search index', async () => {
    const boardId = await publishBoard();
    const keep = await create(boardId, 'Keep me', 'qwertzmarker kept');
    const gone = await create(boardId, 'Delete me', 'qwertzmarker gone');
    dataOf(await vote(gone.id, 'v1'));
    expect((await list(boardId, '&q=qwertzmarker')).map((p) => p.id).sort()).toEqual([gone.id, keep.id].sort());
    expect(await deletePost(h.storage, gone.id)).toMatchObject({ post: { id: gone.id, voteCount: 1 } });
    expect((await list(boardId)).map((p) => p.id)).toEqual([keep.id]);
    expect((await list(boardId, '&q=qwertzmarker')).map((p) => p.id)).toEqual([keep.id]);
    // PostgreSQL's search table goes with its post (migration 0030): a query through its index.
    const indexed = await (onPostgres
      ? sql<{ n: number }>`SELECT count(*) AS n FROM post_search WHERE search_text LIKE '%qwertzmarker%'`
      : sql<{ n: number }>`SELECT count(*) AS n FROM posts_fts WHERE posts_fts MATCH 'qwertzmarker'`
    ).execute(h.storage.db);
    expect(indexed.rows[0]?.n).toBe(1);
    expect(await h.storage.db.selectFrom('votes').selectAll().where('post_id', '=', gone.id).execute()).toEqual([]);
    await expect(deletePost(h.storage, gone.id)).rejects.toMatchObject({ code: 'not_found' });
  });
});

/** Rows under a resource in every table that holds some, counted without the code under test. */
async function rowsUnder(id: string): Promise<Record<string, number>> {
  const count = async (query: string) => Number((await sql<{ n: number }>`${sql.raw(query)}`.execute(h.storage.db)).rows[0]?.n);
  const q = `'${id}'`;
  return {
    resources: await count(`SELECT count(*) AS n FROM resources WHERE id = ${q}`),
    revisions: await count(`SELECT count(*) AS n FROM revisions WHERE resource_id = ${q}`),
    progress: await count(`SELECT count(*) AS n FROM progress WHERE flow_id = ${q}`),
    outcomes: await count(`SELECT count(*) AS n FROM outcomes WHERE flow_id = ${q}`),
    posts: await count(`SELECT count(*) AS n FROM posts WHERE board_id = ${q}`),
    votes: await count(`SELECT count(*) AS n FROM votes JOIN posts ON posts.id = votes.post_id WHERE posts.board_id = ${q}`),
    sessions: await count(`SELECT count(*) AS n FROM import_sessions WHERE importer_id = ${q}`),
    uploadedRows: await count(`SELECT count(*) AS n FROM import_rows JOIN import_sessions s ON s.id = import_rows.session_id WHERE s.importer_id = ${q}`),
  };
}

async function searchIndexSize(): Promise<number> {
  // SQLite: the external-content FTS table's own row count (its docsize shadow table), not the
  // posts it points at. PostgreSQL: the rows of the search table (migration 0030).
  const query = onPostgres
    ? sql<{ n: number }>`SELECT count(*) AS n FROM post_search`
    : sql<{ n: number }>`SELECT count(*) AS n FROM posts_fts_docsize`;
  return Number((await query.execute(h.storage.db)).rows[0]?.n);
}

/** Puts end-user data of both modes under a resource, as the hosted routes would store it. */
async function populate(kind: 'flow' | 'board' | 'importer', workspaceId: string, id: string, revisionId: string, userId = 'u1'): Promise<void> {
  for (const mode of ['test', 'live'] as KeyMode[]) {
    if (kind === 'flow') {
      const key = { workspaceId, mode, flowId: id, workspaceKey: 'acct', userId };
      await h.storage.transaction(async (tx) => {
              const store = progressStore(h.storage);
              await store.save(tx, key, { revisionId, items: [{ id: 'a', state: 'completed', updatedAt: null }], startedAt: null, completedAt: null, dismissedAt: null, snoozedUntil: null, updatedAt: null });
              await store.insertOutcome(tx, { key, event: 'x.done', occurredAt: new Date().toISOString(), completedItemIds: ['a'] });
            });
    } else if (kind === 'board') {
      const scope: BoardScope = { workspaceId, mode, boardId: id };
      const post = await insertPost(h.storage, scope, { title: `Post ${mode}`, body: 'resourcedeletemarker', author: { key: 'u:a', id: 'a', name: null, anonymous: false } });
      await setVote(h.storage, post, 'u:a', true);
    } else {
      const session = await createSession(h.storage, { workspaceId, mode }, { importerId: id, revisionId, metadata: {} });
      const json = JSON.stringify([{ email: 'a@example.com' }]);
      const caps = { sessionMaxRows: DEFAULT_OPTIONS.importSessionMaxRows, sessionMaxBytes: DEFAULT_OPTIONS.importSessionMaxBytes, dailyMaxRows: DEFAULT_OPTIONS.importDailyMaxRows, dailyMaxBytes: DEFAULT_OPTIONS.importDailyMaxBytes };
      await storeRowChunk(h.storage, { sessionId: session.id, workspaceId, chunk: 0, rowCount: 1, invalidRowCount: 0, json, bytes: json.length, keys: [] }, caps);
    }
  }
}

describe.each([
  { kind: 'flow', service: 'onboarding', plural: 'flows', config: { items: [{ id: 'a', title: 'A' }] } },
  { kind: 'board', service: 'feedback', plural: 'boards', config: {} },
  { kind: 'importer', service: 'importer', plural: 'importers', config: { fields: [{ key: 'email', label: 'Email', type: 'email' }] } },
] as const)('deleting a $kind (operator)', ({ kind, service, plural, config }) => {
  it('removes it with everything under it in both modes, and nothing of another resource or workspace', async () => {
    const made = [] as { id: string; workspaceId: string }[];
    for (const [key, workspaceId] of [
      [secret, h.ws.id],
      [secret, h.ws.id],
      [h.other.keys.testSecret, h.other.id],
    ] as const) {
      const id = await publish(service, plural, config, key);
      const revisionId = dataOf<{ published: { revisionId: string } }>(await call(h.app, 'GET', `/${service}/api/v1/${plural}/${id}`, { key })).published.revisionId;
      await populate(kind, workspaceId, id, revisionId);
      made.push({ id, workspaceId });
    }
    const [doomed, sibling, foreign] = made as [(typeof made)[0], (typeof made)[0], (typeof made)[0]];
    const siblingBefore = await rowsUnder(sibling.id);
    const foreignBefore = await rowsUnder(foreign.id);
    const indexBefore = await searchIndexSize();
    dataOf(await call(h.app, 'GET', `/${service}/api/v1/config/${doomed.id}`, { key: pub })); // cached

    const preview = await previewResourceDeletion(h.storage.db, kind, doomed.id);
    const deletion = await deleteResource(h.storage, kind, doomed.id);
    expect(deletion).toEqual(preview);
    expect(deletion.resource).toMatchObject({ id: doomed.id, workspaceId: doomed.workspaceId, kind });
    const before = preview.contents;
    expect(before.revisions).toBeGreaterThan(0);
    if (kind === 'flow') expect([before.progress, before.outcomes]).toEqual([2, 2]);
    if (kind === 'board') expect([before.posts, before.votes]).toEqual([2, 2]);
    if (kind === 'importer') expect([before.importSessions, before.uploadedRowChunks]).toEqual([2, 2]);

    expect(Object.values(await rowsUnder(doomed.id)).every((n) => n === 0)).toBe(true);
    expect(await rowsUnder(sibling.id)).toEqual(siblingBefore);
    expect(await rowsUnder(foreign.id)).toEqual(foreignBefore);
    expect(await searchIndexSize()).toBe(indexBefore - (kind === 'board' ? 2 : 0));
    expect(errorOf(await call(h.app, 'GET', `/${service}/api/v1/config/${doomed.id}`, { key: pub })).code).toBe('not_found');
    expect(errorOf(await call(h.app, 'GET', `/${service}/api/v1/${plural}/${doomed.id}`, { key: secret })).code).toBe('not_found');
    await expect(deleteResource(h.storage, kind, doomed.id)).rejects.toMatchObject({ code: 'not_found' });
    // Another kind's id is not this kind's resource.
    await expect(deleteResource(h.storage, kind === 'flow' ? 'board' : 'flow', sibling.id)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('deletes what is under it a part at a time, each committed before the next, and the resource last', async () => {
    const id = await publish(service, plural, config);
    const revisionId = dataOf<{ published: { revisionId: string } }>(await call(h.app, 'GET', `/${service}/api/v1/${plural}/${id}`, { key: secret })).published.revisionId;
    await populate(kind, h.ws.id, id, revisionId);
    const part = { flow: 'progress', board: 'posts', importer: 'sessions' }[kind];
    const seen: { part: string; deleted: number; left: number; resources: number }[] = [];
    let wroteBetween = false;
    const deletion = await deleteResource(h.storage, kind, id, {
      limit: 1,
      onPart: async (progress) => {
        const rows = await rowsUnder(id);
        seen.push({ ...progress, left: rows[progress.part === 'importSessions' ? 'sessions' : progress.part] ?? -1, resources: rows.resources ?? -1 });
        if (!wroteBetween) {
          // Another write commits while the deletion is under way; what it adds under the resource goes with it.
          wroteBetween = true;
          await populate(kind, h.ws.id, id, revisionId, 'u2');
        }
      },
    });
    expect(deletion.contents[part === 'sessions' ? 'importSessions' : (part as 'progress' | 'posts')]).toBe(2);
    // One row per transaction, each committed before the next (read between them): the count
    // falls by one each time, and the two rows written after the first go too.
    const first = seen.filter((entry) => entry.part === (part === 'sessions' ? 'importSessions' : part));
    expect(first.map(({ deleted }) => deleted)).toEqual([1, 2, 3, 4, 4]);
    expect(first.map(({ left }) => left)).toEqual([1, 2, 1, 0, 0]);
    expect(seen.every((entry) => entry.resources === 1)).toBe(true);
    expect(Object.values(await rowsUnder(id)).every((n) => n === 0)).toBe(true);
  });
});

describe('progress export', () => {
  it('writes every user once across pages, in RFC 4180 with formula cells defused', async () => {
    const flowId = await publish('onboarding', 'flows', { items: [{ id: 'a', title: 'A' }, { id: 'b', title: 'B' }] });
    const users = ['=1+1', 'plain', 'comma, "quote"\nnewline', '-2', '@x', '\tTab', 'zz', '+3'];
    const revisionId = dataOf<{ published: { revisionId: string } }>(await call(h.app, 'GET', `/onboarding/api/v1/flows/${flowId}`, { key: secret })).published.revisionId;
    await h.storage.transaction(async (tx) => {
          for (const [n, userId] of users.entries()) {
            await progressStore(h.storage).save(
              tx,
              { workspaceId: h.ws.id, mode: 'live', flowId, workspaceKey: n % 2 === 0 ? 'acct' : '', userId },
              { revisionId, items: [{ id: 'a', state: 'completed', updatedAt: null }], startedAt: '2026-01-01T00:00:00.000Z', completedAt: null, dismissedAt: null, snoozedUntil: null, updatedAt: null },
            );
          }
          await progressStore(h.storage).save(
              tx,
            { workspaceId: h.ws.id, mode: 'test', flowId, workspaceKey: '', userId: 'test-only' },
            { revisionId, items: [], startedAt: null, completedAt: null, dismissedAt: null, snoozedUntil: null, updatedAt: null },
          );
        });
    let chunks = 0;
    let text = '';
    for await (const chunk of exportProgressCsv(h.storage, flowId, 'live', 3)) {
      chunks++;
      text += chunk;
    }
    expect(chunks).toBe(1 + 3); // the header, then pages of 3, 3 and 2 rows
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual(['workspaceKey', 'userId', 'state', 'startedAt', 'completedAt', 'dismissedAt', 'snoozedUntil', 'updatedAt', 'revisionId', 'item:a', 'item:b']);
    expect(rows).toHaveLength(users.length);
    const byUser = new Map(rows.map((row) => [row[1], row]));
    expect([...byUser.keys()].sort()).toEqual(["'+3", "'-2", "'=1+1", "'@x", "'\tTab", 'comma, "quote"\nnewline', 'plain', 'zz'].sort());
    expect(byUser.get('plain')).toEqual(['', 'plain', 'in_progress', '2026-01-01T00:00:00.000Z', '', '', '', '', revisionId, 'completed', 'pending']);
    await expect(exportProgressCsv(h.storage, 'flow_nope', 'live').next()).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('how a running server hears of another connection\'s commits', () => {
  // SQLite: the `data_version` counter the server polls (`othersVersion`); PostgreSQL: the change bus (NOTIFY).
  it("ignores the server's own writes and hears when another connection commits", async () => {
    const boardId = await publishBoard();
    const post = await create(boardId, 'Own write');
    const heard: string[] = [];
    const stop = h.storage.changes.subscribe((change) => heard.push(change.topic));
    const before = await h.storage.read((tx) => h.storage.othersVersion(tx));
    dataOf(await vote(post.id, 'v1'));
    if (!onPostgres) expect(await h.storage.read((tx) => h.storage.othersVersion(tx))).toBe(before);
    heard.length = 0;
    const cli = await openDatabase(h.dbPath);
    try {
      await changePostStatus(cli, post.id, 'closed');
    } finally {
      await closeDatabase(cli);
    }
    try {
      if (onPostgres) {
        const deadline = Date.now() + 10_000;
        while (!heard.includes('posts') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
        expect(heard).toContain('posts');
      } else {
        expect(await h.storage.read((tx) => h.storage.othersVersion(tx))).not.toBe(before);
      }
    } finally {
      stop();
    }
  });
});
