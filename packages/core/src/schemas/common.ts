import { z } from 'zod';
import { LIMITS } from '../limits.js';

/** A resource name: 1–120 characters after trimming. */
export const NameSchema = z
  .string({ error: 'name must be a string' })
  .trim()
  .min(1, { error: 'name must not be empty' })
  .max(LIMITS.nameMaxLength, { error: `name must be at most ${LIMITS.nameMaxLength} characters` });

/** An object id such as `flow_…`: letters, digits and underscores, at most 64 characters. */
export const ObjectIdSchema = z.string().regex(/^[a-z]+_[0-9a-z]{1,60}$/, { error: 'not a valid id' });

/** ISO 8601 timestamp with milliseconds, UTC. */
export const TimestampSchema = z.iso.datetime();

/** Text shown when there is nothing to display. */
export const EmptyStateSchema = z
  .string({ error: 'emptyState must be a string' })
  .max(500, { error: 'emptyState must be at most 500 characters' });

/** An absolute http(s) URL; other schemes (javascript:, data:) are refused. */
export const HttpUrlSchema = z
  .string()
  .max(2048)
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' || url.protocol === 'http:';
      } catch {
        return false;
      }
    },
    { error: 'must be an absolute http or https URL' },
  );

/**
 * A path on the host site. Browsers read `\` as `/` and drop tabs and newlines, so `/\evil.com`
 * would leave the site: such characters are refused, and the path must resolve to the same origin.
 */
function isSitePath(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (!value.startsWith('/') || /[\\\u0000-\u0020\u007f]/.test(value)) return false;
  try {
    return new URL(value, 'https://host.invalid').origin === 'https://host.invalid';
  } catch {
    return false;
  }
}

/** A link an end user may follow: an absolute http(s) URL or a path on the host site. */
export const LinkHrefSchema = z
  .string()
  .max(2048)
  .refine((value) => isSitePath(value) || HttpUrlSchema.safeParse(value).success, {
    error: 'must be an http(s) URL or a path starting with /',
  });
