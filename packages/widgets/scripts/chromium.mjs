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
