#!/usr/bin/env node
/**
 * Runs the example backend beside an Inlay server:
 *
 *   INLAY_BASE_URL=http://127.0.0.1:4000 INLAY_SECRET_KEY=svc_test_sec_… \
 *   INLAY_PUBLISHABLE_KEY=svc_test_pub_… INLAY_FLOW_ID=flow_… INLAY_BOARD_ID=board_… npm start
 */
import { Inlay } from '@inlay/node';
import { createBackend } from './app.js';
import { readConfig } from './config.js';

let config;
try {
  config = readConfig(process.env);
} catch (error) {
  console.error(/** @type {Error} */ (error).message);
  process.exit(1);
}
const inlay = new Inlay({ secretKey: config.secretKey, baseUrl: config.baseUrl });
const server = createBackend({ config, inlay });

server.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  console.log(`Example backend on http://${config.host}:${port} (Inlay at ${config.baseUrl})`);
  console.log(`Sign in (fake session): http://${config.host}:${port}/login?user=alice`);
});

for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
