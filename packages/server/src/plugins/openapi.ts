import swagger from '@fastify/swagger';
import { ERROR_CODES, ErrorBodySchema, type ServiceName } from '@inlay/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

const TITLES: Record<ServiceName, string> = {
  onboarding: 'Inlay onboarding flows',
  feedback: 'Inlay feedback boards',
  importer: 'Inlay data importer',
};

/** Error responses every authenticated route may give, by status. */
const ERROR_STATUSES = ['400', '401', '402', '403', '404', '409', '413', '429'] as const;

function toJsonSchema(schema: unknown, io: 'input' | 'output'): unknown {
  if (!(schema instanceof z.ZodType)) return schema;
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}

/**
 * An OpenAPI 3.1 document per service, generated from the zod schemas of `@inlay/core` that the
 * routes validate with (not written by hand), served at `{base_url}/api/v1/openapi.json`.
 */
export async function registerOpenApi(app: FastifyInstance, service: ServiceName): Promise<void> {
  const errorSchema = toJsonSchema(ErrorBodySchema, 'output') as Record<string, unknown>;
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: TITLES[service],
        version: '1.0.0',
        description: `Every success body is {"data": …}; every error body is {"error": {type, code, message, param?, requestId}}. Error codes: ${Object.keys(ERROR_CODES).join(', ')}.`,
      },
      servers: [{ url: `/${service}`, description: 'This service on the server you are reading this from' }],
      components: {
        securitySchemes: {
          publishableKey: { type: 'http', scheme: 'bearer', description: 'svc_test_pub_… or svc_live_pub_…: browser routes.' },
          secretKey: { type: 'http', scheme: 'bearer', description: 'svc_test_sec_… or svc_live_sec_…: management routes; never in a browser.' },
        },
        schemas: {
          Error: errorSchema,
          ErrorCode: { type: 'string', enum: Object.keys(ERROR_CODES) },
        },
      },
    },
    transform: ({ schema, url, route }) => {
      const { params, body, querystring, headers, response, ...rest } = (schema ?? {}) as Record<string, unknown>;
      const out: Record<string, unknown> = { ...rest };
      if (params) out.params = toJsonSchema(params, 'input');
      if (body) out.body = toJsonSchema(body, 'input');
      if (querystring) out.querystring = toJsonSchema(querystring, 'input');
      if (headers) out.headers = toJsonSchema(headers, 'input');
      const responses: Record<string, unknown> = {};
      for (const [status, value] of Object.entries((response ?? {}) as Record<string, unknown>)) {
        responses[status] = toJsonSchema(value, 'output');
      }
      const auth = route.config?.auth;
      if (auth !== undefined) {
        out.security = [{ [auth === 'publishable' ? 'publishableKey' : 'secretKey']: [] }];
        for (const status of ERROR_STATUSES) responses[status] ??= { description: 'Error', ...errorSchema };
      }
      if (Object.keys(responses).length > 0) out.response = responses;
      const prefix = `/${service}`;
      return { schema: out, url: url.startsWith(prefix) ? url.slice(prefix.length) : url };
    },
  });
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
