import type { z } from 'zod';

/** One settable option: its dotted path, its schema (without the default) and what it does. */
export interface OptionLeaf {
  path: string;
  schema: z.ZodType;
  description: string;
  default: unknown;
}

interface Introspectable {
  _zod: { def: { type: string; innerType?: z.ZodType; shape?: Record<string, z.ZodType>; defaultValue?: unknown } };
  description?: string;
}

/**
 * The leaves of a configuration schema, depth first: nested objects (`rateLimits`) become
 * dotted paths. Help text, environment names and flags are all derived from this list.
 */
export function optionLeaves(schema: z.ZodType, prefix = ''): OptionLeaf[] {
  const shape = (schema as unknown as Introspectable)._zod.def.shape;
  if (shape === undefined) return [];
  return Object.entries(shape).flatMap(([key, child]) => {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    const node = child as unknown as Introspectable;
    let inner = child;
    let fallback: unknown;
    const { def } = node._zod;
    if ((def.type === 'default' || def.type === 'prefault' || def.type === 'optional') && def.innerType !== undefined) {
      fallback = def.type === 'optional' ? undefined : def.defaultValue;
      inner = def.innerType;
    }
    if ((inner as unknown as Introspectable)._zod.def.type === 'object') return optionLeaves(inner, path);
    return [{ path, schema: inner, description: node.description ?? (inner as unknown as Introspectable).description ?? '', default: fallback }];
  });
}
