/**
 * Debian's Chromium (never a browser a tool downloads itself), headless and off the network
 * except for the test server; as root it needs --no-sandbox.
 */
export const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'];
