import { KeyKindSchema, KeyModeSchema } from '@inlay/core';
import { DEFAULT_DB_PATH } from '../db/connect.js';
import { addMembership, createAccount, findAccountByEmail } from '../repositories/platform/accounts.js';
import { createApiKey, listApiKeys, revokeApiKey } from '../repositories/platform/api-keys.js';
import { rotateSigningSecret } from '../repositories/platform/signing-secrets.js';
import { PLANS, setWorkspacePlan, type Plan } from '../repositories/platform/workspaces.js';
import { initWorkspace } from '../workspace-setup.js';
import { DB_OPTION, dbPathOf, parse, UsageError } from './args.js';
import { requireWorkspace, withDb } from './with-db.js';

type Out = (line: string) => void;

/** `inlay init [--name NAME] [--json] [--db PATH]` */
export async function initCommand(args: string[], out: Out): Promise<void> {
  const { values } = parse({ args, options: { ...DB_OPTION, name: { type: 'string' }, json: { type: 'boolean' } } });
  const name = values.name ?? 'My workspace';
  if (name.trim() === '' || name.length > 120) throw new UsageError('--name must be 1–120 characters');
  const { workspace, keys } = await withDb(dbPathOf(values.db, DEFAULT_DB_PATH), (storage) => initWorkspace(storage, name.trim()), undefined, { create: true });
  if (values.json) {
    out(JSON.stringify({ workspaceId: workspace.id, keys }));
    return;
  }
  out(`Created workspace ${workspace.id} (${workspace.name}), plan free.`);
  out('Keys (shown once; only their hashes are stored):');
  out(`  test publishable  ${keys.testPublishable}`);
  out(`  test secret       ${keys.testSecret}`);
  out(`  live publishable  ${keys.livePublishable}`);
  out(`  live secret       ${keys.liveSecret}`);
}

/** `inlay keys list|create|revoke …` */
export async function keysCommand(args: string[], out: Out): Promise<void> {
  const [action, ...rest] = args;
  if (action === 'list') {
    const { values } = parse({ args: rest, options: { ...DB_OPTION, workspace: { type: 'string' }, json: { type: 'boolean' } } });
    const workspaceId = required(values.workspace, '--workspace');
    const keys = await withDb(dbPathOf(values.db, DEFAULT_DB_PATH), async (storage) => {
      await requireWorkspace(storage, workspaceId);
      return listApiKeys(storage, workspaceId);
    });
    if (values.json) return out(JSON.stringify(keys));
    for (const key of keys) {
      out(`${key.id}  svc_${key.mode}_${key.kind}_…${key.last4}  created ${key.createdAt}${key.revokedAt ? `  revoked ${key.revokedAt}` : ''}`);
    }
    return;
  }
  if (action === 'create') {
    const { values } = parse({ args: rest, options: { ...DB_OPTION, workspace: { type: 'string' }, mode: { type: 'string' }, kind: { type: 'string' } } });
    const workspaceId = required(values.workspace, '--workspace');
    const mode = KeyModeSchema.safeParse(values.mode);
    if (!mode.success) throw new UsageError('--mode must be test or live');
    const kind = KeyKindSchema.safeParse(values.kind);
    if (!kind.success) throw new UsageError('--kind must be pub or sec');
    const created = await withDb(dbPathOf(values.db, DEFAULT_DB_PATH), async (storage) => {
      await requireWorkspace(storage, workspaceId);
      return createApiKey(storage, workspaceId, mode.data, kind.data);
    });
    out(`Created ${created.info.id}: ${created.key}`);
    out('Shown once; only its hash is stored.');
    return;
  }
  if (action === 'revoke') {
    const { values, positionals } = parse({ args: rest, options: DB_OPTION, allowPositionals: true }, 1);
    const keyId = required(positionals[0], 'a key id (key_…)');
    const revoked = await withDb(dbPathOf(values.db, DEFAULT_DB_PATH), (storage) => revokeApiKey(storage, keyId));
    if (!revoked) throw new UsageError(`no active key ${keyId}`);
    out(`Revoked ${keyId}. Running servers refuse it within seconds.`);
    return;
  }
  throw new UsageError('usage: inlay keys list|create|revoke (see inlay help)');
}

/**
 * `inlay signing-secrets rotate --workspace WS --mode test|live [--json]`: a new author-token
 * signing secret for the workspace and mode. A running server signs with it at once (it reads the
 * current secret per mint) and keeps verifying the old one's tokens for 24 h. Prints kids only,
 * never a secret.
 */
export async function signingSecretsCommand(args: string[], out: Out): Promise<void> {
  const [action, ...rest] = args;
  if (action !== 'rotate') throw new UsageError('usage: inlay signing-secrets rotate --workspace WS --mode test|live [--json]');
  const { values } = parse({ args: rest, options: { ...DB_OPTION, workspace: { type: 'string' }, mode: { type: 'string' }, json: { type: 'boolean' } } });
  const workspaceId = required(values.workspace, '--workspace');
  const mode = KeyModeSchema.safeParse(values.mode);
  if (!mode.success) throw new UsageError('--mode must be test or live');
  const rotation = await withDb(dbPathOf(values.db, DEFAULT_DB_PATH), async (storage) => {
    await requireWorkspace(storage, workspaceId);
    return rotateSigningSecret(storage, workspaceId, mode.data);
  });
  if (values.json) return out(JSON.stringify({ workspaceId, mode: mode.data, ...rotation }));
  out(`New ${mode.data} signing secret ${rotation.kid} for workspace ${workspaceId}: author tokens minted from now on carry it.`);
  for (const retired of rotation.retired) out(`  retired ${retired.kid}: its tokens still verify until ${retired.verifiesUntil}`);
}

/** `inlay workspace plan <id> free|byo|hosted` */
export async function workspaceCommand(args: string[], out: Out): Promise<void> {
  const [action, ...rest] = args;
  if (action !== 'plan') throw new UsageError('usage: inlay workspace plan <workspace-id> free|byo|hosted');
  const { values, positionals } = parse({ args: rest, options: DB_OPTION, allowPositionals: true }, 2);
  const workspaceId = required(positionals[0], 'a workspace id');
  const plan = positionals[1];
  if (!PLANS.includes(plan as Plan)) throw new UsageError('the plan must be free, byo or hosted');
  const changed = await withDb(dbPathOf(values.db, DEFAULT_DB_PATH), (storage) => setWorkspacePlan(storage, workspaceId, plan as Plan));
  if (!changed) throw new UsageError(`no workspace ${workspaceId}`);
  out(`Workspace ${workspaceId} is now on the ${plan} plan.`);
}

/** How `inlay admin create` is called, the same in `inlay help`, its errors, the README and docs/dashboard.md. */
const ADMIN_USAGE = "INLAY_ADMIN_PASSWORD='…' inlay admin create --email EMAIL --workspace WS [--db PATH|URL]";

function required(value: string | undefined, what: string): string {
  if (value === undefined || value === '') throw new UsageError(`missing ${what}`);
  return value;
}

/**
 * `INLAY_ADMIN_PASSWORD=… inlay admin create --email E --workspace WS`: the password comes from the
 * environment only, never a flag, which every user of the machine could read in `ps`.
 */
export async function adminCommand(args: string[], out: Out): Promise<void> {
  const [action, ...rest] = args;
  if (action !== 'create') throw new UsageError(`usage: ${ADMIN_USAGE}`);
  if (rest.some((arg) => arg === '--password' || arg.startsWith('--password='))) {
    throw new UsageError('the password is not taken as a flag (other users could read it in ps): set INLAY_ADMIN_PASSWORD');
  }
  const { values } = parse({ args: rest, options: { ...DB_OPTION, email: { type: 'string' }, workspace: { type: 'string' } } });
  const email = required(values.email, '--email');
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new UsageError('--email must be an email address');
  const workspaceId = required(values.workspace, '--workspace');
  const password = process.env.INLAY_ADMIN_PASSWORD;
  const existing = await withDb(dbPathOf(values.db, DEFAULT_DB_PATH), async (storage) => {
    await requireWorkspace(storage, workspaceId);
    // An existing email joins the workspace (keeping its password): one account, several workspaces.
    const found = await findAccountByEmail(storage, email);
    if (found) return { account: found, added: await addMembership(storage, found.id, workspaceId) };
    return undefined;
  });
  if (existing) {
    out(existing.added ? `Account ${existing.account.id} (${existing.account.email}) now also belongs to workspace ${workspaceId}.` : `Account ${existing.account.id} (${existing.account.email}) already belongs to workspace ${workspaceId}.`);
    return;
  }
  if (password === undefined || password.length < 12) throw new UsageError(`a password of at least 12 characters is needed in INLAY_ADMIN_PASSWORD: ${ADMIN_USAGE}`);
  const account = await withDb(dbPathOf(values.db, DEFAULT_DB_PATH), (storage) => createAccount(storage, { email, password, workspaceId }));
  out(`Created account ${account.id} (${account.email}) for workspace ${workspaceId}. It signs in to the dashboard and to OAuth consent for MCP clients.`);
}
