import { describe, expect, it } from 'vitest';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { errorOf, harness, tempDir } from './helpers.js';
import { fakeDashboardDir } from './dashboard-harness.js';

const CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

describe('the dashboard app', async () => {
  const built = await harness({ dashboardDir: fakeDashboardDir() });

  it('serves index.html at /dashboard and for client routes, the built files as they are, all under a strict CSP', async () => {
    for (const url of ['/dashboard', '/dashboard/', '/dashboard/flows/flow_1', '/dashboard/invite/abc']) {
      const response = await built.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('<title>Inlay dashboard</title>');
      expect(response.headers['content-security-policy']).toBe(CSP);
    }
    const script = await built.app.inject({ method: 'GET', url: '/dashboard/assets/app.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.headers['content-security-policy']).toBe(CSP);
    expect((await built.app.inject({ method: 'GET', url: '/dashboard/assets/missing.js' })).statusCode).toBe(404);
  });

  it('never serves files outside the folder', async () => {
    for (const url of ['/dashboard/../package.json', '/dashboard/%2e%2e/%2e%2e/package.json', '/dashboard/..%2fpackage.json']) {
      const response = await built.app.inject({ method: 'GET', url });
      expect(response.body, url).not.toContain('"name"');
    }
  });

  it('answers unknown API paths in JSON, and its API responses carry the CSP too', async () => {
    const response = await built.app.inject({ method: 'GET', url: '/dashboard/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe('route_not_found');
    const session = await built.app.inject({ method: 'GET', url: '/dashboard/api/session' });
    expect(session.headers['content-security-policy']).toBe(CSP);
  });

  it('answers 503 with a page saying how to build it when it is not built', async () => {
    const unbuilt = await harness({ dashboardDir: '/nonexistent/dashboard' });
    const response = await unbuilt.app.inject({ method: 'GET', url: '/dashboard/flows' });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('not built');
    expect(response.headers['content-security-policy']).toBe(CSP);
  });

  it('serves a dashboard built after the server started, without a restart', async () => {
    const later = join(tempDir(), 'dashboard-built-later');
    const server = await harness({ dashboardDir: later });
    const before = await server.app.inject({ method: 'GET', url: '/dashboard' });
    expect(before.statusCode).toBe(503);
    expect(before.body).toContain('No restart is needed');
    cpSync(fakeDashboardDir(), later, { recursive: true });
    const after = await server.app.inject({ method: 'GET', url: '/dashboard' });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('<title>Inlay dashboard</title>');
    expect((await server.app.inject({ method: 'GET', url: '/dashboard/assets/app.js' })).statusCode).toBe(200);
  });

  it('is not served at all with dashboard: false', async () => {
    const off = await harness({ dashboard: false, dashboardDir: fakeDashboardDir() });
    expect((await off.app.inject({ method: 'GET', url: '/dashboard' })).statusCode).toBe(404);
    expect(errorOf(await off.app.inject({ method: 'POST', url: '/dashboard/api/session', payload: { email: 'a@b.c', password: 'x' } })).code).toBe('route_not_found');
  });
});
