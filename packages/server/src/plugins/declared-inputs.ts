import { NoBodySchema, NoQuerySchema } from '@inlay/core';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import fp from 'fastify-plugin';

/** The JSON API: the services' routes and the dashboard's. MCP speaks JSON-RPC and is left to its transport. */
const API_ROUTE = /^\/(?:[a-z]+\/api\/v1|dashboard\/api)\//;
const WRITES = new Set<string>(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Unknown fields are refused, never dropped (docs/errors.md), on routes that take no query or no
 * body too: an API route that declares no query schema gets {@link NoQuerySchema}, and a write
 * that declares no body schema gets {@link NoBodySchema}, so `?foo=1` or `{"foo": 1}` answers
 * 400 `parameter_unknown` naming the field, like a route with a schema. CORS preflights
 * (OPTIONS) are left alone: a browser sends the page's query with them and must get its answer.
 */
export const declaredInputsPlugin = fp(
  (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      if (!API_ROUTE.test(route.url)) return;
      const methods = ([] as HTTPMethods[]).concat(route.method);
      if (methods.includes('OPTIONS')) return;
      const schema = { ...route.schema };
      schema.querystring ??= NoQuerySchema;
      if (schema.body === undefined && methods.some((method) => WRITES.has(method))) schema.body = NoBodySchema;
      route.schema = schema;
    });
  },
  { name: 'inlay-declared-inputs' },
);
