import { z } from 'zod';
import { wholeNumberParam } from './common.js';
import { UPLOAD_CHUNKS_MAX, UPLOAD_EXTRA_COLUMNS_MAX, UPLOAD_EXTRA_HEADER_MAX, UPLOAD_ROWS_PER_CHUNK } from '../session-limits.js';
import { FieldKeySchema } from './importer.js';

/** Free-form key-value pairs the host attaches to a session (Stripe-style metadata). */
export const SessionMetadataSchema = z
  .record(z.string().min(1).max(40), z.string().max(500))
  .refine((value) => Object.keys(value).length <= 20, { error: 'metadata has at most 20 keys' });

/** `POST /api/v1/sessions`: opens a session pinned to the importer's published revision. */
export const CreateSessionBodySchema = z.strictObject({
  importerId: z.string().min(1).max(64),
  metadata: SessionMetadataSchema.optional(),
});
export type CreateSessionBody = z.input<typeof CreateSessionBodySchema>;

/** Which source column (by its header text) fills each field. */
export const ColumnMappingSchema = z.record(FieldKeySchema, z.string().max(500));
export type ColumnMapping = z.infer<typeof ColumnMappingSchema>;

/** `POST /api/v1/sessions/:id/complete`. Rows stay in the browser unless uploaded separately. */
export const CompleteSessionBodySchema = z.strictObject({
  mapping: ColumnMappingSchema,
  rowCount: z.number().int().min(0).max(100_000_000),
  errorCount: z.number().int().min(0).max(100_000_000),
});
export type CompleteSessionBody = z.infer<typeof CompleteSessionBodySchema>;

export const SessionStatusSchema = z.enum(['open', 'completed', 'expired']);
export type SessionStatus = z.infer<typeof SessionStatusSchema>;

/** An import session: metadata and counts, never row contents. */
export const ImportSessionSchema = z.strictObject({
  id: z.string(),
  object: z.literal('import_session'),
  importerId: z.string(),
  revisionId: z.string(),
  mode: z.enum(['test', 'live']),
  status: SessionStatusSchema,
  metadata: z.record(z.string(), z.string()),
  mapping: ColumnMappingSchema.nullable(),
  rowCount: z.number().int().nullable(),
  errorCount: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
});
export type ImportSession = z.infer<typeof ImportSessionSchema>;

export { SESSION_TTL_MS, UPLOAD_CHUNKS_MAX, UPLOAD_ROWS_PER_CHUNK } from '../session-limits.js';

/**
 * `POST /api/v1/sessions/:id/rows`: one chunk of rows, as objects keyed by field key, for
 * delivery by webhook. Chunks are numbered from 0; sending a chunk number again replaces it,
 * so retries are safe. Cells are sent as the user fixed them; the server validates them again.
 */
/** A value of a field, as the user fixed it. */
const RowValueSchema = z.union([z.string().max(10_000), z.number(), z.boolean(), z.null()]);

/**
 * The unmapped cells of a row (docs/importer.md, "Columns nobody mapped"): file header to the
 * cell's text, sent with the importer's `unmappedColumns: "keep"`.
 */
export const RowExtraSchema = z.record(z.string().max(UPLOAD_EXTRA_HEADER_MAX), z.string().max(10_000)).meta({ maxProperties: UPLOAD_EXTRA_COLUMNS_MAX });

export type RowExtra = z.infer<typeof RowExtraSchema>;

/**
 * One row: field key to value, and with `unmappedColumns: "keep"` its unmapped cells under
 * `extra` (a field keyed `extra` is refused in such an importer's config).
 */
const UploadRowSchema = z
  .object({ extra: z.union([RowExtraSchema, RowValueSchema]).optional() })
  .catchall(RowValueSchema)
  .refine((row) => Object.keys(row).every((key) => key.length <= 64), { error: 'row keys are field keys, at most 64 characters' })
  .refine((row) => !isExtraObject(row.extra) || Object.keys(row.extra).length <= UPLOAD_EXTRA_COLUMNS_MAX, {
    error: `extra holds at most ${UPLOAD_EXTRA_COLUMNS_MAX} columns`,
    path: ['extra'],
  });

/** Whether a row's `extra` holds unmapped cells rather than the value of a field keyed `extra`. */
export function isExtraObject(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null;
}

export const UploadRowsBodySchema = z.strictObject({
  chunk: z.number().int().min(0).max(UPLOAD_CHUNKS_MAX - 1),
  rows: z
    .array(UploadRowSchema)
    .min(1)
    .max(UPLOAD_ROWS_PER_CHUNK, { error: `a chunk has at most ${UPLOAD_ROWS_PER_CHUNK} rows` }),
});
export type UploadRowsBody = z.infer<typeof UploadRowsBodySchema>;

/** What an upload answers: the server's own validation of the chunk. */
export const UploadRowsResultSchema = z.strictObject({
  sessionId: z.string(),
  chunk: z.number().int(),
  rowCount: z.number().int(),
  invalidRowCount: z.number().int(),
  /** The first problems found (row numbers within the chunk). */
  errors: z.array(z.strictObject({ row: z.number().int(), field: z.string(), code: z.string(), message: z.string() })),
});
export type UploadRowsResult = z.infer<typeof UploadRowsResultSchema>;

/**
 * `GET /api/v1/sessions/:id/chunks` (publishable): which chunks the server has stored, so an
 * upload that lost its place resumes at the first chunk missing (docs/importer.md#server-delivery).
 */
export const UploadStatusSchema = z.strictObject({
  object: z.literal('import_upload'),
  sessionId: z.string(),
  status: SessionStatusSchema,
  /** Chunk numbers stored, ascending. */
  chunks: z.array(z.number().int()),
  /** Rows in those chunks. */
  rowCount: z.number().int(),
});
export type UploadStatus = z.infer<typeof UploadStatusSchema>;

/** Most rows one page of `GET /api/v1/sessions/:id/rows` carries, and the default. */
export const SESSION_ROWS_PAGE_MAX = UPLOAD_ROWS_PER_CHUNK;
export const SESSION_ROWS_PAGE_DEFAULT = 1_000;

/** `GET /api/v1/sessions/:id/rows` (secret): `?limit=` (1–5,000, default 1,000) and `?cursor=`. */
export const SessionRowsQuerySchema = z.strictObject({
  limit: wholeNumberParam(
    z
      .number({ error: `limit must be a whole number from 1 to ${SESSION_ROWS_PAGE_MAX}` })
      .int({ error: `limit must be a whole number from 1 to ${SESSION_ROWS_PAGE_MAX}` })
      .min(1, { error: 'limit must be at least 1' })
      .max(SESSION_ROWS_PAGE_MAX, { error: `limit must be at most ${SESSION_ROWS_PAGE_MAX}` })
      .default(SESSION_ROWS_PAGE_DEFAULT),
  ),
  cursor: z.string().min(1).max(200).optional(),
});
export type SessionRowsQuery = z.input<typeof SessionRowsQuerySchema>;

/** One uploaded row as stored: field key to the value the user fixed. */
export const SessionRowSchema = UploadRowsBodySchema.shape.rows.element;
export type SessionRow = z.infer<typeof SessionRowSchema>;

/**
 * A page of a session's rows, in the file's order (chunk by chunk): `firstRow` is the position
 * of `items[0]` among the rows served (from 0), `nextCursor` null on the last page.
 */
export const SessionRowsPageSchema = z.strictObject({
  items: z.array(SessionRowSchema),
  firstRow: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type SessionRowsPage = z.infer<typeof SessionRowsPageSchema>;

/** `POST /api/v1/sessions/:id/acknowledge` (secret): the rows were received and are deleted. */
export const RowsAcknowledgementSchema = z.strictObject({
  object: z.literal('import_rows_acknowledgement'),
  sessionId: z.string(),
  acknowledgedAt: z.iso.datetime(),
});
export type RowsAcknowledgement = z.infer<typeof RowsAcknowledgementSchema>;
