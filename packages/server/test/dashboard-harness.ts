import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { createAccount } from '../src/repositories/platform/accounts.js';
import { harness, tempDir, type Harness } from './helpers.js';

export const PASSWORD = 'correct horse battery';

/** A folder that looks like a built dashboard app. */
export function fakeDashboardDir(): string {
  const dir = join(tempDir(), 'dashboard-dist');
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Inlay dashboard</title><script type="module" src="/dashboard/assets/app.js"></script>');
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log("dashboard");');
  return dir;
}

/** A signed-in browser: the session cookie and the CSRF token it was given. */
export interface Browser {
  cookie: string;
  csrf: string;
  call(method: InjectOptions['method'], url: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
}

export function cookieOf(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const line = (Array.isArray(header) ? header : [header ?? '']).find((value) => value.startsWith('inlay_dashboard='));
  if (!line) throw new Error(`no session cookie in ${JSON.stringify(header)}`);
  return line.split(';')[0] as string;
}

export function browserOf(app: FastifyInstance, response: LightMyRequestResponse): Browser {
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = cookieOf(response);
  const csrf = response.json<{ data: { csrfToken: string } }>().data.csrfToken;
  return {
    cookie,
    csrf,
    call: (method, url, body, headers = {}) =>
      app.inject({
        method,
        url,
        headers: { cookie, ...(method === 'GET' ? {} : { 'x-csrf-token': csrf }), ...headers },
        ...(body !== undefined ? { payload: body as InjectOptions['payload'] } : {}),
      }),
  };
}

export function signIn(app: FastifyInstance, email: string, password = PASSWORD, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/dashboard/api/session', payload: { email, password }, headers });
}

export interface DashboardHarness extends Harness {
  /** Signed in as a member of `ws` only. */
  alice: Browser;
  /** Signed in as a member of `other` only. */
  bob: Browser;
}

let counter = 0;

/** The test harness with one account per workspace, each signed in. */
export async function dashboardHarness(options: Parameters<typeof harness>[0] = {}): Promise<DashboardHarness> {
  const h = await harness({ dashboardDir: fakeDashboardDir(), ...options });
  const n = counter++;
  await createAccount(h.storage, { email: `alice${n}@acme.test`, password: PASSWORD, workspaceId: h.ws.id });
  await createAccount(h.storage, { email: `bob${n}@globex.test`, password: PASSWORD, workspaceId: h.other.id });
  const alice = browserOf(h.app, await signIn(h.app, `alice${n}@acme.test`));
  const bob = browserOf(h.app, await signIn(h.app, `bob${n}@globex.test`));
  return { ...h, alice, bob };
}
