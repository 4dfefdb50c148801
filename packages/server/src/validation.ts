import type { FastifySchemaCompiler } from 'fastify';
import { ZodType, type z } from 'zod';
import { ApiError } from './errors.js';

type Part = 'body' | 'querystring' | 'params' | 'headers';

/**
 * Route schemas are zod schemas from `@inlay/core`; this compiler runs them and turns the first
 * issue into an ApiError, which Fastify passes to the error handler untouched.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  // A plain JSON schema only documents a part (see config-route.ts); it is not enforced, and
  // `true` leaves the part as it is without a result object per request.
  if (!(schema instanceof ZodType)) return () => true;
  return (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    return { error: fromZodError(result.error, (httpPart ?? 'body') as Part) };
  };
};

/** Parses `data` or throws the ApiError for its first issue. */
export function parseOrThrow<S extends z.ZodType>(schema: S, data: unknown, where: Part = 'body'): z.output<S> {
  const result = schema.safeParse(data, { reportInput: true });
  if (!result.success) throw fromZodError(result.error, where);
  return result.data;
}

/** The first zod issue, as Stripe does: one clear problem and the dotted path of the field. */
export function fromZodError(error: z.ZodError, where: Part): ApiError {
  const issue = error.issues[0];
  const what = where === 'querystring' ? 'query' : where;
  if (!issue) return new ApiError('parameter_invalid', `The ${what} is not valid.`);
  const base = issue.path.map(String);
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0] ?? '';
    const param = [...base, key].join('.');
    const message = issue.message.startsWith('Unrecognized key')
      ? `Unknown field ${JSON.stringify(param)}: the ${what} of this route does not take it.`
      : issue.message;
    return new ApiError('parameter_unknown', message, { param });
  }
  const param = base.join('.');
  const input = 'input' in issue ? issue.input : null;
  // No body at all (no Content-Type, nothing sent) where the route takes a JSON object.
  if (where === 'body' && base.length === 0 && input == null && issue.code === 'invalid_type') {
    return new ApiError('invalid_json', 'The body is empty: this route takes a JSON object.');
  }
  // Absent, whatever the field's kind: a plain value, an enum, or a union's discriminator (`action`).
  if (input === undefined && issue.code !== 'custom') {
    return new ApiError('parameter_missing', `${param || `The ${what}`} is required.`, param ? { param } : {});
  }
  const message = param && !issue.message.startsWith(param) ? `${param}: ${issue.message}` : issue.message;
  return new ApiError('parameter_invalid', message, param ? { param } : {});
}

/** Whether a URL's query decodes: every `%` escapes two hex digits, and the bytes are UTF-8. */
export function wellFormedQuery(url: string): boolean {
  const start = url.indexOf('?');
  if (start === -1 || !url.includes('%', start)) return true;
  try {
    decodeURIComponent(url.slice(start + 1));
    return true;
  } catch {
    return false;
  }
}
