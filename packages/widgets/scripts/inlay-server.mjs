/**
 * Runs a real Inlay server (the `inlay` CLI of @inlay/server) as a child process for browser
 * tests and screenshots: `inlay init --json` on a fresh SQLite file, then `inlay start --port 0`
 * on the same file. Flows and boards are created, saved and published over HTTP with the secret
 * key, which stays in this (Node) process: pages only ever get publishable keys. Posts and votes
 * are seeded over HTTP with publishable keys, as a visitor's browser would send them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// Through the package's `exports`, not a path into a sibling's folder.
import { runInlay, startInlay } from '@inlay/server/testing';

/**
 * @typedef {object} InlayServer
 * @property {string} origin        e.g. http://127.0.0.1:41234
 * @property {string} baseUrl       the onboarding base URL, `${origin}/onboarding`
 * @property {string} feedbackBaseUrl the feedback base URL, `${origin}/feedback`
 * @property {string} publishableKey the test publishable key
 * @property {(name: string, config: object) => Promise<string>} publishFlow creates, saves and publishes a flow; answers its id
 * @property {(name: string) => Promise<string>} createFlow creates a flow without publishing it
 * @property {(request: {authorId: string, flowId: string, workspaceKey: string, expiresInSec?: number}) => Promise<string>} mintAuthorToken
 * @property {(request: {authorId: string, boardId: string, name?: string, role?: string, expiresInSec?: number}) => Promise<string>} mintFeedbackToken
 * @property {(name: string, config: object) => Promise<string>} publishBoard creates, saves and publishes a board; answers its id
 * @property {(id: string, name: string, config: object) => Promise<void>} republishBoard saves and publishes another config
 * @property {(name: string) => Promise<string>} createBoard creates a board without publishing it
 * @property {(boardId: string, post: {title: string, body?: string, author?: object}) => Promise<any>} createPost posts as a visitor; answers the post
 * @property {(postId: string, authorId: string) => Promise<any>} vote votes as a visitor; answers `{postId, voteCount, voted}`
 * @property {(postId: string, status: string) => Promise<void>} setPostStatus
 * @property {(postId: string, comment: {body: string, parentId?: string, author?: object, team?: {authorId: string, boardId: string, name: string}}) => Promise<any>} createComment comments as a visitor, or (`team`) with an author token minted with `role: "team"`; answers the comment
 * @property {(commentId: string, minutes: number) => Promise<void>} ageComment moves a comment's `created_at` back, as the server's tests do instead of waiting for the edit window to close
 * @property {() => Promise<string>} newPublishableKey another test publishable key of the workspace
 * @property {(flowId: string, userId: string) => Promise<{status: number, body: any}>} getProgress the hosted progress, read with the publishable key
 * @property {string} importerBaseUrl the importer base URL, `${origin}/importer`
 * @property {(name: string, config: object) => Promise<string>} publishImporter creates, saves and publishes an importer; answers its id
 * @property {(name: string) => Promise<string>} createImporter creates an importer without publishing it
 * @property {() => Promise<any[]>} importSessions the workspace's recent import sessions (usage route, secret key): id, status, counts
 * @property {(sessionId: string) => Promise<any>} sessionRows the first page of a completed session's uploaded rows (secret key)
 * @property {() => Promise<void>} stop
 */

/** @returns {Promise<InlayServer>} */
export async function startInlayServer() {
  const dir = await mkdtemp(join(tmpdir(), 'inlay-widgets-'));
  const db = join(dir, 't.db');
  const { workspaceId, keys } = JSON.parse(await runInlay(['init', '--json', '--db', db]));
  // With every package's suite (and the examples' builds) running at once on two cores, a start
  // has taken over 20 s: the default guard of 90 s.
  const server = await startInlay(['--port', '0', '--db', db]);
  const { origin } = server;
  const baseUrl = `${origin}/onboarding`;
  const feedbackBaseUrl = `${origin}/feedback`;
  const importerBaseUrl = `${origin}/importer`;

  /** A request with `key`; throws on an error status. */
  async function call(key, method, url, body) {
    const response = await fetch(url, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await response.json();
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
    return json.data;
  }
  /** A management request (secret key) to the onboarding service, or to `base`. */
  const manage = (method, path, body, base = baseUrl) => call(keys.testSecret, method, `${base}/api/v1${path}`, body);

  async function createFlow(name) {
    return (await manage('POST', '/flows', { name })).id;
  }
  async function createBoard(name) {
    return (await manage('POST', '/boards', { name }, feedbackBaseUrl)).id;
  }
  async function republishBoard(id, name, config) {
    await manage('PATCH', `/boards/${id}`, { name, config }, feedbackBaseUrl);
    await manage('POST', `/boards/${id}`, { action: 'publish' }, feedbackBaseUrl);
  }

  async function newPublishableKey() {
    const created = await runInlay(['keys', 'create', '--workspace', workspaceId, '--mode', 'test', '--kind', 'pub', '--db', db]);
    const key = /svc_test_pub_\w+/.exec(created)?.[0];
    if (!key) throw new Error(`inlay keys create printed no key: ${created}`);
    return key;
  }

  // New posts are limited per (key, client address) and per author (docs/api.md). Seeded posts
  // all come from this one address, so they rotate over extra test keys, a few posts each, and
  // each names its own author. The limiter stays on, as in production.
  let seedKey = '';
  let seedPosts = 0;
  let seedAuthors = 0;
  let voteKey = '';
  async function keyForNewPost() {
    if (seedKey === '' || seedPosts >= 8) {
      seedKey = await newPublishableKey();
      seedPosts = 0;
    }
    seedPosts += 1;
    return seedKey;
  }

  return {
    origin,
    baseUrl,
    publishableKey: keys.testPublishable,
    createFlow,
    async publishFlow(name, config) {
      const id = await createFlow(name);
      await manage('PATCH', `/flows/${id}`, { name, config });
      await manage('POST', `/flows/${id}`, { action: 'publish' });
      return id;
    },
    async mintAuthorToken(request) {
      return (await manage('POST', '/author-tokens', { expiresInSec: 900, ...request })).token;
    },
    feedbackBaseUrl,
    importerBaseUrl,
    async createImporter(name) {
      return (await manage('POST', '/importers', { name }, importerBaseUrl)).importerId;
    },
    async publishImporter(name, config) {
      const { importerId } = await manage('POST', '/importers', { name }, importerBaseUrl);
      await manage('PATCH', `/importers/${importerId}`, { name, config }, importerBaseUrl);
      await manage('POST', `/importers/${importerId}`, { action: 'publish' }, importerBaseUrl);
      return importerId;
    },
    async importSessions() {
      return (await manage('GET', '/usage', undefined, importerBaseUrl)).recentSessions ?? [];
    },
    async sessionRows(sessionId) {
      return manage('GET', `/sessions/${encodeURIComponent(sessionId)}/rows?limit=5000`, undefined, importerBaseUrl);
    },
    createBoard,
    republishBoard,
    newPublishableKey,
    async publishBoard(name, config) {
      const id = await createBoard(name);
      await republishBoard(id, name, config);
      return id;
    },
    async mintFeedbackToken(request) {
      return (await manage('POST', '/author-tokens', { expiresInSec: 900, ...request }, feedbackBaseUrl)).token;
    },
    async createPost(boardId, post) {
      const author = post.author ?? { id: `seed-author-${(seedAuthors += 1)}` };
      return call(await keyForNewPost(), 'POST', `${feedbackBaseUrl}/api/v1/posts`, { boardId, ...post, author });
    },
    async vote(postId, authorId) {
      // Its own key, so seeding leaves the page's per-key request budget alone.
      voteKey ||= await newPublishableKey();
      return call(voteKey, 'POST', `${feedbackBaseUrl}/api/v1/posts/${postId}`, { action: 'vote', author: { id: authorId } });
    },
    // A stand-in for the dashboard's feedback inbox, which has no route to set a status yet: the
    // same SQLite file, opened beside the running server as the CLI does.
    async setPostStatus(postId, status) {
      // Loaded only here: the tests never need the server's database module in this process.
      const { openDatabase } = await import('@inlay/server');
      const database = await openDatabase(db);
      try {
        await database.db.updateTable('posts').set({ status, updated_at: new Date().toISOString() }).where('id', '=', postId).execute();
      } finally {
        await database.close();
      }
    },
    async createComment(postId, { team, ...comment }) {
      const url = `${feedbackBaseUrl}/api/v1/posts/${postId}/comments`;
      if (!team) return call(await keyForNewPost(), 'POST', url, { author: { id: `seed-author-${(seedAuthors += 1)}` }, ...comment });
      const { token } = await manage('POST', '/author-tokens', { expiresInSec: 900, ...team, role: 'team' }, feedbackBaseUrl);
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${await keyForNewPost()}`, 'content-type': 'application/json', 'inlay-author-token': token },
        body: JSON.stringify(comment),
      });
      const json = await response.json();
      if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${JSON.stringify(json)}`);
      return json.data;
    },
    // The same SQLite file, as setPostStatus.
    async ageComment(commentId, minutes) {
      const { openDatabase } = await import('@inlay/server');
      const database = await openDatabase(db);
      try {
        const created = new Date(Date.now() - minutes * 60_000).toISOString();
        await database.db.updateTable('comments').set({ created_at: created }).where('id', '=', commentId).execute();
      } finally {
        await database.close();
      }
    },
    async getProgress(flowId, userId) {
      const response = await fetch(`${baseUrl}/api/v1/progress/${flowId}?userId=${encodeURIComponent(userId)}`, {
        headers: { authorization: `Bearer ${keys.testPublishable}` },
      });
      return { status: response.status, body: await response.json() };
    },
    async stop() {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
