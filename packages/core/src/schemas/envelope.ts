import { z } from 'zod';
import { wholeNumberParam } from './common.js';
import { LIMITS } from '../limits.js';

/** Every success body: `{ data: … }` and nothing else at the top level. */
export function dataEnvelope<T extends z.ZodType>(data: T) {
  return z.strictObject({ data });
}

/** One page of a list: items in order and the cursor of the next page, or null at the end. */
export function listPage<T extends z.ZodType>(item: T) {
  return z.strictObject({ items: z.array(item), nextCursor: z.string().nullable() });
}

export interface ListPage<T> {
  items: T[];
  nextCursor: string | null;
}

/** `?limit=` (1–100, default 20) and `?cursor=` of every list route. */
export const ListQuerySchema = z.strictObject({
  limit: wholeNumberParam(
    z
      .number({ error: 'limit must be a whole number from 1 to 100' })
      .int({ error: 'limit must be a whole number from 1 to 100' })
      .min(1, { error: 'limit must be at least 1' })
      .max(LIMITS.listLimitMax, { error: `limit must be at most ${LIMITS.listLimitMax}` })
      .default(LIMITS.listLimitDefault),
  ),
  cursor: z.string().min(1).max(200).optional(),
});
export type ListQuery = z.infer<typeof ListQuerySchema>;

/**
 * The query of a route that takes none: any parameter is refused (`parameter_unknown`), as
 * unknown fields are everywhere (docs/errors.md). The server gives it to every API route that
 * declares no query of its own.
 */
export const NoQuerySchema = z.strictObject({});

/**
 * The body of a write that takes none (a publish, a delete, an acknowledgement): nothing (which
 * the server reads as null), `null` or `{}`; a field is refused (`parameter_unknown`) rather than
 * ignored. The server gives it to every API write that declares no body of its own.
 */
export const NoBodySchema = z.strictObject({}).nullish();
