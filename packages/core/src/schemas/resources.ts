import { z } from 'zod';
import { NameSchema, TimestampSchema } from './common.js';

/** The three kinds of configurable resource, one per service. */
export const ResourceKindSchema = z.enum(['flow', 'board', 'importer']);
export type ResourceKind = z.infer<typeof ResourceKindSchema>;

/** `POST /api/v1/{flows|boards|importers}`: seeds 000–002. */
export const CreateResourceBodySchema = z.strictObject({ name: NameSchema });
export type CreateResourceBody = z.infer<typeof CreateResourceBodySchema>;

/** `PATCH /api/v1/{…}/:id`: the sent name and config become the draft. */
export function saveDraftBodySchema<C extends z.ZodType>(config: C) {
  return z.strictObject({ name: NameSchema, config });
}

/** `POST /api/v1/{…}/:id`: the only action is `publish`. */
export const ResourceActionBodySchema = z.strictObject({
  action: z.literal('publish', { error: 'action must be "publish"' }),
});
export type ResourceActionBody = z.infer<typeof ResourceActionBodySchema>;

/** A revision as listed with its resource; revisions never change once written. */
export const RevisionSummarySchema = z.strictObject({
  id: z.string(),
  number: z.number().int().min(1),
  name: z.string(),
  createdAt: TimestampSchema,
});
export type RevisionSummary = z.infer<typeof RevisionSummarySchema>;

export function revisionSchema<C extends z.ZodType>(config: C) {
  return RevisionSummarySchema.extend({ config });
}

/** The draft: the latest saved name and config, and the revision that recorded them. */
export function draftSchema<C extends z.ZodType>(config: C) {
  return z.strictObject({ name: z.string(), config, revisionId: z.string() });
}

/** The live config: a copy of one revision, taken atomically at publish. */
export function publishedSchema<C extends z.ZodType>(config: C) {
  return z.strictObject({ name: z.string(), config, revisionId: z.string(), publishedAt: TimestampSchema });
}

/** How many revisions GET of one resource lists, newest first. */
export const REVISIONS_LISTED = 100;

/** `GET /api/v1/{…}/:id`: the record, its revisions, draft and published config. */
export function resourceRecordSchema<K extends ResourceKind, C extends z.ZodType>(kind: K, config: C) {
  return z.strictObject({
    id: z.string(),
    object: z.literal(kind),
    name: z.string(),
    draft: draftSchema(config),
    published: publishedSchema(config).nullable(),
    revisions: z.array(RevisionSummarySchema),
    revisionCount: z.number().int(),
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
  });
}

/** One row of `GET /api/v1/{…}`. */
export function resourceSummarySchema<K extends ResourceKind>(kind: K) {
  return z.strictObject({
    id: z.string(),
    object: z.literal(kind),
    name: z.string(),
    draftRevisionId: z.string(),
    publishedRevisionId: z.string().nullable(),
    publishedAt: TimestampSchema.nullable(),
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
  });
}

export interface ResourceSummary<K extends ResourceKind = ResourceKind> {
  id: string;
  object: K;
  name: string;
  draftRevisionId: string;
  publishedRevisionId: string | null;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ResourceRecord<K extends ResourceKind = ResourceKind, C = unknown> {
  id: string;
  object: K;
  name: string;
  draft: { name: string; config: C; revisionId: string };
  published: { name: string; config: C; revisionId: string; publishedAt: string } | null;
  revisions: RevisionSummary[];
  revisionCount: number;
  createdAt: string;
  updatedAt: string;
}

/** PATCH result: `{revisionId}` (seeds 001, 002; onboarding answers the same). */
export const SaveDraftResultSchema = z.strictObject({ revisionId: z.string() });
export type SaveDraftResult = z.infer<typeof SaveDraftResultSchema>;

/** Publish result: which revision is now live, and since when. */
export const PublishResultSchema = z.strictObject({
  id: z.string(),
  revisionId: z.string(),
  publishedAt: TimestampSchema,
});
export type PublishResult = z.infer<typeof PublishResultSchema>;

/** Importer create result (docs/importer.md). */
export const ImporterCreateResultSchema = z.strictObject({ importerId: z.string(), revisionId: z.string() });
export type ImporterCreateResult = z.infer<typeof ImporterCreateResultSchema>;

/** `GET /api/v1/config/:id` (publishable): the published config only, never the draft. */
export function publishedConfigSchema<K extends ResourceKind, C extends z.ZodType>(kind: K, config: C) {
  return z.strictObject({
    id: z.string(),
    object: z.literal(kind),
    name: z.string(),
    revisionId: z.string(),
    publishedAt: TimestampSchema,
    config,
  });
}

export interface PublishedConfig<K extends ResourceKind = ResourceKind, C = unknown> {
  id: string;
  object: K;
  name: string;
  revisionId: string;
  publishedAt: string;
  config: C;
}
