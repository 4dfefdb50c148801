import type { Generated } from 'kysely';

/**
 * Kysely table types. Timestamps are ISO 8601 strings and JSON is stored as text, so the same
 * queries run on SQLite and PostgreSQL.
 */
export interface Database {
  workspaces: WorkspacesTable;
  api_keys: ApiKeysTable;
  signing_secrets: SigningSecretsTable;
  resources: ResourcesTable;
  revisions: RevisionsTable;
  idempotency_keys: IdempotencyKeysTable;
  usage_daily: UsageDailyTable;
  progress: ProgressTable;
  outcomes: OutcomesTable;
  active_users_daily: ActiveUsersDailyTable;
  posts: PostsTable;
  votes: VotesTable;
  comments: CommentsTable;
  post_merges: PostMergesTable;
  import_sessions: ImportSessionsTable;
  accounts: AccountsTable;
  dashboard_sessions: DashboardSessionsTable;
  account_workspaces: AccountWorkspacesTable;
  dashboard_invites: DashboardInvitesTable;
  oauth_clients: OAuthClientsTable;
  oauth_codes: OAuthCodesTable;
  oauth_tokens: OAuthTokensTable;
  import_rows: ImportRowsTable;
  import_row_keys: ImportRowKeysTable;
  import_row_parts: ImportRowPartsTable;
  import_upload_days: ImportUploadDaysTable;
}

export interface WorkspacesTable {
  id: string;
  name: string;
  plan: 'free' | 'byo' | 'hosted';
  created_at: string;
}

export interface ApiKeysTable {
  id: string;
  workspace_id: string;
  mode: 'test' | 'live';
  kind: 'pub' | 'sec';
  /** SHA-256 of the full key, hex. The key itself is never stored. */
  key_hash: string;
  /** The last four characters, so people can tell keys apart. */
  last4: string;
  created_at: string;
  revoked_at: string | null;
  /** When the server last looked the key up (migration 0015); null: never since. */
  last_used_at: Generated<string | null>;
}

export interface SigningSecretsTable {
  /** The JWT `kid`. */
  id: string;
  workspace_id: string;
  mode: 'test' | 'live';
  /** base64url, 32 random bytes. */
  secret: string;
  created_at: string;
  /** Set when a newer secret replaces it; it still verifies for 24 h after. */
  retired_at: string | null;
}

export interface ResourcesTable {
  id: string;
  workspace_id: string;
  kind: 'flow' | 'board' | 'importer';
  name: string;
  draft_config: string;
  draft_revision_id: string;
  /** The number of the latest revision; bumped first in every save, so saves serialise on it. */
  revision_seq: number;
  published_name: string | null;
  published_config: string | null;
  published_revision_id: string | null;
  published_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface RevisionsTable {
  id: string;
  resource_id: string;
  workspace_id: string;
  number: number;
  name: string;
  config: string;
  created_at: string;
}

export interface IdempotencyKeysTable {
  workspace_id: string;
  mode: 'test' | 'live';
  idempotency_key: string;
  request_hash: string;
  /** Null while the first request is still running. */
  status_code: number | null;
  response_body: string | null;
  created_at: string;
  /** Boot id of the process running the first request; null once settled or for old rows. */
  claimed_by: string | null;
  /** While the request runs: after this time another request may take the claim over. */
  lease_expires_at: string | null;
}

export interface UsageDailyTable {
  workspace_id: string;
  mode: 'test' | 'live';
  service: string;
  /** The flow, board or importer, or '' for counts that belong to no one resource. */
  resource_id: string;
  /** YYYY-MM-DD, UTC. */
  day: string;
  metric: string;
  count: Generated<number>;
}

export interface ProgressTable {
  id: string;
  workspace_id: string;
  mode: 'test' | 'live';
  flow_id: string;
  /** '' when the host passed none. */
  workspace_key: string;
  /** '' for account-level progress (`toggles.shareProgressAcrossAccount`). */
  user_id: string;
  revision_id: string;
  /** JSON array of `{id, state, updatedAt}` in the flow's order. */
  items: string;
  started_at: string | null;
  completed_at: string | null;
  dismissed_at: string | null;
  snoozed_until: string | null;
  updated_at: string | null;
  created_at: string;
  /** Moves by one with every write of the row: what an optimistic write checks (migration 0019). */
  version: Generated<number>;
}

export interface OutcomesTable {
  id: string;
  workspace_id: string;
  mode: 'test' | 'live';
  flow_id: string;
  workspace_key: string;
  user_id: string;
  event: string;
  occurred_at: string;
  /** JSON array of item ids the outcome completed. */
  completed_item_ids: string;
  created_at: string;
}

export interface ActiveUsersDailyTable {
  workspace_id: string;
  mode: 'test' | 'live';
  service: string;
  resource_id: string;
  day: string;
  user_hash: string;
}

export interface PostsTable {
  id: string;
  workspace_id: string;
  mode: 'test' | 'live';
  board_id: string;
  title: string;
  body: string;
  status: 'open' | 'under_review' | 'planned' | 'in_progress' | 'completed' | 'closed';
  vote_count: number;
  /** Votes weighted by recency, updated on every vote (see feedback/trending.ts). */
  trending_score: number;
  /** `u:<id>` for identified authors, `a:<id>` for anonymous ones: one vote per author key. */
  author_key: string;
  author_id: string;
  author_name: string | null;
  author_anonymous: number;
  /** One of the board config's categories, or null (migration 0020). */
  category_id: string | null;
  /** Live comments: kept by every comment write. */
  comment_count: number;
  created_at: string;
  updated_at: string;
}

export interface VotesTable {
  post_id: string;
  author_key: string;
  created_at: string;
  /** What the voter's author token carried, if any. */
  author_name: string | null;
  author_email: string | null;
}

export interface CommentsTable {
  id: string;
  workspace_id: string;
  mode: 'test' | 'live';
  board_id: string;
  post_id: string;
  parent_id: string | null;
  /** The top-level comment's id: its own for a top-level comment, the parent's for a reply. */
  thread_id: string;
  body: string;
  author_key: string;
  author_id: string;
  author_name: string | null;
  author_anonymous: number;
  team: number;
  deleted: number;
  /** Live replies, for a delete to know whether the comment keeps its place. */
  reply_count: number;
  created_at: string;
  edited_at: string | null;
  author_email: string | null;
}

/** A merged (deleted) post's id and the post it went into. */
export interface PostMergesTable {
  post_id: string;
  into_id: string;
  workspace_id: string;
  mode: 'test' | 'live';
  merged_at: string;
}

export interface ImportSessionsTable {
  id: string;
  workspace_id: string;
  mode: 'test' | 'live';
  importer_id: string;
  /** The published revision the session validates against. */
  revision_id: string;
  metadata: string;
  mapping: string | null;
  row_count: number | null;
  error_count: number | null;
  created_at: string;
  expires_at: string;
  completed_at: string | null;
  /** When the backend acknowledged the uploaded rows, which were deleted then (migration 0014). */
  rows_acknowledged_at: string | null;
}

export interface AccountsTable {
  id: string;
  email: string;
  /** scrypt, see auth/passwords.ts. */
  password_hash: string;
  workspace_id: string;
  created_at: string;
}

export interface DashboardSessionsTable {
  /** SHA-256 of the session cookie's value. */
  token_hash: string;
  account_id: string;
  csrf_token: string;
  created_at: string;
  expires_at: string;
  /** The workspace the dashboard acts on (migration 0015); null: the account's first. */
  current_workspace_id: Generated<string | null>;
}

/** Which workspaces an account belongs to (migration 0015). */
export interface AccountWorkspacesTable {
  account_id: string;
  workspace_id: string;
  created_at: string;
}

export interface DashboardInvitesTable {
  id: string;
  /** SHA-256 of the invite link's token. */
  token_hash: string;
  workspace_id: string;
  email: string;
  invited_by: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface OAuthClientsTable {
  id: string;
  name: string;
  redirect_uris: string;
  created_at: string;
  /** The last authorization code or token issued to the client; null while never used. */
  last_used_at: string | null;
}

export interface OAuthCodesTable {
  code_hash: string;
  client_id: string;
  account_id: string;
  workspace_id: string;
  redirect_uri: string;
  code_challenge: string;
  resource: string;
  scope: string;
  expires_at: string;
  used_at: string | null;
}

export interface OAuthTokensTable {
  token_hash: string;
  kind: 'access' | 'refresh';
  client_id: string;
  account_id: string;
  workspace_id: string;
  resource: string;
  scope: string;
  family: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface ImportRowsTable {
  session_id: string;
  chunk: number;
  row_count: number;
  /** JSON array of row objects keyed by field key. */
  rows: string;
  created_at: string;
  /** UTF-8 bytes of `rows`. */
  byte_count: Generated<number>;
  /** Rows with an error of their own (not a repeat); NULL for chunks stored before migration 0010. */
  invalid_row_count: number | null;
  /** The upload whose keys count for this chunk ('' for chunks stored before migration 0010). */
  upload_id: Generated<string>;
}

/** A piece of an uploaded chunk's rows (its JSON array, cut in order): see migration 0010. */
export interface ImportRowPartsTable {
  session_id: string;
  chunk: number;
  upload_id: string;
  part: number;
  rows: string;
}

/** A valid value of a `unique` or `duplicateKey` field in an open session's upload (hashed). */
export interface ImportRowKeysTable {
  session_id: string;
  /** The field's index in the session's pinned config. */
  field: number;
  value_hash: Uint8Array;
  chunk: number;
  row: number;
  own_error: number;
  upload_id: Generated<string>;
}

/** Rows and bytes a workspace's uploads had accepted on one UTC day (`YYYY-MM-DD`). */
export interface ImportUploadDaysTable {
  workspace_id: string;
  day: string;
  rows: number;
  bytes: number;
}
