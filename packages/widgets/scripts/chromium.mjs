/**
 * How to run Debian's Chromium on these machines: never a browser a tool
 * downloads itself. As root it needs --no-sandbox; the rest keep it off the (closed) network.
 */
export const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * What a screenshot's page reports: console errors, uncaught errors and Content-Security-Policy
 * violations (logged by a listener Playwright injects, which the page's policy does not govern).
 * @param {import('playwright-core').Page} page
 * @returns {Promise<string[]>} filled as the page reports them
 */
export async function pageProblems(page) {
  const problems = [];
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
  page.on('pageerror', (error) => problems.push(error.message));
  await page.addInitScript({
    content: "document.addEventListener('securitypolicyviolation', (e) => console.error('CSP violation', e.violatedDirective, e.blockedURI));",
  });
  return problems;
}
