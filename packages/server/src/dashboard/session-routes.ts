import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError, notFound } from '../errors.js';
import { addMembership, authenticate, createAccount, findAccountByEmail, listMemberships } from '../repositories/platform/accounts.js';
import type { ZodTypeProvider } from '../type-provider.js';
import { clearSessionCookie, refuseApiKeys, requireSession, sessionInfo, sessionOf, setSessionCookie, SESSION_COOKIE } from './session-auth.js';
import { closeSession, createInvite, deleteInvite, findInvite, listInvites, listMembers, openSession, readSession, setSessionWorkspace, useInvite } from '../repositories/dashboard/sessions.js';
import { dashboardThrottles } from './throttles.js';

const EMAIL = z.string().trim().toLowerCase().max(320).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'must be an email address');
const SignInBody = z.strictObject({ email: z.string().max(320), password: z.string().max(1024) });
const NEW_PASSWORD_MIN = 12;

function tooMany(retryAfter: number): ApiError {
  return new ApiError('rate_limited', `Too many sign-in attempts. Retry after ${retryAfter} s.`, { headers: { 'Retry-After': String(retryAfter) } });
}

/**
 * Sign-in, sign-out, the session and workspace switch, members and invites
 * (docs/dashboard-api.md#session). Sign-in and accepting an invite need no session; everything
 * else goes through {@link requireSession}.
 */
export async function sessionRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { storage, options } = app.inlay;
  const limits = options.dashboardAuth;
  const throttles = dashboardThrottles(app, limits);

  /** Opens a session on `workspaceId` and answers it, cookie set. */
  const signIn = async (request: FastifyRequest, reply: FastifyReply, accountId: string, workspaceId: string | undefined) => {
    const first = workspaceId ?? (await listMemberships(storage, accountId))[0]?.id;
    if (first === undefined) throw new ApiError('sign_in_failed', 'This account belongs to no workspace.');
    const { token } = await openSession(storage, accountId, first, limits.sessionTtlMs);
    const session = await readSession(storage, token);
    if (!session) throw new Error('a session just opened cannot be read');
    setSessionCookie(request, reply, token, session.expiresAt);
    reply.header('Cache-Control', 'no-store');
    return { data: sessionInfo(session) };
  };

  // Without a session.
  await app.register(async (open) => {
    const scope = open.withTypeProvider<ZodTypeProvider>();
    scope.addHook('onRequest', refuseApiKeys);

    scope.post('/session', { schema: { body: SignInBody } }, async (request, reply) => {
      const retryAfter = await throttles.signIn(request, request.body.email);
      if (retryAfter !== undefined) throw tooMany(retryAfter);
      const account = await authenticate(storage, request.body.email, request.body.password);
      if (!account) throw new ApiError('sign_in_failed', 'Wrong email or password.');
      return signIn(request, reply, account.id, undefined);
    });

    scope.get('/invites/token/:token', { schema: { params: z.object({ token: z.string().max(100) }) } }, async (request) => {
      const invite = await findInvite(storage, request.params.token);
      if (!invite) throw new ApiError('invite_invalid', 'This invite link is unknown, used or expired.');
      return {
        data: { email: invite.email, workspace: { id: invite.workspaceId, name: invite.workspaceName }, accountExists: (await findAccountByEmail(storage, invite.email)) !== undefined, expiresAt: invite.expiresAt },
      };
    });

    scope.post(
      '/invites/token/:token/accept',
      { schema: { params: z.object({ token: z.string().max(100) }), body: z.strictObject({ password: z.string().max(1024) }) } },
      async (request, reply) => {
        const invite = await findInvite(storage, request.params.token);
        if (!invite) throw new ApiError('invite_invalid', 'This invite link is unknown, used or expired.');
        const retryAfter = await throttles.signIn(request, invite.email);
        if (retryAfter !== undefined) throw tooMany(retryAfter);
        const existing = await findAccountByEmail(storage, invite.email);
        let accountId: string;
        if (existing) {
          const account = await authenticate(storage, invite.email, request.body.password);
          if (!account) throw new ApiError('sign_in_failed', 'Wrong password for the account of this email.');
          accountId = account.id;
        } else {
          if (request.body.password.length < NEW_PASSWORD_MIN) {
            throw new ApiError('parameter_invalid', `The new password must have at least ${NEW_PASSWORD_MIN} characters.`, { param: 'password' });
          }
          accountId = (await createAccount(storage, { email: invite.email, password: request.body.password, workspaceId: invite.workspaceId })).id;
        }
        if (!(await useInvite(storage, invite.id))) throw new ApiError('invite_invalid', 'This invite link was just used.');
        await addMembership(storage, accountId, invite.workspaceId);
        return signIn(request, reply, accountId, invite.workspaceId);
      },
    );
  });

  // With a session.
  await app.register(async (signed) => {
    const scope = signed.withTypeProvider<ZodTypeProvider>();
    scope.addHook('onRequest', requireSession);

    scope.get('/session', async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { data: sessionInfo(sessionOf(request)) };
    });

    scope.delete('/session', async (request, reply) => {
      await closeSession(storage, sessionOf(request).tokenHash);
      clearSessionCookie(request, reply);
      return { data: { signedOut: true } };
    });

    scope.put('/session/workspace', { schema: { body: z.strictObject({ workspaceId: z.string().max(100) }) } }, async (request, reply) => {
      const session = sessionOf(request);
      if (!session.workspaces.some((ws) => ws.id === request.body.workspaceId)) throw notFound('workspace', request.body.workspaceId, 'workspaceId');
      await setSessionWorkspace(storage, session.tokenHash, request.body.workspaceId);
      const token = request.cookies[SESSION_COOKIE] as string;
      const updated = await readSession(storage, token);
      if (!updated) throw new ApiError('session_required', 'The session ended.');
      reply.header('Cache-Control', 'no-store');
      return { data: sessionInfo(updated) };
    });

    scope.get('/members', async (request) => ({ data: await listMembers(storage, sessionOf(request).workspace.id) }));

    scope.post('/invites', { schema: { body: z.strictObject({ email: EMAIL }) } }, async (request, reply) => {
      const session = sessionOf(request);
      const { invite, token } = await createInvite(storage, { workspaceId: session.workspace.id, email: request.body.email, invitedBy: session.account.id, ttlMs: limits.inviteTtlMs });
      reply.code(201).header('Cache-Control', 'no-store');
      return { data: { ...invite, token, url: `/dashboard/invite/${token}` } };
    });

    scope.get('/invites', async (request) => ({ data: await listInvites(storage, sessionOf(request).workspace.id) }));

    scope.delete('/invites/:inviteId', { schema: { params: z.object({ inviteId: z.string().max(100) }) } }, async (request) => {
      if (!(await deleteInvite(storage, sessionOf(request).workspace.id, request.params.inviteId))) throw notFound('invite', request.params.inviteId, 'inviteId');
      return { data: { id: request.params.inviteId, deleted: true } };
    });
  });
}
