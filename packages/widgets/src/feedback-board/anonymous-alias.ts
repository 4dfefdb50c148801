import { anonymousId } from './anonymous-id.js';
import { keptValue } from './kept-value.js';

/** The anonymous visitor's alias, kept beside the id it belongs to: `<id> <alias>`. */
const kept = keptValue('inlay:anonymous-alias');

/**
 * How the server shows this browser's anonymous visitor (docs/security.md, "Anonymous authors"):
 * not by its id, which acts for it, but by an alias, learnt from the first comment it writes and
 * kept beside the id. A visitor who has written nothing here has no comments to edit. @internal
 */
export function anonymousAlias(): string | undefined {
  const pair = kept.get();
  const space = pair?.indexOf(' ') ?? -1;
  if (pair === undefined || space < 1) return undefined;
  return pair.slice(0, space) === anonymousId() ? pair.slice(space + 1) : undefined;
}

/** Keeps the alias a comment written by the anonymous visitor came back with. @internal */
export function rememberAnonymousAlias(alias: string): void {
  kept.set(`${anonymousId()} ${alias}`);
}
