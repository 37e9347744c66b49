#!/usr/bin/env node
// `npm run test:publish` (CI): `npm publish --dry-run`, then what the tarball holds is checked against what a
// user of `mcs` needs, and its size against a budget. Fails (exit 1, one line per problem) when:
//   - package.json is private, or has no `files`, `repository` or `license`;
//   - the tarball holds our own tests, benchmarks, scripts or CI (test/, bench/, scripts/, .ci/, a *.test.ts
//     outside suites/: the suites are *.test.ts files themselves);
//   - a file `mcs` needs at run time is missing (the entry point, the suites' config, the spec, the schemas),
//     or LICENSE is not the Apache-2.0 text;
//   - it is larger than the budget: packed, unpacked, or in number of files.
// That the tarball really works is test/docs/tarball.e2e.ts: installed in an empty folder, it certifies.
// Budgets (bytes, files) may be moved with MCS_PACK_BUDGET_PACKED, MCS_PACK_BUDGET_UNPACKED, MCS_PACK_BUDGET_FILES.
import { execFileSync } from 'node:child_process';
import console from 'node:console';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
// About a third above the size measured when the budget was set (652 KiB packed, 2.4 MiB unpacked, 381 files).
const budget = {
  packed: Number(process.env.MCS_PACK_BUDGET_PACKED ?? 900 * 1024),
  unpacked: Number(process.env.MCS_PACK_BUDGET_UNPACKED ?? 3.5 * 1024 * 1024),
  files: Number(process.env.MCS_PACK_BUDGET_FILES ?? 500),
};
const required = [
  'package.json',
  'README.md',
  'LICENSE',
  'CHANGELOG.md',
  'cli/mcs.js',
  'cli/main.ts',
  'suites/vitest.config.ts',
  'spec/clauses.yaml',
  'spec/v4.openapi.yaml',
  'spec/v2.openapi.yaml',
  'spec/control.openapi.yaml',
  'harness/config/config.schema.json',
  'reports/report.schema.json',
  'reference/index.ts',
  'tsconfig.json',
];
const forbidden = [/^test\//, /^bench\//, /^scripts\//, /^\.ci\//, /^\.github\//, /^reports\/out\//, /^(?!suites\/).*\.test\.ts$/];

const problems = [];
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
if (pkg.private) problems.push('package.json is "private": npm would refuse to publish it');
for (const field of ['files', 'repository', 'license', 'bin']) if (pkg[field] === undefined) problems.push(`package.json has no "${field}"`);
const license = readFileSync(join(root, 'LICENSE'), 'utf8');
if (!/Apache License\s+Version 2\.0, January 2004/.test(license) || !license.includes('END OF TERMS AND CONDITIONS')) problems.push('LICENSE is not the Apache License 2.0 text');

let output;
try {
  output = execFileSync('npm', ['publish', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
} catch (error) {
  console.error(`test:publish: npm publish --dry-run failed: ${String(error.stderr ?? error.message).trim().split('\n').slice(-3).join(' | ')}`);
  process.exit(1);
}
const parsed = JSON.parse(output.slice(output.indexOf('{')));
const tarball = parsed[pkg.name] ?? parsed;
const paths = tarball.files.map((file) => file.path);
for (const path of paths) if (forbidden.some((pattern) => pattern.test(path))) problems.push(`the tarball holds ${path}, which users do not need`);
for (const path of required) if (!paths.includes(path)) problems.push(`the tarball lacks ${path}, which mcs needs`);

const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;
const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
if (tarball.size > budget.packed) problems.push(`the tarball is ${kib(tarball.size)}, over its budget of ${kib(budget.packed)}`);
if (tarball.unpackedSize > budget.unpacked) problems.push(`the package unpacks to ${mib(tarball.unpackedSize)}, over its budget of ${mib(budget.unpacked)}`);
if (paths.length > budget.files) problems.push(`the tarball holds ${paths.length} files, over its budget of ${budget.files}`);

console.log(`test:publish: ${tarball.filename}: ${kib(tarball.size)} packed (budget ${kib(budget.packed)}), ${mib(tarball.unpackedSize)} unpacked (budget ${mib(budget.unpacked)}), ${paths.length} files (budget ${budget.files})`);
for (const problem of problems) console.error(`test:publish: FAIL: ${problem}`);
process.exit(problems.length === 0 ? 0 : 1);
