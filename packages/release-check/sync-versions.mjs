// Runs after `changeset version` (root `npm run version`): carries the new version into the
// places that spell it out — the root's devDependencies, @inlay/node's User-Agent constant, and the versioned CDN URLs
// (`@inlay/widgets@<version>/dist/cdn/…`) in the docs and READMEs — so the release check's
// consistency tests pass on the version commit without hand edits.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const version = (name) => JSON.parse(readFileSync(join(root, 'packages', name, 'package.json'), 'utf8')).version;

function rewrite(file, pattern, replacement) {
  const before = readFileSync(file, 'utf8');
  const after = before.replace(pattern, replacement);
  if (after !== before) {
    writeFileSync(file, after);
    console.log(`updated ${file.slice(root.length + 1)}`);
  }
}

// The private root is no workspace package, so `changeset version` leaves its devDependencies on
// workspace packages behind; npm would then look for the old version in the registry.
const rootManifest = join(root, 'package.json');
const rootPkg = JSON.parse(readFileSync(rootManifest, 'utf8'));
for (const dir of readdirSync(join(root, 'packages'))) {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(root, 'packages', dir, 'package.json'), 'utf8'));
  } catch {
    continue;
  }
  for (const field of ['dependencies', 'devDependencies']) {
    if (rootPkg[field]?.[manifest.name] !== undefined) rootPkg[field][manifest.name] = manifest.version;
  }
}
rewrite(rootManifest, /[\s\S]*/, `${JSON.stringify(rootPkg, null, 2)}\n`);
rewrite(join(root, 'packages/node/src/version.ts'), /VERSION = '[^']*'/, `VERSION = '${version('node')}'`);
for (const file of cdnDocs(root)) rewrite(file, /@inlay\/widgets@\d+\.\d+\.\d+[^/\s]*\//g, `@inlay/widgets@${version('widgets')}/`);

/** The Markdown files that may cite a CDN URL: docs/, the root README and each package's README. */
function cdnDocs(dir) {
  const docs = readdirSync(join(dir, 'docs')).filter((f) => f.endsWith('.md')).map((f) => join(dir, 'docs', f));
  const readmes = readdirSync(join(dir, 'packages')).map((p) => join(dir, 'packages', p, 'README.md'));
  return [join(dir, 'README.md'), ...docs, ...readmes].filter((file) => {
    try {
      readFileSync(file);
      return true;
    } catch {
      return false;
    }
  });
}
