/**
 * Default bounds of the wire contract (docs/api.md). The server can raise or lower the body
 * limits through its options; the field bounds below are part of the schemas.
 */
export const LIMITS = {
  /** Largest JSON body, in bytes. */
  jsonBodyBytes: 1024 * 1024,
  /** Largest import chunk upload, in bytes. */
  importChunkBytes: 8 * 1024 * 1024,
  nameMaxLength: 120,
  checklistItemsMax: 100,
  importerFieldsMax: 500,
  postTitleMaxLength: 200,
  postBodyMaxLength: 10_000,
  searchQueryMaxLength: 200,
  commentBodyMaxLength: 5_000,
  boardCategoriesMax: 50,
  /** How long after writing it an author may edit a comment, in milliseconds. */
  commentEditWindowMs: 15 * 60_000,
  listLimitDefault: 20,
  listLimitMax: 100,
  authorTokenTtlDefaultSec: 900,
  authorTokenTtlMinSec: 60,
  authorTokenTtlMaxSec: 86_400,
} as const;
