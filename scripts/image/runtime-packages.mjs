// Prints the folders of ./node_modules a runtime needs, one a line: the closure of package.json's
// dependencies (plus any package named on the command line) through package-lock.json, resolved as Node
// resolves them (a package's own node_modules first, then each folder up). Only top-level folders are
// printed: a package nested in another's node_modules is a dependency of that one, copied with it.
// Packages the lockfile lists but this platform did not install (optional, other OS) are left out.
// Usage: node scripts/image/runtime-packages.mjs [EXTRA_PACKAGE...]
import { existsSync, readFileSync } from 'node:fs';
import process from 'node:process';

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const packages = lock.packages ?? {};
const root = packages[''] ?? {};

/** The lockfile key a dependency of the package at `from` resolves to, or undefined. */
function resolve(from, name) {
  for (let dir = from; ; dir = dir.replace(/\/?node_modules\/(@[^/]+\/)?[^/]+$/, '')) {
    const key = `${dir === '' ? '' : `${dir}/`}node_modules/${name}`;
    if (packages[key] !== undefined) return key;
    if (dir === '') return undefined;
  }
}

const needed = new Set();
const queue = [...Object.keys(root.dependencies ?? {}), ...Object.keys(root.optionalDependencies ?? {}), ...process.argv.slice(2)].map((name) => ['', name]);
while (queue.length > 0) {
  const [from, name] = queue.pop();
  const key = resolve(from, name);
  if (key === undefined || needed.has(key) || !existsSync(key)) continue;
  needed.add(key);
  const meta = packages[key];
  const optionalPeers = meta.peerDependenciesMeta ?? {};
  const deps = [...Object.keys(meta.dependencies ?? {}), ...Object.keys(meta.optionalDependencies ?? {}), ...Object.keys(meta.peerDependencies ?? {}).filter((p) => optionalPeers[p]?.optional !== true)];
  for (const dep of deps) queue.push([key, dep]);
}

const topLevel = [...needed].filter((key) => !/^node_modules\/(@[^/]+\/)?[^/]+\/node_modules\//.test(key)).sort();
process.stdout.write(`${topLevel.join('\n')}\n`);
