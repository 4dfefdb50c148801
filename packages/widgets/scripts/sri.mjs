// Writes dist/cdn/sri.json after the script-tag bundles are built: the Subresource Integrity
// hash (sha384, base64) of every script in dist/cdn/, for `<script integrity=…>` (docs/widgets.md#from-a-cdn-with-subresource-integrity).
// The file ships in the package, so a CDN URL `…/@inlay/widgets@<version>/dist/cdn/sri.json`
// publishes the hashes of exactly that release; the release check verifies them in the tarball.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cdn = join(root, 'dist', 'cdn');
const { name, version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

const files = {};
for (const file of readdirSync(cdn).filter((f) => f.endsWith('.js')).sort()) {
  files[file] = `sha384-${createHash('sha384').update(readFileSync(join(cdn, file))).digest('base64')}`;
}
writeFileSync(join(cdn, 'sri.json'), `${JSON.stringify({ package: name, version, algorithm: 'sha384', files }, null, 2)}\n`);
console.log(`dist/cdn/sri.json: ${Object.keys(files).length} files`);
