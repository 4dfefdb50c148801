import { ApiError } from '../errors.js';

/** Cursors are opaque to clients: the last id of a page, base64url-encoded. */
export function encodeCursor(lastId: string): string {
  return Buffer.from(lastId, 'utf8').toString('base64url');
}

/** Decodes a cursor and checks it names an object of the listed kind. */
export function decodeCursor(cursor: string, idPrefix: string): string {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!new RegExp(`^${idPrefix}_[0-9a-z]{1,60}$`).test(id)) {
    throw new ApiError('parameter_invalid', 'cursor is not a cursor this list returned.', { param: 'cursor' });
  }
  return id;
}
