import type { z } from 'zod';
import { ApiError } from '../errors.js';

/** A cursor holding a few fields (a keyset position), opaque to clients: base64url JSON. */
export function encodeJsonCursor(position: unknown): string {
  return Buffer.from(JSON.stringify(position), 'utf8').toString('base64url');
}

/** Decodes a cursor made by {@link encodeJsonCursor}; anything else is a 400 on `cursor`. */
export function decodeJsonCursor<S extends z.ZodType>(schema: S, value: string): z.output<S> {
  try {
    return schema.parse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
  } catch {
    throw new ApiError('parameter_invalid', 'cursor is not a cursor this list returned.', { param: 'cursor' });
  }
}
