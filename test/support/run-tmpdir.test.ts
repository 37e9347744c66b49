import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import setup from './run-tmpdir.js';

const names = ['TMPDIR', 'MCS_CACHE_DIR', 'MCS_TESTS_TMPDIR'] as const;
const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
const current = () => Object.fromEntries(names.map((name) => [name, process.env[name]]));
afterEach(() => {
  for (const name of names) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe('one temporary folder per test run', () => {
  it('is where this run’s workers make their temporary files (vitest.config.ts names the setup)', () => {
    expect(basename(tmpdir())).toMatch(/^mcs-tests-/);
  });

  it('is made inside the temporary directory it replaces, keeps the tool’s cache where it was, and goes with what was left in it', async () => {
    delete process.env.MCS_TESTS_TMPDIR; // as in vitest's own process before the first project's setup
    const before = current();
    const outer = tmpdir();
    const teardown = await setup();
    const inner = tmpdir();
    try {
      expect(dirname(inner)).toBe(outer);
      expect(process.env.MCS_CACHE_DIR).toBe(saved.MCS_CACHE_DIR ?? expect.any(String));
      await writeFile(join(inner, 'left-behind'), 'x');
    } finally {
      await teardown();
    }
    expect(existsSync(inner)).toBe(false);
    expect(current()).toEqual(before);
  });

  it('is made once when the setup runs again for another project of the same run', async () => {
    delete process.env.MCS_TESTS_TMPDIR;
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
});
