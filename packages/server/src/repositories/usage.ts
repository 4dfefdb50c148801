import type { KeyMode, ServiceName } from '@inlay/core';
import type { Db } from '../db/connect.js';

export interface UsageRow {
  day: string;
  resourceId: string;
  metric: string;
  count: number;
}

/** Daily counts of one service for a workspace and mode, days `from`–`to` inclusive, oldest first. */
export async function readUsage(
  db: Db,
  scope: { workspaceId: string; mode: KeyMode; service: ServiceName; from: string; to: string },
): Promise<UsageRow[]> {
  const rows = await db
    .selectFrom('usage_daily')
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
