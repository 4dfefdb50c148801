import type { KeyMode, ServiceName } from '@inlay/core';
import type { Storage } from '../../db/connect.js';
import type { Param } from '../../db/statements.js';
import { perStorage } from '../../db/storage.js';

export interface UsageRow {
  day: string;
  resourceId: string;
  metric: string;
  count: number;
}

/** Daily counts of one service for a workspace and mode, days `from`–`to` inclusive, oldest first. */
export async function readUsage(
  storage: Storage,
  scope: { workspaceId: string; mode: KeyMode; service: ServiceName; from: string; to: string },
): Promise<UsageRow[]> {
  const rows = await storage.db.selectFrom('usage_daily')
    .select(['day', 'resource_id', 'metric', 'count'])
    .where('workspace_id', '=', scope.workspaceId)
    .where('mode', '=', scope.mode)
    .where('service', '=', scope.service)
    .where('day', '>=', scope.from)
    .where('day', '<=', scope.to)
    .orderBy('day')
    .orderBy('resource_id')
    .orderBy('metric')
    .execute();
  return rows.map((row) => ({ day: row.day, resourceId: row.resource_id, metric: row.metric, count: Number(row.count) }));
}

/**
 * Distinct active end users per day and resource, and over the whole window, from hashed
 * identities (`active_users_daily`): usage never stores who the users are.
 */
export async function readActiveUsers(
  storage: Storage,
  scope: { workspaceId: string; mode: KeyMode; service: ServiceName; from: string; to: string },
): Promise<{ rows: UsageRow[]; distinct: number }> {
  const base = storage.db.selectFrom('active_users_daily')
    .where('workspace_id', '=', scope.workspaceId)
    .where('mode', '=', scope.mode)
    .where('service', '=', scope.service)
    .where('day', '>=', scope.from)
    .where('day', '<=', scope.to);
  const rows = await base
    .select(['day', 'resource_id', (eb) => eb.fn.countAll<number | string>().as('count')])
    .groupBy(['day', 'resource_id'])
    .orderBy('day')
    .orderBy('resource_id')
    .execute();
  const total = await base
    .select((eb) => eb.fn.count<number | string>('user_hash').distinct().as('distinct'))
    .executeTakeFirstOrThrow();
  return {
    rows: rows.map((row) => ({ day: row.day, resourceId: row.resource_id, metric: 'activeUsers', count: Number(row.count) })),
    distinct: Number(total.distinct),
  };
}

type ScopeParam = 'workspaceId' | 'mode' | 'service' | 'resourceId' | 'day';

/** A flush writes a row per distinct user and per counter: compiled once, run in one transaction. */
export const usageWrites = perStorage((storage) => ({
  addActive: storage.compile((p: Param<ScopeParam | 'userHash'>) =>
        storage.db.insertInto('active_users_daily')
          .values({ workspace_id: p('workspaceId'), mode: p('mode'), service: p('service'), resource_id: p('resourceId'), day: p('day'), user_hash: p('userHash') })
          .onConflict((oc) => oc.doNothing())),
  addCount: storage.compile((p: Param<ScopeParam | 'metric' | 'count'>) =>
      storage.db.insertInto('usage_daily')
        .values({
          workspace_id: p('workspaceId'),
          mode: p('mode'),
          service: p('service'),
          resource_id: p('resourceId'),
          day: p('day'),
          metric: p('metric'),
          count: p('count'),
        })
        .onConflict((oc) =>
          oc
            .columns(['workspace_id', 'mode', 'service', 'day', 'resource_id', 'metric'])
            .doUpdateSet((eb) => ({ count: eb('usage_daily.count', '+', eb.ref('excluded.count')) })),
        )),
}));
