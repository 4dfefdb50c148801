import { z } from 'zod';
import { ApiError } from '../../errors.js';

/**
 * Cursors of the post list, opaque to clients (base64url JSON):
 * - `n`: newest-first keyset, the last id seen;
 * - `s`: a ranked snapshot and the offset in it, with the last (value, id) and the snapshot's
 *   time for a keyset fallback when the snapshot is gone.
 */
const CursorSchema = z.discriminatedUnion('k', [
  z.strictObject({ k: z.literal('n'), id: z.string().max(64) }),
  z.strictObject({
    k: z.literal('s'),
    s: z.string().max(32),
    o: z.number().int().min(0),
    v: z.number(),
    id: z.string().max(64),
    t: z.string().max(40),
    q: z.string().max(200).optional(),
    sort: z.enum(['top', 'new', 'trending']),
    m: z.enum(['all', 'any']).optional(),
  }),
]);
export type PostCursor = z.infer<typeof CursorSchema>;

export function encodePostCursor(cursor: PostCursor): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

export function decodePostCursor(value: string): PostCursor {
  try {
    return CursorSchema.parse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
  } catch {
    throw new ApiError('parameter_invalid', 'cursor is not a cursor this list returned.', { param: 'cursor' });
  }
}
