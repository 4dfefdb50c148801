import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../src/app.js';
import { openDatabase, type Storage } from '../src/db/connect.js';
import { setWorkspacePlan, type Plan } from '../src/repositories/platform/workspaces.js';
import { initWorkspace, type WorkspaceKeys } from '../src/workspace-setup.js';

/** A fresh directory for this test file's SQLite files, removed after the file's tests. */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'inlay-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Whether this run of the suite is the PostgreSQL one (vitest.postgres.config.ts). */
export const onPostgres = process.env.INLAY_TEST_BACKEND === 'postgres';

let databases = 0;

/**
 * A fresh, empty database for this test file, dropped after its tests: a SQLite file in a temp
 * directory, or, in the PostgreSQL run, a new database on the run's cluster. Answers what
 * `openDatabase` and `--db` take.
 */
export async function testDatabase(name = 'inlay.db'): Promise<string> {
  if (!onPostgres) return join(tempDir(), name);
  const admin = inject('postgresUrl');
  const database = `inlay_${process.pid}_${Date.now().toString(36)}_${(databases += 1)}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${database}`);
  } finally {
    await client.end();
  }
  afterAll(async () => {
    const dropper = new pg.Client({ connectionString: admin });
    await dropper.connect();
    try {
      // A pool's end() settles before its connections have closed: they are given a moment,
      // so FORCE ends only what a test left open (a connection it ends reports an error).
      for (let waited = 0; waited < 5_000; waited += 20) {
        const { rows } = await dropper.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [database]);
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await dropper.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    } finally {
      await dropper.end();
    }
  });
  const url = new URL(admin);
  url.pathname = `/${database}`;
  return url.toString();
}

export interface TestWorkspace {
  id: string;
  keys: WorkspaceKeys;
}

export interface Harness {
  app: FastifyInstance;
  storage: Storage;
  dbPath: string;
  /** Two workspaces, so every test can check the other one sees nothing. */
  ws: TestWorkspace;
  other: TestWorkspace;
  setPlan(workspaceId: string, plan: Plan): Promise<void>;
}

/** Builds an app on a real database (see {@link testDatabase}) with two workspaces and their keys. */
export async function harness(options: Partial<BuildAppOptions> = {}): Promise<Harness> {
  const dbPath = await testDatabase();
  const storage = await openDatabase(dbPath);
  const first = await initWorkspace(storage, 'Acme');
  const second = await initWorkspace(storage, 'Globex');
  const app = await buildApp({ database: storage, db: dbPath, logger: false, usageFlushIntervalMs: 0, keyCacheTtlMs: 0, ...options });
  afterAll(async () => {
    await app.close();
    await storage.close();
  });
  return {
    app,
    storage,
    dbPath,
    ws: { id: first.workspace.id, keys: first.keys },
    other: { id: second.workspace.id, keys: second.keys },
    async setPlan(workspaceId, plan) {
      await setWorkspacePlan(storage, workspaceId, plan);
      app.inlay.keys.clear();
    },
  };
}

export interface CallOptions {
  key?: string | undefined;
  body?: unknown;
  headers?: Record<string, string>;
}

/** One request through `app.inject`, with the key as a Bearer token and a JSON body. */
export function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key !== undefined) headers.authorization = `Bearer ${options.key}`;
  return app.inject({
    method,
    url,
    headers,
    ...(options.body !== undefined ? { payload: options.body as InjectOptions['payload'] } : {}),
  });
}

/** The `data` of a success body; fails the test with the body when the status is not 2xx. */
export function dataOf<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  if (response.statusCode >= 300) throw new Error(`expected success, got ${response.statusCode}: ${response.body}`);
  const body = response.json<Record<string, unknown>>();
  if (Object.keys(body).join() !== 'data') throw new Error(`success body is not {data}: ${response.body}`);
  return body.data as T;
}

/** The `error` of an error body, after checking its documented shape and the Request-Id. */
export function errorOf(response: LightMyRequestResponse): { type: string; code: string; message: string; param?: string; requestId: string } {
  const body = response.json<{ error: { type: string; code: string; message: string; param?: string; requestId: string } }>();
  if (Object.keys(body).join() !== 'error') throw new Error(`error body is not {error}: ${response.body}`);
  if (body.error.requestId !== response.headers['request-id']) throw new Error('error.requestId differs from the Request-Id header');
  return body.error;
}

export const SERVICES_UNDER_TEST = [
  { service: 'onboarding', plural: 'flows', kind: 'flow' },
  { service: 'feedback', plural: 'boards', kind: 'board' },
  { service: 'importer', plural: 'importers', kind: 'importer' },
] as const;

/** A valid draft config per service, for PATCH bodies. */
export const SAMPLE_CONFIGS = {
  onboarding: {
    requireAuthorToken: false,
    emptyState: 'Nothing to do',
    allowedOrigins: ['https://app.example.com'],
    snoozeDays: [1, 7],
    items: [{ id: 'a', title: 'First step' }, { id: 'b', title: 'Second step', dependsOn: ['a'] }],
  },
  feedback: {
    submissionsEnabled: true,
    votingEnabled: true,
    showVoteCounts: false,
    allowAnonymous: true,
    requireAuthorToken: false,
    emptyState: 'No posts yet',
    branding: { accentColor: '#4f46e5' },
  },
  importer: {
    fields: [
      { key: 'email', label: 'Email', type: 'email', required: true, unique: true },
      { key: 'plan', label: 'Plan', type: 'enum', enumValues: ['free', 'pro'] },
    ],
    duplicateKey: 'email',
  },
} as const;

/** Creates a resource with a secret key and returns its id. */
export async function createResource(app: FastifyInstance, key: string, service: string, plural: string, name = 'Test'): Promise<string> {
  const data = dataOf<{ id?: string; importerId?: string }>(await call(app, 'POST', `/${service}/api/v1/${plural}`, { key, body: { name } }));
  const id = data.id ?? data.importerId;
  if (!id) throw new Error('create returned no id');
  return id;
}

/**
 * Saves `draft` (a name and a config) as a resource's draft and publishes it, through the
 * management routes: a new resource, or `existing`. Answers its id.
 */
export async function publishResource(
  app: FastifyInstance,
  key: string,
  service: string,
  plural: string,
  draft: { name: string; config: unknown },
  existing?: string,
): Promise<string> {
  const id = existing ?? (await createResource(app, key, service, plural));
  dataOf(await call(app, 'PATCH', `/${service}/api/v1/${plural}/${id}`, { key, body: draft }));
  dataOf(await call(app, 'POST', `/${service}/api/v1/${plural}/${id}`, { key, body: { action: 'publish' } }));
  return id;
}

/** A published board named Ideas that takes anonymous posts and votes, with `config` on top. */
export function publishBoardWith(app: FastifyInstance, key: string, config: Record<string, unknown> = {}): Promise<string> {
  return publishResource(app, key, 'feedback', 'boards', { name: 'Ideas', config: { allowAnonymous: true, ...config } });
}
