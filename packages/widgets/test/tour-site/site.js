/* global document, history, location, Element */
// The tour test site's own script (no inline script: the pages run under a strict policy).
// `?user=…&flow=…&theme=…&dir=…&lang=…&late=1` are kept for the tab's later pages; it runs before
// the bundle (both deferred, in order), so the attributes are in place when the element upgrades.
const params = new URLSearchParams(location.search);
for (const key of ['user', 'flow', 'theme', 'dir', 'lang', 'late']) {
  if (params.has(key)) sessionStorage.setItem(`tour-${key}`, params.get(key) ?? '');
}
const kept = (key) => sessionStorage.getItem(`tour-${key}`);
for (const element of document.querySelectorAll('inlay-tour, inlay-checklist')) {
  element.setAttribute('user-id', kept('user') || 'demo-user');
  if (kept('flow')) element.setAttribute('flow-id', kept('flow'));
  if (kept('theme')) element.setAttribute('theme', kept('theme'));
}
if (kept('dir')) document.documentElement.dir = kept('dir');
if (kept('lang')) document.documentElement.lang = kept('lang');

// An element that appears a second after the page: the "late element" step.
const slot = document.getElementById('late-slot');
if (slot && kept('late')) {
  setTimeout(() => {
    const late = Object.assign(document.createElement('button'), { type: 'button', textContent: 'Invite teammates' });
    late.dataset.tour = 'late';
    slot.append(late);
  }, 1000);
}

// The single-page app: /app.html and /app/settings, switched with history.pushState.
const app = document.getElementById('app');
function route() {
  if (!app) return;
  if (location.pathname === '/app/settings') {
    app.replaceChildren(Object.assign(document.createElement('h1'), { textContent: 'Workspace settings' }));
    const save = Object.assign(document.createElement('button'), { type: 'button', textContent: 'Save settings' });
    save.dataset.tour = 'save';
    app.append(save);
  }
}
document.addEventListener('click', (event) => {
  const target = event.target instanceof Element ? event.target.closest('[data-tour="open-settings"]') : null;
  if (!target) return;
  history.pushState(null, '', '/app/settings');
  route();
});
route();

// A manual tour's start button (start: "manual").
document.querySelector('[data-start-tour]')?.addEventListener('click', () => document.querySelector('inlay-tour').start());
