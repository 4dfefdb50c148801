/**
 * The page this example serves: a host app's "getting started" screen embedding
 * `<inlay-checklist>` with a `<script>` tag, under a strict Content-Security-Policy.
 */

/** @param {string} value */
function escapeHtml(value) {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The page for a signed-in user. It holds the publishable key (made for browsers) and no user
 * id: the widget learns who the user is from the author token `/page.js` fetches.
 *
 * @param {{ baseUrl: string, publishableKey: string, flowId: string, userName: string }} input
 * @returns {string}
 */
export function appPage({ baseUrl, publishableKey, flowId, userName }) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Getting started</title>
<link rel="stylesheet" href="/page.css">
</head>
<body>
<header>
  <p>Signed in as <strong>${escapeHtml(userName)}</strong> (fake session) · <a href="/logout">Sign out</a></p>
</header>
<main>
  <inlay-checklist
    flow-id="${escapeHtml(flowId)}"
    publishable-key="${escapeHtml(publishableKey)}"
    base-url="${escapeHtml(`${baseUrl}/onboarding`)}"></inlay-checklist>
  <ol id="events" aria-label="Widget events"></ol>
</main>
<script src="/page.js"></script>
<script src="${escapeHtml(`${baseUrl}/cdn/inlay-checklist.js`)}"></script>
</body>
</html>
`;
}

/** The sign-in page of the fake session. */
export function signInPage() {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Sign in</title><link rel="stylesheet" href="/page.css"></head>
<body>
<main>
  <h1>Sign in (fake)</h1>
  <p>This example has no passwords: pick a user.</p>
  <ul><li><a href="/login?user=alice">alice</a></li><li><a href="/login?user=bob">bob</a></li></ul>
</main>
</body>
</html>
`;
}

/**
 * The page's script, a file of its own so the page needs no 'unsafe-inline'. It hands the
 * checklist a `getAuthorToken` callback: the widget calls it before its first request, and again
 * with `forceRefresh: true` when the token has expired. It runs before the widget's bundle, so
 * the callback is in place when the element upgrades and loads (Lit keeps properties set on an
 * element before its definition arrives).
 */
export const pageScript = `const checklist = document.querySelector('inlay-checklist');
checklist.getAuthorToken = async () => {
  const response = await fetch('/author-token/onboarding', { method: 'POST', credentials: 'same-origin' });
  if (!response.ok) throw new Error('author token: HTTP ' + response.status);
  return (await response.json()).token;
};
const log = document.getElementById('events');
for (const type of ['inlay-item-complete', 'inlay-flow-complete', 'inlay-dismiss', 'inlay-error']) {
  checklist.addEventListener(type, (event) => {
    const item = document.createElement('li');
    item.textContent = type + (event.detail.itemId ? ' ' + event.detail.itemId : '');
    log.prepend(item);
  });
}
`;

export const pageStyles = `body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 720px; padding: 24px; color: #1f2937; }
header { color: #4b5563; }
inlay-checklist { --inlay-accent: #0f766e; display: block; margin: 16px 0; }
#events { font: 0.8rem ui-monospace, monospace; color: #4b5563; }
`;

/**
 * The page's Content-Security-Policy: scripts from this server and the Inlay server only, no
 * inline code, and requests only to those two.
 *
 * @param {string} baseUrl the Inlay server's origin
 */
export function contentSecurityPolicy(baseUrl) {
  const inlay = new URL(baseUrl).origin;
  return [
    "default-src 'none'",
    `script-src 'self' ${inlay}`,
    `connect-src 'self' ${inlay}`,
    "style-src 'self'",
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
