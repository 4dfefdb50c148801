import { anonymousId } from './anonymous-id.js';

/** Where the anonymous visitor's alias is kept, beside the id it belongs to: `<id> <alias>`. */
const STORAGE_KEY = 'inlay:anonymous-alias';

/** Kept for the page's lifetime when localStorage is unavailable, as the id is. */
let inMemory: string | undefined;

/**
 * How the server shows this browser's anonymous visitor (docs/security.md, "Anonymous authors"):
 * not by its id, which acts for it, but by an alias, learnt from the first comment it writes and
 * kept beside the id. A visitor who has written nothing here has no comments to edit. @internal
 */
export function anonymousAlias(): string | undefined {
  let pair = inMemory;
  try {
    pair = localStorage.getItem(STORAGE_KEY) ?? pair;
  } catch {
    // Storage is unavailable: memory only.
  }
  const space = pair?.indexOf(' ') ?? -1;
  if (pair === undefined || space < 1) return undefined;
  return pair.slice(0, space) === anonymousId() ? pair.slice(space + 1) : undefined;
}

/** Keeps the alias a comment written by the anonymous visitor came back with. @internal */
export function rememberAnonymousAlias(alias: string): void {
  inMemory = `${anonymousId()} ${alias}`;
  try {
    localStorage.setItem(STORAGE_KEY, inMemory);
  } catch {
    // As above: the alias lasts for this page only, as the id does.
  }
}
