import { randomBytes } from 'node:crypto';
import type { KeyMode } from '@inlay/core';

import type { Storage, Db } from '../../db/connect.js';
import { newId, nowIso } from '../../db/ids.js';


/** A retired secret still verifies tokens for this long (docs/concepts.md#author-tokens). */
export const RETIRED_SECRET_GRACE_MS = 24 * 60 * 60 * 1000;

export interface SigningSecret {
  kid: string;
  secret: Uint8Array;
  /** For a retired secret: when it stops verifying (ms since the epoch). */
  verifiesUntil?: number;
}

function decode(row: { id: string; secret: string; retired_at?: string | null }): SigningSecret {
  const decoded: SigningSecret = { kid: row.id, secret: new Uint8Array(Buffer.from(row.secret, 'base64url')) };
  if (row.retired_at !== undefined && row.retired_at !== null) decoded.verifiesUntil = Date.parse(row.retired_at) + RETIRED_SECRET_GRACE_MS;
  return decoded;
}

/** The secret new tokens are signed with; created (256 random bits) on first use. */
export async function currentSigningSecret(storage: Storage, workspaceId: string, mode: KeyMode): Promise<SigningSecret> {
  return storage.transaction(({ db: trx }) => currentIn(trx, workspaceId, mode));
}

async function currentIn(trx: Db, workspaceId: string, mode: KeyMode): Promise<SigningSecret> {
  const row = await trx.selectFrom('signing_secrets')
    .select(['id', 'secret'])
    .where('workspace_id', '=', workspaceId)
    .where('mode', '=', mode)
    .where('retired_at', 'is', null)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (row) return decode(row);
  const created = { id: newId('kid'), secret: randomBytes(32).toString('base64url') };
  await trx.insertInto('signing_secrets')
    .values({ ...created, workspace_id: workspaceId, mode, created_at: nowIso(), retired_at: null })
    .execute();
  return decode(created);
}

export interface Rotation {
  /** The new secret's kid: tokens minted from now on carry it. */
  kid: string;
  /** The secrets retired now, and until when their tokens still verify. */
  retired: { kid: string; verifiesUntil: string }[];
}

/**
 * Retires the current secret and makes a new one, in one transaction (a token minted meanwhile
 * by a running server gets one or the other, never a third); tokens of the old one verify for
 * 24 h more. Never returns a secret's value.
 */
export async function rotateSigningSecret(storage: Storage, workspaceId: string, mode: KeyMode): Promise<Rotation> {
  const rotation = await storage.transaction(async ({ db: trx }) => {
      const now = nowIso();
      const current = await trx
        .selectFrom('signing_secrets')
        .select('id')
        .where('workspace_id', '=', workspaceId)
        .where('mode', '=', mode)
        .where('retired_at', 'is', null)
        .execute();
      await trx
        .updateTable('signing_secrets')
        .set({ retired_at: now })
        .where('workspace_id', '=', workspaceId)
        .where('mode', '=', mode)
        .where('retired_at', 'is', null)
        .execute();
      const { kid } = await currentIn(trx, workspaceId, mode);
      const verifiesUntil = new Date(Date.parse(now) + RETIRED_SECRET_GRACE_MS).toISOString();
      return { kid, retired: current.map((row) => ({ kid: row.id, verifiesUntil })) };
    });
  // Every instance re-reads the secrets it verifies with (auth/author-tokens.ts).
  storage.changes.announce({ topic: 'signing-secrets' });
  return rotation;
}

/** The secret named by a token's `kid`, if it belongs to this workspace and mode and may verify. */
export async function verificationSecret(
  storage: Storage,
  workspaceId: string,
  mode: KeyMode,
  kid: string,
  now = Date.now(),
): Promise<SigningSecret | undefined> {
  const row = await storage.db.selectFrom('signing_secrets')
    .select(['id', 'secret', 'retired_at'])
    .where('id', '=', kid)
    .where('workspace_id', '=', workspaceId)
    .where('mode', '=', mode)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.retired_at !== null && Date.parse(row.retired_at) + RETIRED_SECRET_GRACE_MS < now) return undefined;
  return decode(row);
}
