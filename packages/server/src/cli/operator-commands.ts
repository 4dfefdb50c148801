import { once } from 'node:events';
import { KeyModeSchema, PostStatusSchema, type ResourceKind } from '@inlay/core';
import { DEFAULT_DB_PATH, type Storage } from '../db/connect.js';
import { deleteResource, previewResourceDeletion, type ResourceDeletion } from '../publishing/resource-deletion.js';
import { ApiError } from '../errors.js';
import { findPostById } from '../repositories/feedback/post-inbox.js';
import { changePostStatus, deletePost, mergePosts } from '../services/feedback/inbox.js';
import { exportProgressCsv } from '../services/onboarding/progress-export.js';
import { DB_OPTION, dbPathOf, parse, UsageError } from './args.js';
import { withDb as withDatabase } from './with-db.js';

/** The operator's commands: a refused action (ApiError) is answered as a usage error. */
const withDb = <T>(path: string, run: (storage: Storage) => Promise<T>): Promise<T> => withDatabase(path, run, (error) => error instanceof ApiError);

/**
 * The operator's actions that no key-authenticated route or MCP tool offers (docs/self-hosting.md):
 * post status, merge and delete; deleting a flow, board or importer with everything under it;
 * exporting a flow's progress. Each calls the service function the dashboard will call. A
 * running server on the same file sees the change within its external-change poll.
 */

type Out = (line: string) => void;

const JSON_OPTION = { json: { type: 'boolean' } } as const;
const YES_OPTION = { yes: { type: 'boolean', short: 'y' } } as const;

function required(value: string | undefined, what: string): string {
  if (value === undefined || value === '') throw new UsageError(`missing ${what}`);
  return value;
}

const POSTS_USAGE = 'usage: inlay posts status POST_ID STATUS | merge POST_ID --into POST_ID | delete POST_ID --yes';

/** `inlay posts status|merge|delete …` */
export async function postsCommand(args: string[], out: Out): Promise<void> {
  const [action, ...rest] = args;
  if (action === 'status') {
    const { values, positionals } = parse({ args: rest, options: { ...DB_OPTION, ...JSON_OPTION }, allowPositionals: true }, 2);
    const postId = required(positionals[0], 'a post id (post_…)');
    const status = PostStatusSchema.safeParse(required(positionals[1], `a status (${PostStatusSchema.options.join('|')})`));
    if (!status.success) throw new UsageError(`the status must be one of ${PostStatusSchema.options.join(', ')}`);
    const change = await withDb(dbPathOf(values.db, DEFAULT_DB_PATH), (storage) => changePostStatus(storage, postId, status.data));
    if (values.json) return out(JSON.stringify(change));
    out(change.changed ? `Post ${postId}: ${change.from} → ${change.to}.` : `Post ${postId} is already ${change.to}.`);
    return;
  }
  if (action === 'merge') {
    const { values, positionals } = parse({ args: rest, options: { ...DB_OPTION, ...JSON_OPTION, into: { type: 'string' } }, allowPositionals: true }, 1);
    const postId = required(positionals[0], 'the id of the post to merge');
    const intoId = required(values.into, '--into POST_ID');
    const result = await withDb(dbPathOf(values.db, DEFAULT_DB_PATH), (storage) => mergePosts(storage, postId, intoId));
    if (values.json) return out(JSON.stringify(result));
    out(`Merged ${postId} ("${result.merged.title}") into ${intoId}: ${result.votesMoved} votes moved, ${result.sharedVoters} voters had voted for both.`);
    out(`${intoId} now has ${result.into.voteCount} votes. ${postId} is deleted.`);
    return;
  }
  if (action === 'delete') {
    const { values, positionals } = parse({ args: rest, options: { ...DB_OPTION, ...JSON_OPTION, ...YES_OPTION }, allowPositionals: true }, 1);
    const postId = required(positionals[0], 'a post id (post_…)');
    const result = await withDb(dbPathOf(values.db, DEFAULT_DB_PATH), async (storage) => {
      if (values.yes) return deletePost(storage, postId);
      const row = await findPostById(storage.db, postId);
      if (row === undefined) throw new UsageError(`no post ${postId}`);
      if (values.json) out(JSON.stringify({ deleted: false, post: { id: row.id, title: row.title, voteCount: row.vote_count } }));
      else out(`Would delete post ${row.id} ("${row.title}") with its ${row.vote_count} votes.`);
      return undefined;
    });
    if (result === undefined) throw new UsageError('not deleted: run again with --yes to delete');
    if (values.json) return out(JSON.stringify({ deleted: true, ...result }));
    out(`Deleted post ${postId} ("${result.post.title}") and its ${result.post.voteCount} votes.`);
    return;
  }
  throw new UsageError(POSTS_USAGE);
}

const CONTENT_LABELS: Record<keyof ResourceDeletion['contents'], string> = {
  revisions: 'revisions',
  progress: 'progress records',
  outcomes: 'outcomes',
  posts: 'posts',
  votes: 'votes',
  importSessions: 'import sessions',
  uploadedRowChunks: 'uploaded row chunks',
};

function describeContents(deletion: ResourceDeletion): string {
  const parts = Object.entries(deletion.contents)
    .filter(([, count]) => count > 0)
    .map(([key, count]) => `${count} ${CONTENT_LABELS[key as keyof ResourceDeletion['contents']]}`);
  return parts.length > 0 ? parts.join(', ') : 'nothing else';
}

/**
 * `inlay flows|boards|importers delete ID --yes`. Without `--yes` it prints what would go (the
 * counts, in both modes) and exits 2 without deleting, as destructive CLI commands do.
 */
function resourceCommand(kind: ResourceKind, plural: string) {
  return async (args: string[], out: Out): Promise<void> => {
    const [action, ...rest] = args;
    if (action !== 'delete') throw new UsageError(`usage: inlay ${plural} delete ID --yes`);
    const { values, positionals } = parse({ args: rest, options: { ...DB_OPTION, ...JSON_OPTION, ...YES_OPTION }, allowPositionals: true }, 1);
    const id = required(positionals[0], `a ${kind} id`);
    const deletion = await withDb(dbPathOf(values.db, DEFAULT_DB_PATH), (storage) => (values.yes ? deleteResource(storage, kind, id) : previewResourceDeletion(storage.db, kind, id)));
    const what = `${kind} ${id} ("${deletion.resource.name}", workspace ${deletion.resource.workspaceId})`;
    if (values.json) out(JSON.stringify({ deleted: values.yes === true, ...deletion }));
    else if (values.yes) out(`Deleted ${what} with ${describeContents(deletion)}.`);
    else out(`Would delete ${what} with its drafts, published config and ${describeContents(deletion)}, in test and live mode.`);
    if (!values.yes) throw new UsageError('not deleted: run again with --yes to delete');
  };
}

export const flowsCommand = resourceCommand('flow', 'flows');
export const boardsCommand = resourceCommand('board', 'boards');
export const importersCommand = resourceCommand('importer', 'importers');

/**
 * `inlay progress export FLOW_ID [--mode test|live] > file.csv`: streamed to standard output a
 * page at a time, waiting for the pipe to drain, so memory stays flat however many users.
 */
export async function progressCommand(args: string[]): Promise<void> {
  const [action, ...rest] = args;
  if (action !== 'export') throw new UsageError('usage: inlay progress export FLOW_ID [--mode test|live] > progress.csv');
  const { values, positionals } = parse({ args: rest, options: { ...DB_OPTION, mode: { type: 'string' } }, allowPositionals: true }, 1);
  const flowId = required(positionals[0], 'a flow id');
  const mode = KeyModeSchema.safeParse(values.mode ?? 'live');
  if (!mode.success) throw new UsageError('--mode must be test or live');
  // A reader that stops early (`| head`) closes the pipe: stop exporting instead of crashing on EPIPE.
  let closed = false;
  const onError = () => void (closed = true);
  process.stdout.on('error', onError);
  try {
    await withDb(dbPathOf(values.db, DEFAULT_DB_PATH), async (storage) => {
      for await (const chunk of exportProgressCsv(storage, flowId, mode.data)) {
        if (closed) return;
        if (!process.stdout.write(chunk)) await Promise.race([once(process.stdout, 'drain'), once(process.stdout, 'close')]).catch(onError);
      }
    });
  } finally {
    process.stdout.off('error', onError);
  }
}
