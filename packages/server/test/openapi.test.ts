import { ERROR_CODES, SERVICE_NAMES } from '@inlay/core';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';

const app = await buildApp({ logger: false });
await app.ready();
afterAll(() => app.close());

interface OpenApi {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, { security?: unknown[]; requestBody?: unknown; responses?: Record<string, unknown>; parameters?: unknown[] }>>;
  components: { schemas: { ErrorCode: { enum: string[] } } };
}

async function documentOf(service: string): Promise<OpenApi> {
  const response = await app.inject({ method: 'GET', url: `/${service}/api/v1/openapi.json` });
  expect(response.statusCode).toBe(200);
  return response.json<OpenApi>();
}

/** Method and OpenAPI path of every documented-to-be route of a service, from Fastify's router. */
function registeredRoutes(service: string): string[] {
  const found = new Set<string>();
  const tree = app.printRoutes({ commonPrefix: false });
  for (const line of tree.split('\n')) {
    const match = /(\/\S+) \(([A-Z, ]+)\)/.exec(line.replace(/^[\s│├└─]+/, ''));
    if (!match?.[1] || !match[2]) continue;
    const path = match[1];
    if (!path.startsWith(`/${service}/`) || path.includes('*') || path.endsWith('/openapi.json')) continue;
    for (const method of match[2].split(',').map((m) => m.trim())) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      found.add(`${method} ${path.slice(service.length + 1).replace(/:(\w+)/g, '{$1}')}`);
    }
  }
  return [...found].sort();
}

describe.each(SERVICE_NAMES)('%s OpenAPI document', (service) => {
  it('is OpenAPI 3.1 for the service base URL', async () => {
    const doc = await documentOf(service);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers[0]?.url).toBe(`/${service}`);
  });

  it('documents every registered route of the service', async () => {
    const doc = await documentOf(service);
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`));
    const registered = registeredRoutes(service);
    expect(registered.length).toBeGreaterThan(5);
    for (const route of registered) expect(documented, route).toContain(route);
  });

  it('describes bodies and responses from the zod schemas, with security per key kind', async () => {
    const doc = await documentOf(service);
    const plural = { onboarding: 'flows', feedback: 'boards', importer: 'importers' }[service];
    const patch = doc.paths[`/api/v1/${plural}/{id}`]?.patch;
    expect(patch?.requestBody).toBeDefined();
    expect(JSON.stringify(patch?.requestBody)).toContain('"config"');
    expect(patch?.responses?.['200']).toBeDefined();
    expect(patch?.responses?.['404']).toBeDefined();
    expect(JSON.stringify(patch?.security)).toContain('secretKey');
    expect(JSON.stringify(doc.paths['/api/v1/config/{id}']?.get?.security)).toContain('publishableKey');
  });

  it('lists exactly the error codes the server has', async () => {
    const doc = await documentOf(service);
    expect(doc.components.schemas.ErrorCode.enum.sort()).toEqual(Object.keys(ERROR_CODES).sort());
  });
});
