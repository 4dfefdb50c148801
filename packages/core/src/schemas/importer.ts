import { z } from 'zod';
import { LIMITS } from '../limits.js';

/** The seven value types of an importer field (seed 002). */
export const FieldTypeSchema = z.enum(['string', 'number', 'date', 'email', 'enum', 'boolean', 'url']);
export type FieldType = z.infer<typeof FieldTypeSchema>;

export const FieldKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}$/, { error: 'field keys are 1–64 letters, digits, _ . or -, not starting with . or -' });

/** One column of an import. */
export const FieldDefinitionSchema = z
  .strictObject({
    key: FieldKeySchema,
    label: z.string().trim().min(1, { error: 'label must not be empty' }).max(120),
    type: FieldTypeSchema,
    required: z.boolean().optional(),
    unique: z.boolean().optional(),
    enumValues: z.array(z.string().min(1).max(200)).min(1).max(1000).optional(),
    aliases: z.array(z.string().trim().min(1).max(120)).max(50).optional(),
  })
  .superRefine((field, ctx) => {
    if (field.type === 'enum' && field.enumValues === undefined) {
      ctx.addIssue({ code: 'custom', path: ['enumValues'], message: 'a field of type enum needs enumValues' });
    }
    if (field.type !== 'enum' && field.enumValues !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['enumValues'], message: 'enumValues is only for fields of type enum' });
    }
    if (field.enumValues && new Set(field.enumValues).size !== field.enumValues.length) {
      ctx.addIssue({ code: 'custom', path: ['enumValues'], message: 'enumValues must not repeat a value' });
    }
  });
export type FieldDefinition = z.infer<typeof FieldDefinitionSchema>;

/**
 * An importer's config (seed 002). Branding is not part of it: the seed's PATCH schema refuses
 * it, and it is set on the dashboard.
 */
export const ImporterConfigSchema = z
  .strictObject(
    {
      fields: z
        .array(FieldDefinitionSchema)
        .max(LIMITS.importerFieldsMax, { error: `an importer has at most ${LIMITS.importerFieldsMax} fields` }),
      duplicateKey: FieldKeySchema.optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' && issue.keys.includes('branding')
          ? 'branding is not accepted in an importer config; it is set on the dashboard'
          : undefined,
    },
  )
  .superRefine((config, ctx) => {
    const seen = new Set<string>();
    config.fields.forEach((field, i) => {
      if (seen.has(field.key)) {
        ctx.addIssue({ code: 'custom', path: ['fields', i, 'key'], message: `field key ${JSON.stringify(field.key)} is used twice` });
      }
      seen.add(field.key);
    });
    if (config.duplicateKey !== undefined && !seen.has(config.duplicateKey)) {
      ctx.addIssue({ code: 'custom', path: ['duplicateKey'], message: `duplicateKey must name a field key; no field has key ${JSON.stringify(config.duplicateKey)}` });
    }
  });
export type ImporterConfig = z.infer<typeof ImporterConfigSchema>;
export type ImporterConfigInput = z.input<typeof ImporterConfigSchema>;
