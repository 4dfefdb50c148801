import { dataEnvelope, OutcomeBodySchema, OutcomeResultSchema, type OutcomeResult } from '@inlay/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../../type-provider.js';
import { openHostedFlow, resolveEndUser } from './flow-access.js';
import { recordOutcome } from './progress-service.js';

/**
 * `POST /api/v1/outcomes` (publishable key, docs/onboarding.md): an integration reports that an event
 * happened for a user; every item whose completion event matches is completed.
 */
export function registerOutcomeRoute(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.post('/api/v1/outcomes', { config: { auth: 'publishable' }, schema: { body: OutcomeBodySchema, response: { 200: dataEnvelope(OutcomeResultSchema) } } }, async (request) => {
    const { flowId, event, occurredAt, ...identity } = request.body;
    const access = await openHostedFlow(app, request, flowId);
    const user = await resolveEndUser(app, request, access, identity, { write: true });
    const result = await recordOutcome(app.inlay, access, user, { event, occurredAt });
    const data: OutcomeResult = { outcomeId: result.outcomeId, event, completedItemIds: result.completedItemIds, progress: result.progress };
    return { data };
  });
}
