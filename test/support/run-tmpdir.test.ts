import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { cacheDir } from '../../spec/cache.js';
import setup from './run-tmpdir.js';
import { savedEnv } from './saved-env.js';

const names = ['TMPDIR', 'MCS_CACHE_DIR', 'MCS_TESTS_TMPDIR'] as const;
const restoreEnv = savedEnv(names);
const current = () => Object.fromEntries(names.map((name) => [name, process.env[name]]));
/** As in vitest's own process before the first project's setup: no folder made yet, no cache named. */
const asAtTheStart = () => {
  delete process.env.MCS_TESTS_TMPDIR;
  delete process.env.MCS_CACHE_DIR;
};
afterEach(restoreEnv);

describe('one temporary folder per test run', () => {
  it('is where this run’s workers make their temporary files (vitest.config.ts names the setup)', () => {
    expect(basename(tmpdir())).toMatch(/^mcs-tests-/);
  });

  it('is made inside the temporary directory it replaces, keeps the caches where they were, and goes with what was left in it', async () => {
    asAtTheStart();
    const before = current();
    const outer = tmpdir();
    const toolCache = cacheDir();
    const teardown = await setup();
    const inner = tmpdir();
    const tsxCache = `tsx-${process.geteuid?.() ?? 'user'}`;
    try {
      expect(dirname(inner)).toBe(outer);
      expect(process.env.MCS_CACHE_DIR).toBe(toolCache);
      expect(lstatSync(join(inner, tsxCache)).isSymbolicLink()).toBe(true);
      await writeFile(join(inner, 'left-behind'), 'x');
    } finally {
      await teardown();
    }
    expect(existsSync(inner)).toBe(false);
    expect(statSync(join(outer, tsxCache)).isDirectory()).toBe(true); // what the link pointed to stays
    expect(current()).toEqual(before);
  });

  it('is made once when the setup runs again for another project of the same run', async () => {
    asAtTheStart();
    const teardown = await setup();
    const made = tmpdir();
    try {
      const again = await setup();
      expect(tmpdir()).toBe(made);
      await again();
      expect(existsSync(made)).toBe(true);
    } finally {
      await teardown();
    }
    expect(existsSync(made)).toBe(false);
  });

  it('goes when the run ends by process.exit, as vitest ends on Ctrl-C or SIGTERM', () => {
    const module = fileURLToPath(new URL('./run-tmpdir.ts', import.meta.url));
    const script = `const { default: setup } = await import(${JSON.stringify(module)}); await setup(); process.stdout.write(process.env.TMPDIR); process.exit(130);`;
    const env = { ...process.env };
    delete env.MCS_TESTS_TMPDIR;
    let made = '';
    try {
      execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { env, encoding: 'utf8' });
    } catch (error) {
      made = String((error as { stdout?: string }).stdout ?? '');
    }
    expect(basename(made)).toMatch(/^mcs-tests-/);
    expect(existsSync(made)).toBe(false);
  });
});
