import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { SERVICES, type PostStatus, type ServiceDescriptor } from '@inlay/core';
import type { Storage } from '../db/connect.js';
import { forgetPost, insertPost, setPostStatus, setVote } from '../repositories/feedback/posts.js';
import { createResource, publishDraft, saveDraft } from '../repositories/publishing/resources.js';
import { findWorkspace } from '../repositories/platform/workspaces.js';
import { initWorkspace, type WorkspaceKeys } from '../workspace-setup.js';

/** What `inlay start --demo` sets up once and reuses on later starts. */
export interface DemoWorkspace {
  workspaceId: string;
  keys: WorkspaceKeys;
  flowId: string;
  /** The tour over the demo page itself (docs/onboarding.md, "Tours and hotspots"). */
  tourFlowId: string;
  boardId: string;
  importerId: string;
}

/**
 * The demo workspace for a local quick start. Its keys are kept in `demo.json` beside the
 * database (mode 0600) so every start can print them and the demo page can embed the
 * publishable key; `inlay start` without `--demo` never writes keys anywhere.
 */
export async function ensureDemoWorkspace(storage: Storage): Promise<{ demo: DemoWorkspace; created: boolean }> {
  // Beside a database file; for PostgreSQL (or in memory), in the working directory's `.inlay/`.
  const dir = storage.file === undefined ? '.inlay' : dirname(storage.file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, 'demo.json');
  const publisher = (workspaceId: string) => async (service: ServiceDescriptor, name: string, config: unknown): Promise<string> => {
    const scope = { workspaceId, kind: service.kind };
    const record = await createResource(storage, scope, service.idPrefix, name, service.initialConfig());
    await saveDraft(storage, scope, record.id, name, service.configSchema.parse(config));
    await publishDraft(storage.db, scope, record.id);
    return record.id;
  };
  if (existsSync(file)) {
    let saved: Omit<DemoWorkspace, 'tourFlowId'> & { tourFlowId?: string };
    try {
      saved = JSON.parse(readFileSync(file, 'utf8')) as typeof saved;
    } catch (error) {
      throw new Error(`the demo workspace's file ${file} cannot be read (${(error as Error).message}); delete it to make a new demo workspace`);
    }
    if (await findWorkspace(storage, saved.workspaceId)) {
      if (saved.tourFlowId) return { demo: { ...saved, tourFlowId: saved.tourFlowId }, created: false };
      // A demo set up before tours: its tour is added once.
      const demo = { ...saved, tourFlowId: await publisher(saved.workspaceId)(SERVICES.onboarding, 'Tour of the demo', DEMO_TOUR) };
      writeFileSync(file, `${JSON.stringify(demo, null, 2)}\n`, { mode: 0o600 });
      return { demo, created: false };
    }
  }
  const { workspace, keys } = await initWorkspace(storage, 'Demo');
  const publish = publisher(workspace.id);
  const demo: DemoWorkspace = {
    workspaceId: workspace.id,
    keys,
    flowId: await publish(SERVICES.onboarding, 'Get started with Inlay', DEMO_FLOW),
    tourFlowId: await publish(SERVICES.onboarding, 'Tour of the demo', DEMO_TOUR),
    boardId: await publish(SERVICES.feedback, 'Feature requests', { allowAnonymous: true, emptyState: 'No ideas yet. Be the first!' }),
    importerId: await publish(SERVICES.importer, 'Contacts', DEMO_IMPORTER),
  };
  await seedDemoPosts(storage, demo);
  writeFileSync(file, `${JSON.stringify(demo, null, 2)}\n`, { mode: 0o600 });
  return { demo, created: true };
}

/** A few test-mode posts so the demo board is not empty, with votes and a roadmap status. */
async function seedDemoPosts(storage: Storage, demo: DemoWorkspace): Promise<void> {
  const scope = { workspaceId: demo.workspaceId, mode: 'test' as const, boardId: demo.boardId };
  const posts: [string, string, number, PostStatus][] = [
    ['Dark mode', 'A darker theme for evening work, following the system setting.', 7, 'planned'],
    ['Export to CSV', 'Download every record as a spreadsheet.', 4, 'in_progress'],
    ['Slack notifications', 'Post a message to a channel when something changes.', 2, 'open'],
  ];
  for (const [title, body, votes, status] of posts) {
    const row = await insertPost(storage, scope, { title, body, author: { key: 'u:demo-team', id: 'demo-team', name: 'Demo team', anonymous: false } });
    for (let i = 0; i < votes; i += 1) await setVote(storage, row, `a:seed-${i}`, true);
    await setPostStatus(storage.db, row.id, status);
    forgetPost(storage, row.id);
  }
}

const DEMO_FLOW = {
  emptyState: 'You are all set!',
  items: [
    { id: 'profile', title: 'Complete your profile', description: 'Add a name and a photo.', action: { label: 'Open profile', href: '/profile' } },
    { id: 'invite', title: 'Invite a teammate', dependsOn: ['profile'] },
    { id: 'first-project', title: 'Create your first project', completion: { kind: 'event', event: 'project.created' } },
  ],
};

/** A tour over the demo page's own sections, started by its "Take the tour" button. */
const DEMO_TOUR = {
  presentation: 'tour',
  pages: ['/demo'],
  start: 'manual',
  items: [
    {
      id: 'checklist',
      title: 'An onboarding checklist',
      description: 'Progress is kept per user by the server: tick an item, reload, and it is still ticked.',
      anchor: { selector: '[data-tour="checklist"]', placement: 'end' },
    },
    { id: 'board', title: 'A feedback board', description: 'Visitors post ideas and vote; you set a status.', anchor: { selector: '[data-tour="board"]', placement: 'start' } },
    {
      id: 'importer',
      title: 'A spreadsheet importer',
      description: 'Drop the messy sample file to see column matching and fixes.',
      anchor: { selector: '[data-tour="importer"]', placement: 'top', modal: true },
    },
    { id: 'events', title: 'Every event, as your page hears it', anchor: { selector: '[data-tour="events"]', placement: 'top' } },
  ],
};

/** Every field type, with aliases that match the sample file at /demo/contacts-messy.csv. */
const DEMO_IMPORTER = {
  fields: [
    { key: 'customerNo', label: 'Customer number', type: 'string', aliases: ['Customer no', 'Customer #'] },
    { key: 'email', label: 'Email', type: 'email', required: true, unique: true, aliases: ['e-mail', 'mail'] },
    { key: 'name', label: 'Name', type: 'string', required: true, aliases: ['Full name'] },
    { key: 'age', label: 'Age', type: 'number' },
    { key: 'signup', label: 'Signup date', type: 'date', aliases: ['Signed up'] },
    { key: 'subscribed', label: 'Subscribed', type: 'boolean', aliases: ['Active'] },
    { key: 'plan', label: 'Plan', type: 'enum', enumValues: ['Free', 'Pro', 'Team'] },
    { key: 'website', label: 'Homepage', type: 'url', aliases: ['Website'] },
    { key: 'balance', label: 'Balance', type: 'number' },
  ],
  duplicateKey: 'email',
};
