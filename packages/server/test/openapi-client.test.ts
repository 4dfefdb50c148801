import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { SERVICE_NAMES } from '@inlay/core';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness } from './helpers.js';

/**
 * A client generated from the served documents (openapi-typescript for the types, openapi-fetch
 * for the calls) runs the docs' main flows against a real server on port 0 (docs/api.md). The
 * flows are one TypeScript file written next to the generated types: `tsc --noEmit` proves the
 * types describe the calls, and running it proves the server answers as they say.
 */
const run = promisify(execFile);
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const tscBin = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');

const h = await harness();
const baseUrl = await h.app.listen({ port: 0, host: '127.0.0.1' });
const dir = mkdtempSync(join(tmpdir(), 'inlay-openapi-client-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The flows, written against the generated `paths` of each service. */
const FLOWS = `
import createClient from 'openapi-fetch';
import type { paths as Onboarding } from './onboarding.js';
import type { paths as Feedback } from './feedback.js';
import type { paths as Importer } from './importer.js';

export interface Keys { testSecret: string; testPublishable: string }

function fail(step: string, response: Response, error: unknown): never {
  throw new Error(step + ': ' + response.status + ' ' + JSON.stringify(error));
}

export async function onboarding(baseUrl: string, keys: Keys) {
  const secret = createClient<Onboarding>({ baseUrl: baseUrl + '/onboarding', headers: { Authorization: 'Bearer ' + keys.testSecret } });
  const browser = createClient<Onboarding>({ baseUrl: baseUrl + '/onboarding', headers: { Authorization: 'Bearer ' + keys.testPublishable } });

  const created = await secret.POST('/api/v1/flows', { body: { name: 'Welcome' }, params: { header: { 'Idempotency-Key': 'create-welcome' } } });
  if (!created.data) fail('createFlow', created.response, created.error);
  const flowId: string = created.data.data.id;
  const replayed = await secret.POST('/api/v1/flows', { body: { name: 'Welcome' }, params: { header: { 'Idempotency-Key': 'create-welcome' } } });
  const saved = await secret.PATCH('/api/v1/flows/{id}', {
    params: { path: { id: flowId } },
    body: {
      name: 'Welcome',
      config: {
        items: [
          { id: 'profile', title: 'Fill in your profile', action: { label: 'Open', href: '/settings/profile' } },
          { id: 'invite', title: 'Invite a teammate', dependsOn: ['profile'] },
        ],
      },
    },
  });
  if (!saved.data) fail('saveFlowDraft', saved.response, saved.error);
  const published = await secret.POST('/api/v1/flows/{id}', { params: { path: { id: flowId } }, body: { action: 'publish' } });
  if (!published.data) fail('publishFlow', published.response, published.error);

  const config = await browser.GET('/api/v1/config/{id}', { params: { path: { id: flowId } } });
  if (!config.data) fail('getPublishedFlowConfig', config.response, config.error);
  const etag = config.response.headers.get('ETag') ?? '';
  const revalidated = await browser.GET('/api/v1/config/{id}', { params: { path: { id: flowId }, header: { 'If-None-Match': etag } } });

  const token = await secret.POST('/api/v1/author-tokens', { body: { authorId: 'user_1', flowId, workspaceKey: 'acct_1' } });
  if (!token.data) fail('createAuthorToken', token.response, token.error);
  // With a token the body may leave userId out; without one it names the user.
  const withToken = await browser.POST('/api/v1/progress/{flowId}/items/{itemId}/complete', {
    params: { path: { flowId, itemId: 'profile' }, header: { 'Inlay-Author-Token': token.data.data.token } },
    body: {},
  });
  if (!withToken.data) fail('completeItem', withToken.response, withToken.error);
  const withoutToken = await browser.GET('/api/v1/progress/{flowId}', { params: { path: { flowId }, query: { userId: 'user_2' } } });
  if (!withoutToken.data) fail('getProgress', withoutToken.response, withoutToken.error);
  const missingUser = await browser.POST('/api/v1/progress/{flowId}/dismiss', { params: { path: { flowId } }, body: {} });

  return {
    flowId,
    replayedHeader: replayed.response.headers.get('Idempotent-Replayed'),
    replayedId: replayed.data?.data.id,
    configName: config.data.data.name,
    itemIds: config.data.data.config.items.map((item) => item.id),
    etag,
    revalidatedStatus: revalidated.response.status,
    progressWithToken: { userId: withToken.data.data.userId, doneCount: withToken.data.data.doneCount },
    progressWithoutToken: withoutToken.data.data.state,
    missingUser: { status: missingUser.response.status, code: missingUser.error?.error.code, requestId: missingUser.response.headers.get('Request-Id') === missingUser.error?.error.requestId },
  };
}

export async function feedback(baseUrl: string, keys: Keys) {
  const secret = createClient<Feedback>({ baseUrl: baseUrl + '/feedback', headers: { Authorization: 'Bearer ' + keys.testSecret } });
  const browser = createClient<Feedback>({ baseUrl: baseUrl + '/feedback', headers: { Authorization: 'Bearer ' + keys.testPublishable } });

  const created = await secret.POST('/api/v1/boards', { body: { name: 'Ideas' } });
  if (!created.data) fail('createBoard', created.response, created.error);
  const boardId = created.data.data.id;
  const saved = await secret.PATCH('/api/v1/boards/{id}', {
    params: { path: { id: boardId } },
    body: { name: 'Ideas', config: { branding: { logoUrl: 'https://example.com/logo.png', accentColor: '#4f46e5' } } },
  });
  if (!saved.data) fail('saveBoardDraft', saved.response, saved.error);
  const published = await secret.POST('/api/v1/boards/{id}', { params: { path: { id: boardId } }, body: { action: 'publish' } });
  if (!published.data) fail('publishBoard', published.response, published.error);

  const post = await browser.POST('/api/v1/posts', { body: { boardId, title: 'Dark mode', body: 'Please', author: { id: 'user_1', name: 'Ada' } } });
  if (!post.data) fail('createPost', post.response, post.error);
  const vote = await browser.POST('/api/v1/posts/{id}', { params: { path: { id: post.data.data.id } }, body: { action: 'vote', author: { id: 'user_2' } } });
  if (!vote.data) fail('votePost', vote.response, vote.error);
  const list = await browser.GET('/api/v1/posts', { params: { query: { boardId, sort: 'top', authorId: 'user_2' } } });
  if (!list.data) fail('listPosts', list.response, list.error);
  const badLogo = await secret.PATCH('/api/v1/boards/{id}', {
    params: { path: { id: boardId } },
    body: { name: 'Ideas', config: { branding: { logoUrl: 'javascript:alert(1)' } } },
  });
  return {
    vote: vote.data.data,
    listed: list.data.data.items.map((item) => ({ title: item.title, voted: item.voted, voteCount: item.voteCount })),
    badLogo: { status: badLogo.response.status, param: badLogo.error?.error.param },
  };
}

export async function importer(baseUrl: string, keys: Keys) {
  const secret = createClient<Importer>({ baseUrl: baseUrl + '/importer', headers: { Authorization: 'Bearer ' + keys.testSecret } });
  const browser = createClient<Importer>({ baseUrl: baseUrl + '/importer', headers: { Authorization: 'Bearer ' + keys.testPublishable } });

  const created = await secret.POST('/api/v1/importers', { body: { name: 'Contacts' } });
  if (!created.data) fail('createImporter', created.response, created.error);
  const importerId = created.data.data.importerId;
  const saved = await secret.PATCH('/api/v1/importers/{id}', {
    params: { path: { id: importerId } },
    body: {
      name: 'Contacts',
      config: {
        fields: [
          { key: 'email', label: 'Email', type: 'email', required: true },
          { key: 'plan', label: 'Plan', type: 'enum', enumValues: ['free', 'pro'] },
        ],
      },
    },
  });
  if (!saved.data) fail('saveImporterDraft', saved.response, saved.error);
  const published = await secret.POST('/api/v1/importers/{id}', { params: { path: { id: importerId } }, body: { action: 'publish' } });
  if (!published.data) fail('publishImporter', published.response, published.error);
  const session = await browser.POST('/api/v1/sessions', { body: { importerId } });
  if (!session.data) fail('createSession', session.response, session.error);
  return { importerId, sessionStatus: session.data.data.status, sessionImporter: session.data.data.importerId };
}
`;

/**
 * Misuse the generated types must refuse: each line is an error tsc reports, so the document
 * carries the rules (not only the shapes) a client relies on.
 */
const MISUSE = `
import createClient from 'openapi-fetch';
import type { paths as Importer } from './importer.js';
import type { paths as Onboarding } from './onboarding.js';

const importer = createClient<Importer>({ baseUrl: '' });
const onboarding = createClient<Onboarding>({ baseUrl: '' });
const fields = { key: 'plan', label: 'Plan' };

export async function misuse() {
  // @ts-expect-error enumValues only with type "enum"
  await importer.PATCH('/api/v1/importers/{id}', { params: { path: { id: 'imp_1' } }, body: { name: 'x', config: { fields: [{ ...fields, type: 'string', enumValues: ['a'] }] } } });
  // @ts-expect-error an enum field needs enumValues
  await importer.PATCH('/api/v1/importers/{id}', { params: { path: { id: 'imp_1' } }, body: { name: 'x', config: { fields: [{ ...fields, type: 'enum' }] } } });
  // @ts-expect-error Idempotency-Key is a declared header, and it is a string
  await onboarding.POST('/api/v1/flows', { body: { name: 'x' }, params: { header: { 'Idempotency-Key': 1 } } });
}
`;

const keys = { testSecret: h.ws.keys.testSecret, testPublishable: h.ws.keys.testPublishable };

beforeAll(async () => {
  // The flows resolve openapi-fetch from the repository's node_modules.
  symlinkSync(join(repoRoot, 'node_modules'), join(dir, 'node_modules'), 'dir');
  for (const service of SERVICE_NAMES) {
    const response = await fetch(`${baseUrl}/${service}/api/v1/openapi.json`);
    expect(response.status).toBe(200);
    const types = astToString(await openapiTS((await response.json()) as Parameters<typeof openapiTS>[0]));
    writeFileSync(join(dir, `${service}.ts`), types);
  }
  writeFileSync(join(dir, 'flows.ts'), FLOWS);
  writeFileSync(join(dir, 'misuse.ts'), MISUSE);
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2023', 'DOM'],
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        noUncheckedIndexedAccess: true,
        skipLibCheck: true,
        noEmit: true,
        types: [],
      },
      include: ['*.ts'],
    }),
  );
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
}, 60_000);

describe('a client generated from the OpenAPI documents', () => {
  it('type-checks the docs’ main flows (and refuses misuse) with the generated types', async () => {
    const result = await run(process.execPath, [tscBin, '-p', join(dir, 'tsconfig.json')]).then(
      () => ({ ok: true, output: '' }),
      (error: { stdout?: string; stderr?: string }) => ({ ok: false, output: `${error.stdout ?? ''}${error.stderr ?? ''}` }),
    );
    expect(result.output).toBe('');
    expect(result.ok).toBe(true);
  }, 120_000);

  it('runs the flows against a real server', async () => {
    const flows = (await import(pathToFileURL(join(dir, 'flows.ts')).href)) as {
      onboarding: (baseUrl: string, keys: object) => Promise<Record<string, unknown>>;
      feedback: (baseUrl: string, keys: object) => Promise<Record<string, unknown>>;
      importer: (baseUrl: string, keys: object) => Promise<Record<string, unknown>>;
    };

    const onboarding = await flows.onboarding(baseUrl, keys);
    expect(onboarding).toMatchObject({
      replayedHeader: 'true',
      replayedId: onboarding.flowId,
      configName: 'Welcome',
      itemIds: ['profile', 'invite'],
      revalidatedStatus: 304,
      progressWithToken: { userId: 'user_1', doneCount: 1 },
      progressWithoutToken: 'not_started',
      missingUser: { status: 400, code: 'parameter_missing', requestId: true },
    });
    expect(onboarding.etag).not.toBe('');

    expect(await flows.feedback(baseUrl, keys)).toEqual({
      vote: expect.objectContaining({ voted: true, voteCount: 1 }),
      listed: [{ title: 'Dark mode', voted: true, voteCount: 1 }],
      badLogo: { status: 400, param: 'config.branding.logoUrl' },
    });

    expect(await flows.importer(baseUrl, keys)).toMatchObject({ sessionStatus: 'open' });
  }, 60_000);
});
