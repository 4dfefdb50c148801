import { z } from 'zod';
import { LIMITS } from '../limits.js';
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

/** A category id: lower-case letters, digits, `_` and `-`, 1–40 characters. */
export const CategoryIdSchema = z
  .string({ error: 'categoryId must be a string' })
  .regex(/^[a-z0-9_-]{1,40}$/, { error: 'category ids are 1–40 characters of a-z, 0-9, _ and -' });

/** One of a board's categories (docs/feedback.md): a post may carry one. */
export const BoardCategorySchema = z.strictObject({
  id: CategoryIdSchema,
  name: z.string().trim().min(1, { error: 'name must not be empty' }).max(LIMITS.nameMaxLength),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'color must be a hex colour like #4f46e5' }),
});
export type BoardCategory = z.infer<typeof BoardCategorySchema>;

/** A board's categories: at most 50, each id once. */
export const BoardCategoriesSchema = z
  .array(BoardCategorySchema)
  .max(LIMITS.boardCategoriesMax, { error: `a board has at most ${LIMITS.boardCategoriesMax} categories` })
  .superRefine((categories, ctx) => {
    const seen = new Set<string>();
    categories.forEach((category, index) => {
      if (seen.has(category.id)) ctx.addIssue({ code: 'custom', message: `category id "${category.id}" is used twice`, path: [index, 'id'] });
      seen.add(category.id);
    });
  });

/** A board's config (docs/feedback.md). Absent fields take their defaults. */
export const BoardConfigSchema = z.strictObject({
  submissionsEnabled: z.boolean().default(true),
  votingEnabled: z.boolean().default(true),
  showVoteCounts: z.boolean().default(true),
  allowAnonymous: z.boolean().default(false),
  requireAuthorToken: z.boolean().default(false),
  emptyState: EmptyStateSchema.default(''),
  branding: BoardBrandingSchema.optional(),
  /** Absent: the board has no categories. */
  categories: BoardCategoriesSchema.optional(),
  /** Sites the board may be used from; absent or empty: every site (docs/security.md). */
  allowedOrigins: AllowedOriginsSchema.optional(),
});
export type BoardConfig = z.infer<typeof BoardConfigSchema>;
export type BoardConfigInput = z.input<typeof BoardConfigSchema>;
