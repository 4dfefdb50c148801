import { z } from 'zod';
import { decodeJsonCursor, encodeJsonCursor } from '../../platform/json-cursor.js';

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
    /** The list's filter (`status`, `categoryId`), when it has one. */
    f: z.string().max(200).optional(),
  }),
]);
export type PostCursor = z.infer<typeof CursorSchema>;

export function encodePostCursor(cursor: PostCursor): string {
  return encodeJsonCursor(cursor);
}

export function decodePostCursor(value: string): PostCursor {
  return decodeJsonCursor(CursorSchema, value);
}
