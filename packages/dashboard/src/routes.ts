/**
 * The dashboard's pages: a path pattern under /dashboard/, the element that shows it, and the
 * module that defines it, loaded only when the page is first opened (each page is its own chunk,
 * so the first page's JavaScript stays within its budget: scripts/size.mjs).
 */
export interface Route {
  pattern: RegExp;
  /** Names of the pattern's groups, in order. */
  keys: string[];
  tag: string;
  title: string;
  load: () => Promise<unknown>;
  /** Shown without a session (sign-in, invite). */
  public?: boolean;
}

const route = (path: string, tag: string, title: string, load: () => Promise<unknown>, isPublic = false): Route => {
  const keys: string[] = [];
  const source = path.replace(/:(\w+)/g, (_match, key: string) => {
    keys.push(key);
    return '([^/]+)';
  });
  return { pattern: new RegExp(`^${source}/?$`), keys, tag, title, load, public: isPublic };
};

export const ROUTES: Route[] = [
  route('', 'dash-overview', 'Overview', () => import('./pages/overview.js')),
  route('sign-in', 'dash-sign-in', 'Sign in', () => import('./pages/sign-in.js'), true),
  route('invite/:token', 'dash-invite', 'Accept invite', () => import('./pages/invite.js'), true),
  route('flows', 'dash-resource-list', 'Flows', () => import('./pages/resource-list.js')),
  route('boards', 'dash-resource-list', 'Boards', () => import('./pages/resource-list.js')),
  route('importers', 'dash-resource-list', 'Importers', () => import('./pages/resource-list.js')),
  route('flows/:id', 'dash-resource-editor', 'Flow', () => import('./pages/resource-editor.js')),
  route('boards/:id', 'dash-resource-editor', 'Board', () => import('./pages/resource-editor.js')),
  route('importers/:id', 'dash-resource-editor', 'Importer', () => import('./pages/resource-editor.js')),
  route('keys', 'dash-keys', 'API keys', () => import('./pages/keys.js')),
  route('webhooks', 'dash-webhooks', 'Webhooks', () => import('./pages/webhooks.js')),
  route('inbox', 'dash-inbox', 'Feedback inbox', () => import('./pages/inbox.js')),
  route('onboarding', 'dash-onboarding', 'Onboarding', () => import('./pages/onboarding.js')),
  route('import-sessions', 'dash-import-sessions', 'Import sessions', () => import('./pages/import-sessions.js')),
  route('plan', 'dash-plan', 'Plan', () => import('./pages/plan.js')),
  route('members', 'dash-members', 'Members', () => import('./pages/members.js')),
];

/** The navigation links of the header, in order. */
export const NAV: [path: string, label: string][] = [
  ['', 'Overview'],
  ['flows', 'Flows'],
  ['boards', 'Boards'],
  ['importers', 'Importers'],
  ['inbox', 'Inbox'],
  ['onboarding', 'Onboarding'],
  ['import-sessions', 'Import sessions'],
  ['keys', 'Keys'],
  ['webhooks', 'Webhooks'],
  ['members', 'Members'],
  ['plan', 'Plan'],
];

export const PREFIX = '/dashboard/';

/** The route of a path under /dashboard/, with its parameters and the collection it names. */
export function match(pathname: string): { route: Route; params: Record<string, string> } | undefined {
  const rest = pathname.startsWith(PREFIX) ? pathname.slice(PREFIX.length) : pathname === '/dashboard' ? '' : undefined;
  if (rest === undefined) return undefined;
  for (const candidate of ROUTES) {
    const found = candidate.pattern.exec(rest);
    if (!found) continue;
    const params: Record<string, string> = { collection: rest.split('/')[0] ?? '' };
    candidate.keys.forEach((key, i) => (params[key] = decodeURIComponent(found[i + 1] ?? '')));
    return { route: candidate, params };
  }
  return undefined;
}
