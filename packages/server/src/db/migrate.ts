import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as initial from './migrations/0001-initial.js';
import * as onboardingProgress from './migrations/0002-onboarding-progress.js';
import * as feedbackPosts from './migrations/0003-feedback-posts.js';
import * as importSessions from './migrations/0004-import-sessions.js';
import * as accountsOauth from './migrations/0005-accounts-oauth.js';
import * as importRows from './migrations/0006-import-rows.js';
import * as votesWithoutRowid from './migrations/0007-votes-without-rowid.js';
import * as trendingByWindow from './migrations/0008-trending-by-window.js';
import * as shortTermSearch from './migrations/0009-short-term-search.js';
import * as importUploadLimits from './migrations/0010-import-upload-limits.js';
import * as oauthClientLastUsed from './migrations/0011-oauth-client-last-used.js';
import * as idempotencyLeases from './migrations/0012-idempotency-leases.js';
import * as webhooks from './migrations/0013-webhooks.js';
import * as importRowsAcknowledged from './migrations/0014-import-rows-acknowledged.js';
import * as dashboardSessions from './migrations/0015-dashboard-sessions.js';
import * as postgresSearch from './migrations/0016-postgres-search.js';
import * as rateLimitCounts from './migrations/0017-rate-limit-counts.js';
import * as webhookSuccessOnRow from './migrations/0018-webhook-success-on-row.js';
import * as optimisticWrites from './migrations/0019-optimistic-writes.js';
import * as feedbackComments from './migrations/0020-feedback-comments.js';
import * as emailOutbox from './migrations/0024-email-outbox.js';
import * as votesByAuthor from './migrations/0025-votes-by-author.js';
import * as emailRefusals from './migrations/0026-email-refusals.js';
import * as progressWorkspaceIndex from './migrations/0027-progress-workspace-index.js';
import * as emailRecipients from './migrations/0028-email-recipients.js';
import * as emailLeaseOwner from './migrations/0029-email-lease-owner.js';
import * as postgresSearchTable from './migrations/0030-postgres-search-table.js';
import * as progressScopeIndex from './migrations/0031-progress-scope-index.js';
import * as commentsScopeIndex from './migrations/0032-comments-scope-index.js';
import * as resourceChildIndexes from './migrations/0033-resource-child-indexes.js';

/** Migrations ship inside the build, in order; names sort the same way they run. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-onboarding-progress': onboardingProgress,
  '0003-feedback-posts': feedbackPosts,
  '0004-import-sessions': importSessions,
  '0005-accounts-oauth': accountsOauth,
  '0006-import-rows': importRows,
  '0007-votes-without-rowid': votesWithoutRowid,
  '0008-trending-by-window': trendingByWindow,
  '0009-short-term-search': shortTermSearch,
  '0010-import-upload-limits': importUploadLimits,
  '0011-oauth-client-last-used': oauthClientLastUsed,
  '0012-idempotency-leases': idempotencyLeases,
  '0013-webhooks': webhooks,
  '0014-import-rows-acknowledged': importRowsAcknowledged,
  '0015-dashboard-sessions': dashboardSessions,
  '0016-postgres-search': postgresSearch,
  '0017-rate-limit-counts': rateLimitCounts,
  '0018-webhook-success-on-row': webhookSuccessOnRow,
  '0019-optimistic-writes': optimisticWrites,
  '0020-feedback-comments': feedbackComments,
  '0024-email-outbox': emailOutbox,
  '0025-votes-by-author': votesByAuthor,
  '0026-email-refusals': emailRefusals,
  '0027-progress-workspace-index': progressWorkspaceIndex,
  '0028-email-recipients': emailRecipients,
  '0029-email-lease-owner': emailLeaseOwner,
  '0030-postgres-search-table': postgresSearchTable,
  '0031-progress-scope-index': progressScopeIndex,
  '0032-comments-scope-index': commentsScopeIndex,
  '0033-resource-child-indexes': resourceChildIndexes,
};

export class BundledMigrations implements MigrationProvider {
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(MIGRATIONS);
  }
}

/** Brings the database to the latest schema; run at every start. Fails loudly, never half-way. */
export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  const migrator = new Migrator({ db, provider: new BundledMigrations() });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error !== undefined || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
