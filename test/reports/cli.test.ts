// `mcs report` and `mcs coverage`, called through their run() functions (what cli/main.ts dispatches to).
import { mkdtemp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { run as coverage } from '../../cli/commands/coverage.js';
import { run as report } from '../../cli/commands/report.js';
import { UsageError } from '../../cli/errors.js';
import { loadClauses } from '../../spec/index.js';
import { reportJson } from '../../reports/index.js';
import { sampleReport } from './sample.js';

let out = '';
beforeEach(() => {
  out = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
});
afterEach(() => vi.restoreAllMocks());

async function tempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'mcs-cli-'));
}

describe('mcs report', () => {
  it('renders HTML and JUnit from a JSON report, beside it by default, and never issues a certificate', async () => {
    const dir = await tempDir();
    const from = join(dir, 'report.json');
    await writeFile(from, reportJson(sampleReport()));
    expect(await report(['--from', from])).toBe(0);
    expect((await readdir(dir)).sort()).toEqual(['junit.xml', 'report.html', 'report.json']);
    expect(out).toContain("not written: certificate.json, badge.svg (a re-rendering issues no certificate; only 'mcs certify' does)");
    expect(await readFile(from, 'utf8')).toBe(reportJson(sampleReport()));
    const elsewhere = join(dir, 'again');
    expect(await report(['--from', from, '--out', elsewhere])).toBe(0);
    expect(await readFile(join(elsewhere, 'report.html'), 'utf8')).toContain('Conformance report');
    expect(await readFile(join(elsewhere, 'report.html'), 'utf8')).toContain('None issued: this page was re-rendered from report.json');
    expect(out).toContain(`wrote ${join(elsewhere, 'junit.xml')}`);
  });

  it('refuses a missing flag, an unknown flag and an invalid report with one line', async () => {
    await expect(report([])).rejects.toThrow(UsageError);
    await expect(report(['--what'])).rejects.toThrow(/unknown option '--what'/);
    const dir = await tempDir();
    const bad = join(dir, 'bad.json');
    await writeFile(bad, JSON.stringify({ ...sampleReport(), seed: 'no' }));
    const error = await report(['--from', bad]).catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toMatch(/bad\.json is not a valid mcs report: \/seed: must be integer$/);
    expect(await readdir(dir)).toEqual(['bad.json']);
  });
});

describe('mcs report --load', () => {
  it('adds load results to the report and writes the combined report.json', async () => {
    const dir = await tempDir();
    const from = join(dir, 'report.json');
    const { load, ...withoutLoad } = sampleReport();
    await writeFile(from, reportJson(withoutLoad));
    const files = (load ?? []).map((entry, i) => join(dir, `load-${i}.json`));
    await Promise.all(files.map((file, i) => writeFile(file, JSON.stringify((load ?? [])[i]))));
    const out = join(dir, 'out');
    expect(await report(['--from', from, ...files.flatMap((f) => ['--load', f]), '--out', out])).toBe(0);
    const combined = JSON.parse(await readFile(join(out, 'report.json'), 'utf8')) as { load?: unknown[] };
    expect(combined.load).toEqual(load);
    expect(await readFile(join(out, 'report.html'), 'utf8')).toContain('Latency vs offered rate: send');
    expect(await readFile(from, 'utf8')).toBe(reportJson(withoutLoad));
  });

  it('refuses a file that is not a load result', async () => {
    const dir = await tempDir();
    const from = join(dir, 'report.json');
    await writeFile(from, reportJson(sampleReport()));
    await expect(report(['--from', from, '--load', from])).rejects.toThrow(/is not a result of 'mcs load'/);
  });
});

/** A suite file as vitest collects it: check() from this project's harness. */
const checkModule = fileURLToPath(new URL('../../harness/check/index.js', import.meta.url));
const suiteFile = (body: string) => `import { check } from ${JSON.stringify(checkModule)};\n${body}\n`;

describe('mcs coverage', () => {
  it('collects a suites folder, lists every clause, and exits 1 while clauses are uncovered', async () => {
    const root = await tempDir();
    await mkdir(join(root, 'auth'));
    await writeFile(join(root, 'auth', 'a.test.ts'), suiteFile(`check({ area: 'auth', name: 'one', title: 't', clauses: ['auth.bearer.required'] }, async () => {});`));
    expect(await coverage(['--suites', root])).toBe(1);
    expect(out).toMatch(/auth\.bearer\.required\s+covered\s+auth\/one/);
    expect(out).toContain(`${loadClauses().length} clauses: 1 covered by checks`);
  });

  it('exits 0 when every clause is cited or untestable, and prints JSON on request', async () => {
    const root = await tempDir();
    const testable = loadClauses().filter((c) => c.untestable === undefined).map((c) => c.id);
    await writeFile(join(root, 'all.test.ts'), suiteFile(`check({ area: 'all', name: 'everything', title: 't', clauses: ${JSON.stringify(testable)} }, async () => {});`));
    expect(await coverage(['--suites', root, '--json'])).toBe(0);
    const parsed = JSON.parse(out) as { summary: { uncovered: number; untestable: number } };
    expect(parsed.summary.uncovered).toBe(0);
    expect(parsed.summary.untestable).toBe(loadClauses().length - testable.length);
  });

  it('exits 1 when a check cites an unknown clause id', async () => {
    const root = await tempDir();
    const all = loadClauses().map((c) => c.id);
    await writeFile(join(root, 'all.test.ts'), suiteFile(`check({ area: 'all', name: 'everything', title: 't', clauses: ${JSON.stringify([...all, 'no.such.clause'])} }, async () => {});`));
    expect(await coverage(['--suites', root])).toBe(1);
    expect(out).toContain('unknown clause ids cited: no.such.clause (by all/everything)');
  });

  it('reads the coverage of a run report with --from', async () => {
    const dir = await tempDir();
    const from = join(dir, 'report.json');
    await writeFile(from, reportJson(sampleReport()));
    expect(await coverage(['--from', from])).toBe(1);
    expect(out).toMatch(/contacts\.merge\.idempotent-same-pair\s+failed\s+contacts\/merge-is-idempotent/);
    await expect(coverage(['--from', from, '--suites', dir])).rejects.toThrow(UsageError);
    await expect(coverage(['--from', from, '--needs'])).rejects.toThrow(UsageError);
  });

  it('lists what each control operation and fixture unlocks with --needs, from the declarations', async () => {
    const root = await tempDir();
    await writeFile(
      join(root, 'a.test.ts'),
      suiteFile([
        `check({ area: 'a', name: 'clock', title: 't', clauses: ['auth.bearer.required'], needs: ['advanceClock', 'owned-line'] }, async () => {});`,
        `check({ area: 'a', name: 'inbound', title: 't', clauses: ['contacts.merge.idempotent-same-pair'], needs: ['simulateInboundMessage'] }, async () => {});`,
        `check({ area: 'a', name: 'both', title: 't', clauses: ['contacts.merge.idempotent-same-pair'], needs: ['simulateInboundMessage', 'advanceClock'] }, async () => {});`,
      ].join('\n')),
    );
    expect(await coverage(['--suites', root, '--needs', '--json'])).toBe(0);
    const parsed = JSON.parse(out) as { baseline: number; needs: { need: string; checks: string[]; unlocks: string[] }[] };
    const row = (need: string) => parsed.needs.find((r) => r.need === need);
    expect(parsed.baseline).toBe(0);
    expect(row('advanceClock')).toMatchObject({ checks: ['a/both', 'a/clock'], unlocks: ['auth.bearer.required'] });
    expect(row('simulateInboundMessage')).toMatchObject({ checks: ['a/both', 'a/inbound'], unlocks: [] });
    expect(row('owned-line')?.checks).toEqual(['a/clock']);
    expect(row('drivePurchase')).toMatchObject({ checks: [], unlocks: [] });
  });
});
