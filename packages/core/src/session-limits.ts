/**
 * Limits of import sessions, in a module without zod so that the importer's script-tag bundle can
 * import them without the schemas (docs/decisions.md, "Widget bundle budgets (measured)").
 * schemas/sessions.ts re-exports them and uses them in its schemas.
 */

/** How long a session may be completed after it opens. */
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;

/** Most rows one upload chunk may carry, and most chunks a session may have. */
export const UPLOAD_ROWS_PER_CHUNK = 5_000;
export const UPLOAD_CHUNKS_MAX = 200;

/** Unmapped columns a row's `extra` may hold (docs/importer.md, "Columns nobody mapped"). */
export const UPLOAD_EXTRA_COLUMNS_MAX = 500;
/** Characters of a header in a row's `extra`. */
export const UPLOAD_EXTRA_HEADER_MAX = 200;
