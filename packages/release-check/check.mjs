// Release dry-run (docs/releasing.md): `npm pack`s every public package of the workspace, as
// `changeset publish` would, and checks the tarball, not the working tree:
// - publint: package.json `exports`/`files`/`types` point at files that are in the tarball;
// - @arethetypeswrong/cli: the types resolve for Node 16+ and bundlers (ESM-only packages);
// - README.md and LICENSE are in it;
// - every source map either travels with the sources it names or embeds them;
// - no declaration reachable from the exports carries an `@internal` tag (those are stripped,
//   docs/releasing.md), except @inlay/core's, whose internals are shared with Inlay's packages;
// - the declarations compile in a strict app with skipLibCheck off (consumer/);
// - @inlay/widgets' dist/cdn/sri.json holds the right sha384 of every CDN file, and every CDN
//   URL in the docs is versioned with the package's version and points at dist/cdn/.
// Fails (exit 1) on any error; publint's warnings and suggestions are printed, not fatal.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const attw = join(root, 'node_modules', '.bin', 'attw');
const work = mkdtempSync(join(tmpdir(), 'inlay-release-check-'));
const failures = [];

/** The workspace packages that get published: every packages/* without `private: true`. */
function publicPackages() {
  return readdirSync(join(root, 'packages'))
    .map((name) => join(root, 'packages', name))
    .filter((dir) => {
      try {
        return !JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).private;
      } catch {
        return false;
      }
    });
}

/** Every file under `dir`, as paths relative to it with `/` separators. */
function listFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out.push(relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'));
  }
  return out;
}

function fail(pkg, message) {
  failures.push(`${pkg}: ${message}`);
}

for (const dir of publicPackages()) {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const name = manifest.name;
  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], { cwd: dir, encoding: 'utf8' }));
  const tarball = join(work, packed.filename);
  const unpacked = mkdtempSync(join(work, 'unpacked-'));
  execFileSync('tar', ['-xzf', tarball, '-C', unpacked]);
  const pkgDir = join(unpacked, 'package');
  const files = new Set(listFiles(pkgDir));
  console.log(`\n${name}@${manifest.version}: ${packed.filename}, ${files.size} files, ${(packed.size / 1024).toFixed(1)} kB packed`);

  // publint over the tarball itself, so `files` and `.npmignore` are what is judged.
  const bytes = readFileSync(tarball);
  const { messages, pkg } = await publint({ pack: { tarball: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) }, level: 'suggestion', strict: false });
  for (const message of messages) {
    const line = `publint ${message.type}: ${formatMessage(message, pkg) ?? message.code}`;
    if (message.type === 'error') fail(name, line);
    else console.log(`  ${line}`);
  }

  // attw: "esm-only" leaves out the node10 and require() resolutions, which ESM-only packages
  // (`"type": "module"`, no CommonJS build) do not support by design.
  try {
    execFileSync(attw, [tarball, '--profile', 'esm-only', '--format', 'ascii', '--no-color'], { encoding: 'utf8', stdio: 'pipe' });
    console.log('  attw: no problems');
  } catch (error) {
    fail(name, `@arethetypeswrong/cli:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
  }

  for (const required of ['README.md', 'LICENSE', 'package.json']) {
    if (!files.has(required)) fail(name, `${required} is not in the tarball`);
  }

  for (const file of files) {
    if (file.endsWith('.map')) {
      const map = JSON.parse(readFileSync(join(pkgDir, file), 'utf8'));
      const sources = map.sources ?? [];
      sources.forEach((source, index) => {
        const embedded = typeof map.sourcesContent?.[index] === 'string';
        const target = posix.normalize(posix.join(posix.dirname(file), map.sourceRoot ?? '', source));
        if (!embedded && !files.has(target)) fail(name, `${file} points at ${source}, which is neither shipped nor embedded`);
      });
    }
  }
  if (name !== '@inlay/core') {
    for (const file of publicDeclarations(manifest, pkgDir, files)) {
      if (/@internal\b/.test(readFileSync(join(pkgDir, file), 'utf8'))) fail(name, `${file} (public types) still holds something tagged @internal: build with stripInternal`);
    }
  }

  if (name === '@inlay/widgets') checkSri(name, pkgDir, files);
}

/**
 * The declaration files an app can reach: the `types` of every export, and every file they
 * import or re-export from, transitively (relative specifiers; `.js` read as `.d.ts`).
 */
function publicDeclarations(manifest, pkgDir, files) {
  const entries = [];
  const collect = (value) => {
    if (typeof value === 'string') {
      if (value.endsWith('.d.ts')) entries.push(posix.normalize(value));
    } else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) if (key === 'types' || typeof inner === 'object') collect(inner);
    }
  };
  collect(manifest.exports);
  if (manifest.types) entries.push(posix.normalize(manifest.types));
  const seen = new Set();
  const queue = entries.filter((file) => files.has(file));
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(join(pkgDir, file), 'utf8');
    for (const match of text.matchAll(/(?:from\s+|import\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const target = posix.normalize(posix.join(posix.dirname(file), match[1])).replace(/\.js$/, '.d.ts');
      if (files.has(target) && !seen.has(target)) queue.push(target);
    }
  }
  return seen;
}

/** dist/cdn/sri.json must name every script in dist/cdn with its sha384, and nothing else. */
function checkSri(name, pkgDir, files) {
  if (!files.has('dist/cdn/sri.json')) return fail(name, 'dist/cdn/sri.json is not in the tarball');
  const sri = JSON.parse(readFileSync(join(pkgDir, 'dist/cdn/sri.json'), 'utf8'));
  const scripts = [...files].filter((file) => /^dist\/cdn\/[^/]+\.js$/.test(file)).map((file) => file.slice('dist/cdn/'.length));
  for (const script of scripts) {
    const expected = `sha384-${createHash('sha384').update(readFileSync(join(pkgDir, 'dist/cdn', script))).digest('base64')}`;
    if (sri.files?.[script] !== expected) fail(name, `sri.json has ${sri.files?.[script]} for ${script}, the file hashes to ${expected}`);
  }
  for (const listed of Object.keys(sri.files ?? {})) {
    if (!scripts.includes(listed)) fail(name, `sri.json lists ${listed}, which is not shipped`);
  }
  console.log(`  sri.json: ${scripts.length} scripts verified`);
}

// CDN URLs in the docs: versioned with the widgets' current version and pointing at dist/cdn/,
// where the files are in the tarball (a CDN serves files, not the exports map's `./cdn/*`).
{
  const widgetsVersion = JSON.parse(readFileSync(join(root, 'packages', 'widgets', 'package.json'), 'utf8')).version;
  const docs = [join(root, 'README.md'), ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => join(root, 'docs', f))];
  for (const dir of readdirSync(join(root, 'packages'))) docs.push(join(root, 'packages', dir, 'README.md'));
  let urls = 0;
  for (const file of docs) {
    let text;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const match of text.matchAll(/https?:\/\/[^\s"'`)<>]*@inlay\/widgets[^\s"'`)<>]*/g)) {
      urls += 1;
      const expected = `@inlay/widgets@${widgetsVersion}/dist/cdn/`;
      if (!match[0].includes(expected)) failures.push(`${relative(root, file)}: CDN URL ${match[0]} is not under ${expected}`);
    }
  }
  console.log(`\nCDN URLs in the docs: ${urls} checked against @inlay/widgets@${widgetsVersion}/dist/cdn/`);
}

// The published declarations, compiled as an app would (consumer/tsconfig.json): a type left
// dangling by stripInternal, or a d.ts that only compiles with skipLibCheck, fails here.
try {
  execFileSync(join(root, 'node_modules', '.bin', 'tsc'), ['-p', join(root, 'packages', 'release-check', 'consumer', 'tsconfig.json')], { encoding: 'utf8', stdio: 'pipe' });
  console.log('\nconsumer typecheck (skipLibCheck off): no errors');
} catch (error) {
  failures.push(`consumer typecheck:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
}

rmSync(work, { recursive: true, force: true });
if (failures.length > 0) {
  console.error(`\nRelease check failed:\n${failures.map((f) => `- ${f}`).join('\n')}`);
  process.exit(1);
}
console.log('\nRelease check passed.');
