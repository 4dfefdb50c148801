import type { KeyKind, KeyMode } from '@inlay/core';

import type { Storage } from './db/connect.js';
import { insertApiKey } from './repositories/platform/api-keys.js';
import { insertWorkspace, type Workspace } from './repositories/platform/workspaces.js';


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
export async function initWorkspace(storage: Storage, name: string): Promise<{ workspace: Workspace; keys: WorkspaceKeys }> {
  const created = await storage.transaction(async ({ db: trx }) => {
      const workspace = await insertWorkspace(trx, name);
      const keys = {} as WorkspaceKeys;
      for (const [field, mode, kind] of KEY_SET) {
        keys[field] = (await insertApiKey(trx, workspace.id, mode, kind)).key;
      }
      return { workspace, keys };
    });
  // An instance may remember one of these keys as unknown (presented before it existed).
  storage.changes.announce({ topic: 'keys' });
  return created;
}
