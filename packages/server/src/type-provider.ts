import type { FastifyTypeProvider } from 'fastify';
import type { z } from 'zod';

/** Types request parts from the zod schemas a route declares (validation: ./validation.ts). */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}
