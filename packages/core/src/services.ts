import type { z } from 'zod';
import { BoardConfigSchema } from './schemas/feedback.js';
import { ImporterConfigSchema } from './schemas/importer.js';
import { FlowConfigSchema } from './schemas/onboarding.js';
import type { ResourceKind } from './schemas/resources.js';

export type ServiceName = 'onboarding' | 'feedback' | 'importer';
export const SERVICE_NAMES: readonly ServiceName[] = ['onboarding', 'feedback', 'importer'];

/** What differs between the three services' configurable resources; everything else is shared. */
export interface ServiceDescriptor<K extends ResourceKind = ResourceKind, C extends z.ZodType = z.ZodType> {
  service: ServiceName;
  /** The resource kind, also the `object` field of its records. */
  kind: K;
  /** The collection segment of the management routes: `/api/v1/{plural}`. */
  plural: string;
  /** Prefix of the resource's ids. */
  idPrefix: string;
  /** The draft config schema; a draft saved through it is complete (defaults applied). */
  configSchema: C;
  /** The config of a newly created resource. */
  initialConfig: () => z.output<C>;
}

export const SERVICES = {
  onboarding: {
    service: 'onboarding',
    kind: 'flow',
    plural: 'flows',
    idPrefix: 'flow',
    configSchema: FlowConfigSchema,
    initialConfig: () => FlowConfigSchema.parse({}),
  },
  feedback: {
    service: 'feedback',
    kind: 'board',
    plural: 'boards',
    idPrefix: 'board',
    configSchema: BoardConfigSchema,
    initialConfig: () => BoardConfigSchema.parse({}),
  },
  importer: {
    service: 'importer',
    kind: 'importer',
    plural: 'importers',
    idPrefix: 'imp',
    configSchema: ImporterConfigSchema,
    initialConfig: () => ImporterConfigSchema.parse({ fields: [] }),
  },
} as const satisfies { [S in ServiceName]: ServiceDescriptor & { service: S } };
