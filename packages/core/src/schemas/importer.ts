import { z } from 'zod';
import { EXTRA_KEY } from '../importer/extra-columns.js';
import { LIMITS } from '../limits.js';
import { AllowedOriginsSchema } from './common.js';
import { FieldRuleProps, fieldRuleIssues } from './field-rules.js';

/** The seven value types of an importer field (docs/importer.md). */
export const FieldTypeSchema = z.enum(['string', 'number', 'date', 'email', 'enum', 'boolean', 'url']);
export type FieldType = z.infer<typeof FieldTypeSchema>;

export const FieldKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}$/, { error: 'field keys are 1–64 letters, digits, _ . or -, not starting with . or -' })
  // A session's mapping and rows are JSON objects keyed by field key, and the server's JSON parser
  // refuses the key `__proto__` (docs/errors.md, `invalid_json`): such an importer could never complete.
  .refine((key) => key !== '__proto__', { error: 'the field key "__proto__" is reserved: JSON objects keyed by it are refused; choose another key' });

const FieldBase = {
  key: FieldKeySchema,
  label: z.string().trim().min(1, { error: 'label must not be empty' }).max(120),
  required: z.boolean().optional(),
  unique: z.boolean().optional(),
  aliases: z.array(z.string().trim().min(1).max(120)).max(50).optional(),
  ...FieldRuleProps,
};

/** The allowed values of an enum field: 1–1,000 distinct strings. */
const EnumValuesSchema = z
  .array(z.string().min(1).max(200), { error: (issue) => (issue.input === undefined ? 'a field of type enum needs enumValues' : undefined) })
  .min(1)
  .max(1000)
  .refine((values) => new Set(values).size === values.length, { error: 'enumValues must not repeat a value' })
  .meta({ uniqueItems: true });

/**
 * One column of an import: a union on `type`, so the OpenAPI document (and clients generated
 * from it) say that `enumValues` is required with `type: "enum"` and absent with any other type.
 */
export const FieldDefinitionSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ ...FieldBase, type: z.literal('enum'), enumValues: EnumValuesSchema }),
    z.strictObject({
      ...FieldBase,
      type: FieldTypeSchema.exclude(['enum']),
      // `never` rather than leaving the key out: the type keeps `enumValues?: undefined` on these
      // variants, so code may read `field.enumValues` on any field.
      enumValues: z.never({ error: 'enumValues is only for fields of type enum' }).optional(),
    }),
  ],
  { error: (issue) => (issue.code === 'invalid_union' ? `type must be one of ${FieldTypeSchema.options.join(', ')}` : undefined) },
);
export type FieldDefinition = z.infer<typeof FieldDefinitionSchema>;

/** Where an importer's rows go: the host page, or the customer's server through Inlay. */
export const ImportDeliverySchema = z.enum(['page', 'server']);
export type ImportDelivery = z.infer<typeof ImportDeliverySchema>;

/** What happens to file columns no field is mapped to: left out (default), or delivered under each row's `extra`. */
export const UnmappedColumnsSchema = z.enum(['drop', 'keep']);
export type UnmappedColumns = z.infer<typeof UnmappedColumnsSchema>;

/**
 * An importer's config (docs/importer.md). Branding is not part of it: the seed's PATCH schema refuses
 * it, and it is set on the dashboard.
 */
export const ImporterConfigSchema = z
  .strictObject(
    {
      fields: z
        .array(FieldDefinitionSchema)
        .max(LIMITS.importerFieldsMax, { error: `an importer has at most ${LIMITS.importerFieldsMax} fields` }),
      duplicateKey: FieldKeySchema.optional(),
      /**
       * Prefix text cells that a spreadsheet would run as a formula with `'` (docs/importer.md,
       * "Formula cells"). Off unless set; server delivery turns it on.
       */
      neutralizeFormulas: z.boolean().optional(),
      /**
       * Where the rows go (docs/importer.md#server-delivery): `page` (default) hands them to the
       * host page in `inlay-import-complete`; `server` uploads them to the session for the
       * customer's backend to read with the secret key.
       */
      delivery: ImportDeliverySchema.optional(),
      /**
       * File columns no field is mapped to (docs/importer.md, "Columns nobody mapped"): `drop`
       * (default) leaves them out; `keep` delivers them in each row's `extra`, header to text.
       */
      unmappedColumns: UnmappedColumnsSchema.optional(),
      /** Sites the importer may be used from; absent or empty: every site (docs/security.md). */
      allowedOrigins: AllowedOriginsSchema.optional(),
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
      for (const [property, message] of fieldRuleIssues(field)) ctx.addIssue({ code: 'custom', path: ['fields', i, property], message });
    });
    if (config.unmappedColumns === 'keep' && seen.has(EXTRA_KEY)) {
      const index = config.fields.findIndex((field) => field.key === EXTRA_KEY);
      ctx.addIssue({ code: 'custom', path: ['fields', index, 'key'], message: `field key "${EXTRA_KEY}" is taken by the unmapped columns of each row with unmappedColumns: "keep"` });
    }
    if (config.duplicateKey !== undefined && !seen.has(config.duplicateKey)) {
      ctx.addIssue({ code: 'custom', path: ['duplicateKey'], message: `duplicateKey must name a field key; no field has key ${JSON.stringify(config.duplicateKey)}` });
    }
  });
export type ImporterConfig = z.infer<typeof ImporterConfigSchema>;
export type ImporterConfigInput = z.input<typeof ImporterConfigSchema>;
