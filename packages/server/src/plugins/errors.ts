import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { ApiError } from '../errors.js';
import { fromZodError } from '../validation.js';
import { drainRefusedBody } from './refused-body.js';

/**
 * One error handler for the whole server: ApiError, zod validation issues, Fastify's own
 * errors (bad JSON, too large, wrong content type) and anything else, all rendered in the
 * documented shape. 5xx messages are hidden and logged instead.
 */
export const errorsPlugin = fp(
  (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | ApiError | z.ZodError, request, reply) => {
      const apiError = toApiError(error, request);
      if (apiError?.code === 'body_too_large') drainRefusedBody(request, reply);
      if (apiError) return sendApiError(request, reply, apiError);
      request.log.error({ err: error }, 'unhandled error');
      return sendApiError(request, reply, new ApiError('internal_error', 'An internal error occurred. Quote the requestId when asking for help.'));
    });

    app.setNotFoundHandler((request, reply) =>
      sendApiError(request, reply, new ApiError('route_not_found', `No route ${request.method} ${request.url.split('?')[0]}.`)),
    );
  },
  { name: 'inlay-errors' },
);

export function sendApiError(request: FastifyRequest, reply: FastifyReply, error: ApiError): FastifyReply {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  reply.header('Request-Id', request.id);
  return reply.code(error.status).send({
    error: {
      type: error.type,
      code: error.code,
      message: error.message,
      ...(error.param !== undefined ? { param: error.param } : {}),
      ...(error.current !== undefined ? { current: error.current } : {}),
      requestId: request.id,
    },
  });
}

function toApiError(error: unknown, request: FastifyRequest): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (error instanceof z.ZodError) return fromZodError(error, 'body');
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError('invalid_json', 'The body is not valid JSON.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('body_too_large', `The body is larger than this route allows (${request.routeOptions.bodyLimit} bytes).`);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError('unsupported_content_type', 'Send the body as application/json.');
    default:
      break;
  }
  // Other client errors raised by Fastify itself (e.g. a malformed URL): keep the 4xx meaning.
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new ApiError('parameter_invalid', (error as Error).message);
  }
  return undefined;
}
