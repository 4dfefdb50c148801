import { z } from 'zod';
import { AllowedOriginsSchema, EmptyStateSchema, HttpUrlSchema } from './common.js';

/** Look of a board widget. All optional; the widget's CSS custom properties still win. */
export const BoardBrandingSchema = z.strictObject({
  accentColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: 'accentColor must be a hex colour like #4f46e5' })
    .optional(),
  logoUrl: HttpUrlSchema.optional(),
  title: z.string().trim().min(1).max(120).optional(),
});
export type BoardBranding = z.infer<typeof BoardBrandingSchema>;

/** A board's config (docs/feedback.md). Absent fields take their defaults. */
export const BoardConfigSchema = z.strictObject({
  submissionsEnabled: z.boolean().default(true),
  votingEnabled: z.boolean().default(true),
  showVoteCounts: z.boolean().default(true),
  allowAnonymous: z.boolean().default(false),
  requireAuthorToken: z.boolean().default(false),
  emptyState: EmptyStateSchema.default(''),
  branding: BoardBrandingSchema.optional(),
  /** Sites the board may be used from; absent or empty: every site (docs/security.md). */
  allowedOrigins: AllowedOriginsSchema.optional(),
});
export type BoardConfig = z.infer<typeof BoardConfigSchema>;
export type BoardConfigInput = z.input<typeof BoardConfigSchema>;
