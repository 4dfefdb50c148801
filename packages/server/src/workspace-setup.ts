import type { KeyKind, KeyMode } from '@inlay/core';
import { changesOf } from './db/changes.js';
import type { Db } from './db/connect.js';
import { insertApiKey } from './repositories/api-keys.js';
import { createWorkspace, type Workspace } from './repositories/workspaces.js';
import { transaction } from './db/statements.js';

export interface WorkspaceKeys {
  testPublishable: string;
  testSecret: string;
  livePublishable: string;
  liveSecret: string;
}

const KEY_SET: ReadonlyArray<[keyof WorkspaceKeys, KeyMode, KeyKind]> = [
  ['testPublishable', 'test', 'pub'],
  ['testSecret', 'test', 'sec'],
  ['livePublishable', 'live', 'pub'],
  ['liveSecret', 'live', 'sec'],
];

/** A workspace and its four keys (docs/concepts.md). The keys are returned once and stored hashed. */
export async function initWorkspace(db: Db, name: string): Promise<{ workspace: Workspace; keys: WorkspaceKeys }> {
  const created = await transaction(db, async ({ db: trx }) => {
    const workspace = await createWorkspace(trx, name);
    const keys = {} as WorkspaceKeys;
    for (const [field, mode, kind] of KEY_SET) {
      keys[field] = (await insertApiKey(trx, workspace.id, mode, kind)).key;
    }
    return { workspace, keys };
  });
  // An instance may remember one of these keys as unknown (presented before it existed).
  changesOf(db).announce({ topic: 'keys' });
  return created;
}
