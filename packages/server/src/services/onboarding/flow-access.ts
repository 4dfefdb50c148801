import type { FlowConfig } from '@inlay/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { verifyAuthorToken } from '../../auth/author-tokens.js';
import { authOf, type AuthContext } from '../../context.js';
import { requirePlan } from '../../platform/plans.js';
import { ApiError, notFound } from '../../errors.js';
import { enforceAllowedOrigins } from '../../publishing/allowed-origins.js';

/** A published flow the caller may use on the hosted progress routes. */
export interface FlowAccess {
  auth: AuthContext;
  flowId: string;
  revisionId: string;
  config: FlowConfig;
}

/** Who the progress belongs to, after the author-token rules. */
export interface EndUser {
  userId: string;
  workspaceKey: string | null;
}

/**
 * Opens a flow for the hosted routes: published, in the key's workspace, the `hosted` plan for
 * live keys (docs/concepts.md), and the flow's `allowedOrigins`.
 */
export async function openHostedFlow(app: FastifyInstance, request: FastifyRequest, flowId: string): Promise<FlowAccess> {
  const auth = authOf(request);
  const found = await app.inlay.published.get('flow', flowId);
  if (!found || found.workspaceId !== auth.workspaceId) throw notFound('flow', flowId, 'flowId');
  if ('unpublished' in found) throw new ApiError('not_published', `The flow ${flowId} has not been published yet.`, { param: 'flowId' });
  requirePlan(auth, ['hosted'], 'Hosted progress');
  enforceAllowedOrigins(request, auth, found.config, 'flow');
  return { auth, flowId, revisionId: found.revisionId, config: found.config as FlowConfig };
}

/**
 * The end user of a progress request (docs/concepts.md#author-tokens). An `Inlay-Author-Token` decides identity,
 * and a body or query naming someone else is refused. Without a token: refused when the flow
 * requires one or for live writes; otherwise the caller names the user.
 */
export async function resolveEndUser(
  app: FastifyInstance,
  request: FastifyRequest,
  access: FlowAccess,
  claimed: { userId?: string | undefined; workspaceKey?: string | undefined },
  options: { write: boolean },
): Promise<EndUser> {
  const header = request.headers['inlay-author-token'];
  const token = Array.isArray(header) ? header[0] : header;
  if (token !== undefined && token !== '') {
    const claims = await verifyAuthorToken(
      app.inlay.storage,
      token,
      { workspaceId: access.auth.workspaceId, mode: access.auth.mode, service: 'onboarding', resourceId: access.flowId },
      app.inlay.signingSecrets,
    );
    const workspaceKey = claims.wsk ?? null;
    if (claimed.userId !== undefined && claimed.userId !== claims.sub) {
      throw new ApiError('identity_mismatch', 'userId differs from the author token’s user.', { param: 'userId' });
    }
    if (claimed.workspaceKey !== undefined && claimed.workspaceKey !== workspaceKey) {
      throw new ApiError('identity_mismatch', 'workspaceKey differs from the author token’s workspaceKey.', { param: 'workspaceKey' });
    }
    return { userId: claims.sub, workspaceKey };
  }
  if (access.config.requireAuthorToken) {
    throw new ApiError('author_token_required', 'This flow requires an author token: send Inlay-Author-Token.');
  }
  if (options.write && access.auth.mode === 'live') {
    throw new ApiError('author_token_required', 'Live progress writes require an author token: send Inlay-Author-Token.');
  }
  if (claimed.userId === undefined) throw new ApiError('parameter_missing', 'userId is required without an author token.', { param: 'userId' });
  return { userId: claimed.userId, workspaceKey: claimed.workspaceKey ?? null };
}
