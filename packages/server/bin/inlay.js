#!/usr/bin/env node
// The `inlay` command. A file of the package's own, not the build's, so that npm links it at
// install time, before `npm run build` has made dist/ (docs/self-hosting.md).
import '../dist/cli/main.js';
