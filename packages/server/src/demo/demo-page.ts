import type { DemoWorkspace } from './demo-workspace.js';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The demo page: plain HTML a customer could paste, no inline script or style (strict CSP). */
export function demoPage(input: { demo: DemoWorkspace; origin: string; widgetsBuilt: boolean }): string {
  const { demo, origin } = input;
  const attr = (value: string) => `"${escapeHtml(value)}"`;
  const missing = input.widgetsBuilt
    ? ''
    : '<p class="warning">The widget bundles are not built: run <code>npm run build</code> and restart.</p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Inlay demo</title>
<link rel="stylesheet" href="/demo/demo.css">
</head>
<body>
<header>
  <h1>Inlay demo</h1>
  <p>The widgets below are embedded the way a customer site embeds them: one <code>&lt;script&gt;</code> tag
  and the demo workspace's publishable key. A stand-in backend on this server mints the author tokens.</p>
  <p><button type="button" id="demo-tour-start">Take the tour</button></p>
  ${missing}
</header>
<main>
  <section aria-labelledby="checklist-title" data-tour="checklist">
    <h2 id="checklist-title">Onboarding checklist</h2>
    <label class="user">Signed-in user <input id="demo-user" value="demo-user" autocomplete="off"></label>
    <inlay-checklist id="demo-checklist"
      flow-id=${attr(demo.flowId)}
      publishable-key=${attr(demo.keys.testPublishable)}
      base-url=${attr(`${origin}/onboarding`)}
      user-id="demo-user"
      workspace-key="demo-account"></inlay-checklist>
  </section>
  <section aria-labelledby="board-title" data-tour="board">
    <h2 id="board-title">Feedback board</h2>
    <inlay-feedback-board id="demo-board"
      board-id=${attr(demo.boardId)}
      publishable-key=${attr(demo.keys.testPublishable)}
      base-url=${attr(`${origin}/feedback`)}
      anonymous></inlay-feedback-board>
  </section>
  <section class="wide" aria-labelledby="importer-title" data-tour="importer">
    <h2 id="importer-title">Data importer</h2>
    <p class="hint">Try it with <a href="/demo/contacts-messy.csv" download>a messy contacts file</a>: semicolons, decimal commas,
    mixed date formats, a duplicate email and a bad URL.</p>
    <inlay-importer id="demo-importer"
      importer-id=${attr(demo.importerId)}
      publishable-key=${attr(demo.keys.testPublishable)}
      base-url=${attr(`${origin}/importer`)}></inlay-importer>
  </section>
  <aside aria-labelledby="log-title" data-tour="events">
    <h2 id="log-title">Events</h2>
    <ol id="demo-log"></ol>
  </aside>
</main>
<inlay-tour id="demo-tour"
  flow-id=${attr(demo.tourFlowId)}
  publishable-key=${attr(demo.keys.testPublishable)}
  base-url=${attr(`${origin}/onboarding`)}
  user-id="demo-user"></inlay-tour>
<script src="/demo/demo.js"></script>
<script src="/cdn/inlay-checklist.js"></script>
<script src="/cdn/inlay-feedback-board.js"></script>
<script src="/cdn/inlay-importer.js"></script>
<script src="/cdn/inlay-tour.js"></script>
</body>
</html>
`;
}

/**
 * Wires the page: author tokens from the stand-in backend, the user switcher, the event log.
 * It runs before the widget bundle, so the properties are in place when the element upgrades.
 */
export const demoScript = `(() => {
  const checklist = document.getElementById('demo-checklist');
  const userInput = document.getElementById('demo-user');
  const log = document.getElementById('demo-log');
  const note = (text) => {
    const li = document.createElement('li');
    li.textContent = new Date().toLocaleTimeString() + '  ' + text;
    log.prepend(li);
  };
  checklist.getAuthorToken = async () => {
    const response = await fetch('/demo/author-token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: checklist.getAttribute('user-id'), workspaceKey: 'demo-account' }),
    });
    if (!response.ok) throw new Error('token backend answered ' + response.status);
    return (await response.json()).data.token;
  };
  document.getElementById('demo-tour-start').addEventListener('click', () => document.getElementById('demo-tour').start());
  userInput.addEventListener('change', () => {
    const value = userInput.value.trim();
    if (value) checklist.setAttribute('user-id', value);
  });
  for (const type of ['inlay-item-complete', 'inlay-flow-complete', 'inlay-dismiss', 'inlay-post-create', 'inlay-vote', 'inlay-import-complete', 'inlay-import-cancel', 'inlay-error']) {
    document.addEventListener(type, (event) => {
      const detail = event.detail || {};
      const what = detail.rows ? ' ' + detail.rowCount + ' rows, ' + detail.errorCount + ' with problems' : detail.itemId ? ' ' + detail.itemId : detail.postId ? ' ' + detail.postId : detail.post ? ' ' + detail.post.id : detail.error ? ' ' + (detail.error.message || detail.error) : '';
      note(type + what);
    });
  }
})();
`;

export const demoStyles = `:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2937; background: #f3f4f6; }
body { margin: 0 auto; max-width: 1040px; padding: 32px 24px; }
header h1 { margin: 0 0 8px; font-size: 1.75rem; }
header button { font: inherit; padding: 6px 14px; border: 1px solid #4f46e5; border-radius: 8px; background: #4f46e5; color: #fff; cursor: pointer; }
header p { margin: 0 0 24px; color: #4b5563; max-width: 70ch; line-height: 1.5; }
main { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 24px; align-items: start; }
aside, .wide { grid-column: 1 / -1; }
.hint { margin: 0 0 12px; color: #4b5563; font-size: 0.9rem; }
section, aside { background: #fff; border-radius: 12px; padding: 20px; box-shadow: 0 1px 2px rgb(0 0 0 / 6%); }
h2 { margin: 0 0 12px; font-size: 1.1rem; }
.user { display: flex; gap: 8px; align-items: center; margin-bottom: 16px; font-size: 0.9rem; color: #4b5563; }
.user input { font: inherit; padding: 4px 8px; border: 1px solid #d1d5db; border-radius: 6px; }
#demo-log { margin: 0; padding: 0; list-style-position: inside; font: 0.8rem/1.6 ui-monospace, SFMono-Regular, Menlo, monospace; color: #374151; max-height: 420px; overflow: auto; }
.warning { background: #fef3c7; padding: 8px 12px; border-radius: 8px; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; }
@media (max-width: 760px) { main { grid-template-columns: 1fr; } }
`;
