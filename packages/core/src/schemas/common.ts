import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { originPatternProblem } from '../logic/origins.js';

/** `http://` or `https://` (any case, as URL parsing allows), then no whitespace. */
const HTTP_URL_PATTERN = /^[Hh][Tt][Tt][Pp][Ss]?:\/\/[^\s]+$/;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * Characters that show nothing: zero-width spaces and joiners, the word joiner, the BOM and the
 * soft hyphen. A name made only of them (and spaces) would show as blank on the dashboard.
 */
const INVISIBLE = '\\u00AD\\u180E\\u200B-\\u200D\\u2060\\uFEFF';

/**
 * A resource name: 1–120 characters after trimming, with at least one visible character. The
 * pattern is the check itself, so the OpenAPI document states the same rule the server applies.
 */
export const NameSchema = z
  .string({ error: 'name must be a string' })
  .trim()
  .min(1, { error: 'name must not be empty' })
  .max(LIMITS.nameMaxLength, { error: `name must be at most ${LIMITS.nameMaxLength} characters` })
  .regex(new RegExp(`[^\\s${INVISIBLE}]`), { error: 'name must have a visible character, not only spaces or zero-width characters' })
  .describe(`1–${LIMITS.nameMaxLength} characters after trimming, at least one of them visible (not a space or a zero-width character).`);

/** An object id such as `flow_…`: letters, digits and underscores, at most 64 characters. */
export const ObjectIdSchema = z.string().regex(/^[a-z]+_[0-9a-z]{1,60}$/, { error: 'not a valid id' });

/** ISO 8601 timestamp with milliseconds, UTC. */
export const TimestampSchema = z.iso.datetime();

/** Text shown when there is nothing to display. */
export const EmptyStateSchema = z
  .string({ error: 'emptyState must be a string' })
  .max(500, { error: 'emptyState must be at most 500 characters' });

/**
 * An absolute http(s) URL; other schemes (javascript:, data:) are refused. The check includes
 * the pattern, so the `format: uri` and `pattern` in the OpenAPI document are the server's rule
 * rather than a hint.
 */
export const HttpUrlSchema = z
  .string()
  .max(2048)
  .refine((value) => HTTP_URL_PATTERN.test(value) && isHttpUrl(value), { error: 'must be an absolute http or https URL' })
  .meta({ format: 'uri', pattern: HTTP_URL_PATTERN.source, description: 'An absolute http or https URL.' });

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

/** A path on the host site, or an absolute http(s) URL; a necessary condition of {@link LinkHrefSchema}. */
const LINK_HREF_PATTERN = /^(\/|[Hh][Tt][Tt][Pp][Ss]?:\/\/)[^\s]*$/;

/** A link an end user may follow: an absolute http(s) URL or a path on the host site. */
export const LinkHrefSchema = z
  .string()
  .max(2048)
  .refine((value) => LINK_HREF_PATTERN.test(value) && (isSitePath(value) || (HTTP_URL_PATTERN.test(value) && isHttpUrl(value))), {
    error: 'must be an http(s) URL or a path starting with /',
  })
  // A site path is a relative reference, so `uri-reference` rather than `uri`.
  .meta({
    format: 'uri-reference',
    pattern: LINK_HREF_PATTERN.source,
    description: 'An absolute http or https URL, or a path on the host site starting with /.',
  });

/** An origin pattern of `allowedOrigins`: `scheme://host[:port]` or `https://*.example.com` (docs/security.md). */
export const OriginPatternSchema = z.string().superRefine((value, ctx) => {
  const problem = originPatternProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: `${JSON.stringify(value)}: ${problem}` });
});

/**
 * The sites a flow, board or importer may be used from (docs/security.md, "CORS and
 * `allowedOrigins`"): a browser on another origin is refused with 403 `origin_not_allowed`. Empty
 * allows every origin.
 */
export const AllowedOriginsSchema = z.array(OriginPatternSchema).max(50);

/**
 * A whole-number query parameter (`?limit=`, `?days=`) read from its text: decimal digits only.
 * `z.coerce.number()` took `0x10`, `1e2`, `+5` and ` 5` as numbers; these now get the
 * parameter's own message. The OpenAPI document still shows an integer with its bounds.
 */
export function wholeNumberParam<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (typeof value === 'string' && /^[0-9]+$/.test(value) ? Number(value) : value), schema);
}
