/**
 * The script-tag bundle carries its own copy of zod (through @inlay/core's schemas). Zod compiles
 * object schemas with `new Function` where it may, and only asking whether it may makes a page
 * with a strict policy report a `script-src` violation for `eval`; turned off here, that copy
 * never asks (docs/widgets.md, "Content-Security-Policy"). Not in the npm build: there zod is
 * the app's own, and so is its configuration.
 */
import { config } from 'zod';

config({ jitless: true });
