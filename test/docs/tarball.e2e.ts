// The package as npm publishes it (issue 32 item 3): `npm pack`, then the README's npm recipe run as written
// in an empty folder, with the packed tarball in place of the registry's `mcs-conformance@VERSION` and the
// reference, served on a free port, in place of the reader's service on 8080. It must install with nothing
// but the tarball's own dependencies and certify the reference conformant, exit 0; the installed package
// holds none of our tests, benchmarks or CI.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReference } from '../../reference/index.js';
import { readmeRecipe, repoRoot, runBash, transcript, withImplementation } from './recipes.js';

const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { name: string; version: string };
const dir = mkdtempSync(join(tmpdir(), 'mcs-tarball-'));
let reference: Awaited<ReturnType<typeof startReference>>;
let tarball: string;

beforeAll(async () => {
  reference = await startReference({ log: () => undefined });
  const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], { cwd: repoRoot, encoding: 'utf8' })) as Array<{ filename: string }>;
  tarball = packed[0]?.filename ?? '';
});

afterAll(async () => {
  await reference?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the packed tarball, installed in an empty folder', () => {
  it("runs the README's npm recipe to a conformant verdict, exit 0", async () => {
    const app = join(dir, 'app');
    mkdirSync(app);
    execFileSync('cp', [join(dir, tarball), app]);
    const recipe = readmeRecipe('npm').text;
    expect(recipe).toContain(`npm install ${pkg.name}@${pkg.version}`);
    const port = Number(new URL(reference.urls.base).port);
    const script = withImplementation(recipe.replace(`${pkg.name}@${pkg.version}`, `./${tarball}`), { port });
    const result = await runBash(script, {
      cwd: app,
      // The npm cache first (this machine reaches the registry, but need not ask it for what it holds).
      env: { CI: 'true', npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false', MCS_CACHE_DIR: join(dir, 'cache') },
      timeoutMs: 840_000,
    });
    expect(result.code, transcript(result)).toBe(0);
    expect(result.stdout).toMatch(/^verdict: conformant: /m);
    expect(JSON.parse(readFileSync(join(app, 'out', 'certificate.json'), 'utf8'))).toMatchObject({ status: 'conformant', issued: true });
    const installed = join(app, 'node_modules', pkg.name);
    expect(readdirSync(installed).sort()).toEqual(expect.arrayContaining(['LICENSE', 'CHANGELOG.md', 'cli', 'suites', 'spec']));
    for (const absent of ['test', 'bench', 'scripts', '.ci', 'action.yml']) expect(existsSync(join(installed, absent)), `${absent} in the package`).toBe(false);
  });
});
