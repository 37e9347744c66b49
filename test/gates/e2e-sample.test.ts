import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { E2E_SAMPLE_FILES, e2eScope, gateOnlyFiles, e2eScopeLine, sampledFiles, sampledTests } from './e2e-sample.js';

const names = Array.from({ length: 40 }, (_, i) => `suite > test ${i}`);

describe('the sample of the whole-certification tests', () => {
  it('is every test when the gate asks for it', () => {
    const scope = e2eScope({ MCS_E2E_GATE: 'full' });
    expect(scope).toEqual({ kind: 'full' });
    expect(sampledTests(scope, 'test/vendor/a.e2e.ts', names)).toEqual(new Set(names));
    expect(e2eScopeLine(scope)).toBe('e2e: every test of test/**/*.e2e.ts');
  });

  it('is none with MCS_SAMPLES=off (the gates run them all right after), and refuses a value other than on or off', () => {
    const scope = e2eScope({ MCS_SAMPLES: 'off' });
    expect(scope).toEqual({ kind: 'off' });
    expect(sampledTests(scope, 'test/vendor/a.e2e.ts', names)).toEqual(new Set());
    expect(e2eScopeLine(scope)).toMatch(/^e2e and mutants samples: off \(MCS_SAMPLES=off\); every test of them: npm run test:vendor/);
    expect(e2eScope({ MCS_SAMPLES: 'on' }, () => 0.5).kind).toBe('sample');
    expect(() => e2eScope({ MCS_SAMPLES: 'no' })).toThrow("MCS_SAMPLES must be on or off, got 'no'");
  });

  it('draws the same tests from the same seed and file, and others from another seed or file', () => {
    const scope = e2eScope({ MCS_E2E_SAMPLE_SEED: '42', MCS_E2E_SAMPLE_PER_FILE: '3' });
    const one = sampledTests(scope, 'test/vendor/a.e2e.ts', names);
    expect(one.size).toBe(3);
    expect(sampledTests(e2eScope({ MCS_E2E_SAMPLE_SEED: '42', MCS_E2E_SAMPLE_PER_FILE: '3' }), 'test/vendor/a.e2e.ts', names)).toEqual(one);
    const others = [sampledTests(e2eScope({ MCS_E2E_SAMPLE_SEED: '43', MCS_E2E_SAMPLE_PER_FILE: '3' }), 'test/vendor/a.e2e.ts', names), sampledTests(scope, 'test/vendor/b.e2e.ts', names)];
    for (const other of others) expect([...other].sort()).not.toEqual([...one].sort());
  });

  it('covers every test of a file over successive seeds', () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 400; seed++) for (const name of sampledTests(e2eScope({ MCS_E2E_SAMPLE_SEED: String(seed) }), 'test/x.e2e.ts', names)) seen.add(name);
    expect(seen).toEqual(new Set(names));
  });

  it('draws one test of each file drawn by default, its seed when none is given, and says how to replay it', () => {
    const scope = e2eScope({}, () => 0.5);
    expect(scope).toEqual({ kind: 'sample', seed: 2 ** 30, files: E2E_SAMPLE_FILES, perFile: 1 });
    expect(sampledTests(scope, 'f.e2e.ts', names).size).toBe(1);
    expect(sampledTests(scope, 'f.e2e.ts', []).size).toBe(0);
    expect(e2eScopeLine(scope)).toContain(`replay: MCS_E2E_SAMPLE_SEED=${2 ** 30} npm test`);
    expect(() => e2eScope({ MCS_E2E_SAMPLE_SEED: '-1' })).toThrow(/MCS_E2E_SAMPLE_SEED must be a non-negative integer/);
  });

  const files = Array.from({ length: 30 }, (_, i) => `test/area-${String(i).padStart(2, '0')}/x.e2e.ts`);

  it('draws a few files by default, the same ones from the same seed, in their sorted order; all in the gate, none when off', () => {
    const drawn = sampledFiles(e2eScope({ MCS_E2E_SAMPLE_SEED: '42' }), [...files].reverse());
    expect(drawn).toHaveLength(E2E_SAMPLE_FILES);
    expect(drawn).toEqual([...drawn].sort());
    expect(sampledFiles(e2eScope({ MCS_E2E_SAMPLE_SEED: '42' }), files)).toEqual(drawn);
    expect(sampledFiles(e2eScope({ MCS_E2E_SAMPLE_SEED: '42', MCS_E2E_SAMPLE_FILES: '5' }), files)).toHaveLength(5);
    expect(sampledFiles(e2eScope({ MCS_E2E_GATE: 'full' }), files)).toEqual(files);
    expect(sampledFiles(e2eScope({ MCS_SAMPLES: 'off' }), files)).toEqual([]);
    expect(e2eScopeLine(e2eScope({ MCS_E2E_SAMPLE_SEED: '42' }))).toContain(`1 test(s) of each of ${E2E_SAMPLE_FILES} test/**/*.e2e.ts files, seed 42`);
  });

  it('covers every file over successive seeds', () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 200; seed++) for (const file of sampledFiles(e2eScope({ MCS_E2E_SAMPLE_SEED: String(seed) }), files)) seen.add(file);
    expect(seen).toEqual(new Set(files));
  });

  it('never draws a file too long for the sample, which its gate still runs whole, and says so', () => {
    const gateOnly = Object.keys(gateOnlyFiles);
    expect(gateOnly.length).toBeGreaterThan(0);
    for (const file of gateOnly) expect(existsSync(new URL(`../../${file}`, import.meta.url)), file).toBe(true);
    const candidates = [...files, ...gateOnly];
    for (let seed = 0; seed < 200; seed++) expect(sampledFiles(e2eScope({ MCS_E2E_SAMPLE_SEED: String(seed), MCS_E2E_SAMPLE_FILES: '31' }), candidates)).toEqual(files);
    expect(sampledFiles(e2eScope({ MCS_E2E_GATE: 'full' }), candidates)).toEqual([...candidates].sort());
    expect(e2eScopeLine(e2eScope({ MCS_E2E_SAMPLE_SEED: '42' }))).toContain('never drawn, too long for the sample: test/vendor/rungs.e2e.ts only in npm run test:vendor');
  });
});
