import { z } from 'zod';
import { FieldKeySchema } from './importer.js';

/**
 * A column mapping the user confirmed, remembered per importer (the widget keeps it in the
 * browser), as read back from storage. Kept apart from the matching code so that code does not
 * pull zod into the widget bundle.
 */
export const RememberedMappingSchema = z.object({
  fingerprint: z.string().max(100),
  columns: z.array(z.object({ header: z.string().max(1000), fieldKey: FieldKeySchema.nullable() })).max(10_000),
});
