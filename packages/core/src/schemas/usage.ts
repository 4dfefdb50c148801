import { z } from 'zod';
import { wholeNumberParam } from './common.js';

/** `GET /api/v1/usage?days=` — the window, 1–90 days ending today (UTC), default 30. */
export const UsageQuerySchema = z.strictObject({
  days: wholeNumberParam(
    z
      .number({ error: 'days must be a whole number from 1 to 90' })
      .int({ error: 'days must be a whole number from 1 to 90' })
      .min(1, { error: 'days must be at least 1' })
      .max(90, { error: 'days must be at most 90' })
      .default(30),
  ),
});
export type UsageQuery = z.infer<typeof UsageQuerySchema>;

const CountsSchema = z.record(z.string(), z.number().int().min(0));

/**
 * Aggregate counts for the key's workspace and mode. `totals` sums the window; `daily` has one
 * row per day and resource that saw any activity. Metric names are per service and only grow.
 */
export const UsageSchema = z.strictObject({
  object: z.literal('usage'),
  service: z.enum(['onboarding', 'feedback', 'importer']),
  mode: z.enum(['test', 'live']),
  from: z.iso.date(),
  to: z.iso.date(),
  resources: z.strictObject({ total: z.number().int(), published: z.number().int() }),
  totals: CountsSchema,
  daily: z.array(z.strictObject({ date: z.iso.date(), resourceId: z.string(), counts: CountsSchema })),
  /** Importer only: the latest sessions' metadata (counts, duration, outcome), never rows. */
  recentSessions: z
    .array(
      z.strictObject({
        id: z.string(),
        importerId: z.string(),
        status: z.enum(['open', 'completed', 'expired']),
        rowCount: z.number().int().nullable(),
        errorCount: z.number().int().nullable(),
        durationMs: z.number().int().nullable(),
        createdAt: z.iso.datetime(),
      }),
    )
    .optional(),
});
export type Usage = z.infer<typeof UsageSchema>;
