import { escapeHtml, page } from '../platform/html-page.js';

function hidden(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
}

/** Sign in to the dashboard account that will authorise the MCP client. */
export function loginPage(input: { returnTo: string; csrf: string; error?: string }): string {
  return page(
    'Sign in to Inlay',
    `${input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : ''}
<form method="post" action="/oauth/login">
${hidden({ return_to: input.returnTo, csrf: input.csrf })}
<label>Email <input type="email" name="email" autocomplete="username" required></label>
<label>Password <input type="password" name="password" autocomplete="current-password" required></label>
<button type="submit">Sign in</button>
</form>`,
  );
}

/** A workspace as the consent page names it. */
interface ConsentWorkspace {
  id: string;
  name: string;
}

/** One workspace is named (and sent as a hidden field); several are a choice, the first preselected. */
function workspaceChoice(workspaces: readonly ConsentWorkspace[]): string {
  const label = (workspace: ConsentWorkspace) => `${escapeHtml(workspace.name)} <code>${escapeHtml(workspace.id)}</code>`;
  const [only] = workspaces;
  if (workspaces.length === 1 && only) return `<p>Workspace: ${label(only)}</p>\n${hidden({ workspace: only.id })}`;
  const options = workspaces
    .map((workspace, index) => `<label><input type="radio" name="workspace" value="${escapeHtml(workspace.id)}"${index === 0 ? ' checked' : ''} required> ${label(workspace)}</label>`)
    .join('\n');
  return `<fieldset><legend>Workspace</legend>\n${options}\n</fieldset>`;
}

/** Ask the signed-in person whether the client may act on one of their workspaces, and which. */
export function consentPage(input: { clientName: string; email: string; workspaces: readonly ConsentWorkspace[]; resource: string; fields: Record<string, string> }): string {
  return page(
    'Allow access?',
    `<p><strong>${escapeHtml(input.clientName)}</strong> wants to manage the flows, boards and importers of a workspace
through <code>${escapeHtml(input.resource)}</code>.</p>
<p>It can read and change drafts and publish them. It never sees end users' progress, posts or import rows.</p>
<form method="post" action="/oauth/authorize">
${hidden(input.fields)}
${workspaceChoice(input.workspaces)}
<p class="muted">Signed in as ${escapeHtml(input.email)}.</p>
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny" class="secondary">Deny</button>
</form>`,
  );
}

export function errorPage(message: string): string {
  return page('Cannot continue', `<p class="error" role="alert">${escapeHtml(message)}</p>`);
}

export const OAUTH_STYLES = `body { font-family: system-ui, sans-serif; background: #f3f4f6; color: #111827; margin: 0; }
main { max-width: 420px; margin: 10vh auto; background: #fff; padding: 28px; border-radius: 12px; box-shadow: 0 1px 3px rgb(0 0 0 / 8%); }
h1 { font-size: 1.3rem; margin: 0 0 16px; }
label { display: block; margin: 12px 0; font-size: 0.9rem; }
input[type=email], input[type=password] { display: block; width: 100%; box-sizing: border-box; margin-top: 4px; padding: 8px; border: 1px solid #d1d5db; border-radius: 6px; font: inherit; }
button { margin-top: 12px; margin-right: 8px; padding: 8px 16px; border: 0; border-radius: 6px; background: #4f46e5; color: #fff; font: inherit; cursor: pointer; }
button.secondary { background: #e5e7eb; color: #111827; }
.error { color: #b91c1c; }
.muted { color: #6b7280; font-size: 0.85rem; }
code { font-size: 0.85em; }
fieldset { border: 1px solid #d1d5db; border-radius: 6px; margin: 12px 0; padding: 8px 12px; }
fieldset label { margin: 6px 0; }
`;
