// Reports written whole or not at all (issue 42, item 4), tried as the hostile cases were:
//   - SIGKILL at random moments while the reports are written: each file is always a whole one, old or new;
//   - a disk that fills up or a write refused while certify writes (injected, the same everywhere; and a real
//     200 KiB tmpfs where this user may mount one): one line naming the file and the cause, exit 2, the
//     verdict still printed, the previous reports as they were;
//   - report.json a symlink to a file elsewhere: replaced by the report, the other file untouched;
//   - two runs into one folder at once: one is refused in one line naming the other's pid, the other's
//     report is there; a --sign-key open to others is named in a warning, and refused under --strict.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { chmod, lstat, mkdir, mkdtemp, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { lockReportsFolder, reportJson } from '../../reports/index.js';
import type { Certificate } from '../../reports/certificate.js';
import { sha256Hex } from '../../reports/certificate-signature.js';
import type { RunReport } from '../../results/model.js';
import { largeReport } from '../reports/ui-sample.js';
import { repoRoot, runMcs } from '../support/run-mcs.js';

const bound = 300_000;
/** One small area: a run of seconds on a quiet machine. */
const certifyArgs = ['certify', '--only', 'versioning', '--seed', '5'];
const failWrites = fileURLToPath(new URL('./fail-writes.mjs', import.meta.url));
const previous = { 'report.json': '{"previous":true}\n', 'junit.xml': '<previous/>\n', 'report.html': '<p>previous</p>\n', 'certificate.json': '{"previous":true}\n', 'badge.svg': '<svg>previous</svg>\n' };
const work = await mkdtemp(join(tmpdir(), 'mcs-reports-whole-'));
afterAll(async () => {
  await (await import('node:fs/promises')).rm(work, { recursive: true, force: true });
});

async function folderWithPrevious(name: string): Promise<string> {
  const dir = join(work, name);
  await mkdir(dir);
  for (const [file, text] of Object.entries(previous)) await writeFile(join(dir, file), text);
  return dir;
}

async function filesIn(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of await readdir(dir)) out[name] = await readFile(join(dir, name), 'utf8');
  return out;
}

/** A small seeded generator: the kill moments of a run can be replayed from the seed it prints. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('reports written whole or not at all', { timeout: bound * 2 }, () => {
  it('SIGKILL at random moments while writing: every file is whole, old or new, and the next run clears what the killed one left', async () => {
    const dir = join(work, 'killed');
    const a = largeReport(592, 40);
    const b: RunReport = { ...largeReport(300, 10), seed: a.seed + 1 };
    const texts = [reportJson(a), reportJson(b)];
    await writeFile(join(work, 'a.json'), texts[0] ?? '');
    await writeFile(join(work, 'b.json'), texts[1] ?? '');
    const seed = Number(process.env.MCS_KILL_SEED ?? Date.now() % 100_000);
    console.info(`kill moments from seed ${seed} (MCS_KILL_SEED=${seed} replays them)`);
    const next = random(seed);
    for (let round = 0; round < 10; round++) {
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/hostile/write-loop.ts', dir, join(work, 'a.json'), join(work, 'b.json')], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
      let written = '';
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise((resolve) => child.on('exit', resolve));
      // Once a first set is whole, kill it anywhere in the next few writes (the machine's pace sets how many).
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          written += chunk.toString();
          if (written.includes('wrote 0')) resolve();
        });
        void exited.then(() => reject(new Error(`the write loop ended: ${stderr.slice(-500)}`)));
      });
      const started = performance.now();
      await new Promise((resolve) => child.stdout.once('data', resolve)); // one whole write cycle, measured
      const cycleMs = performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, next() * 2 * cycleMs));
      child.kill('SIGKILL');
      await exited;
      const files = await filesIn(dir);
      expect(texts, `report.json after kill ${round + 1}`).toContain(files['report.json']);
      const certificate = JSON.parse(files['certificate.json'] ?? '') as Certificate;
      expect(texts.map((t) => sha256Hex(t))).toContain(certificate.reportSha256);
      expect(files['report.html']).toMatch(/<\/html>\n$/);
      expect(files['junit.xml']).toMatch(/<\/testsuites>\s*$/);
      expect(files['badge.svg']).toMatch(/<\/svg>\s*$/);
    }
    // What the kills left mid-write (temporary files of a dead pid) the next run's lock clears.
    const midWrite = (await readdir(dir)).filter((name) => name.endsWith('.tmp')).length;
    console.info(`temporary files left by the 10 kills (kills that landed while files were being staged): ${midWrite}`);
    await (await lockReportsFolder(dir, 'test')).release();
    expect((await readdir(dir)).sort()).toEqual(['badge.svg', 'certificate.json', 'junit.xml', 'report.html', 'report.json']);
  });

  for (const [code, words] of [['ENOSPC', 'no space left on device'], ['EACCES', 'permission denied']] as const) {
    it(`certify meeting ${code} on report.html: the verdict printed, one line naming the file, exit 2, the previous reports kept`, async () => {
      const dir = await folderWithPrevious(`injected-${code}`);
      const run = await runMcs([...certifyArgs, '--reports-dir', dir], { timeoutMs: bound, env: { NODE_OPTIONS: `--import=${failWrites}`, MCS_TEST_FAIL_WRITES: `${code}:report.html` } });
      expect(run.code, run.stderr).toBe(2);
      expect(run.stdout).toMatch(/^verdict: partial run/m);
      expect(run.stdout).toContain('reports: not written (below)');
      expect(run.stderr.trim().split('\n').at(-1)).toBe(`mcs certify: cannot write ${join(dir, 'report.html')}: ${words} (${code}); the previous reports in ${dir} are left as they were`);
      expect(await filesIn(dir)).toEqual(previous);
    });
  }

  it('mcs report --from meeting ENOSPC: one line naming the file, exit 2, the previous renderings kept', async () => {
    const dir = await folderWithPrevious('report-enospc');
    const from = join(work, 'a-report.json');
    await writeFile(from, reportJson(largeReport(20, 2)));
    const run = await runMcs(['report', '--from', from, '--out', dir], { timeoutMs: bound, env: { NODE_OPTIONS: `--import=${failWrites}`, MCS_TEST_FAIL_WRITES: 'ENOSPC:junit.xml' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`mcs report: cannot write ${join(dir, 'junit.xml')}: no space left on device (ENOSPC)\n`);
    expect(await filesIn(dir)).toEqual(previous);
  });

  const unshare = ['--user', '--map-root-user', '--mount'];
  const tmpfsWorks = spawnSync('unshare', [...unshare, 'sh', '-c', `mount -t tmpfs -o size=200k none ${tmpdir()}`], { stdio: 'ignore' }).status === 0;
  it.skipIf(!tmpfsWorks)('certify into a 200 KiB tmpfs (mounted in a namespace of its own): ENOSPC named in one line, exit 2, the previous report kept', async () => {
    const dir = await folderWithPrevious('tmpfs');
    const files = Object.keys(previous);
    // The tmpfs lives in the child's mount namespace: the script seeds it, runs certify, then shows what is left.
    const script = [
      'set -e',
      'mkdir -p "$SAVED" && cp "$DIR"/* "$SAVED"/',
      'mount -t tmpfs -o size=200k none "$DIR"',
      'cp "$SAVED"/* "$DIR"/',
      'set +e',
      `${JSON.stringify(process.execPath)} cli/mcs.js ${certifyArgs.join(' ')} --reports-dir "$DIR" > "$SAVED/stdout" 2> "$SAVED/stderr"`,
      'echo "exit $?"',
      `for f in ${files.join(' ')}; do printf '%s ' "$f"; sha256sum < "$DIR/$f" | cut -c1-64; done`,
      'ls -A "$DIR"',
    ].join('\n');
    const saved = join(work, 'tmpfs-saved');
    const output = execFileSync('unshare', [...unshare, 'sh', '-c', script], { cwd: repoRoot, env: { ...process.env, CI: 'true', DIR: dir, SAVED: saved }, timeout: bound }).toString();
    expect(output).toMatch(/^exit 2$/m);
    for (const [file, text] of Object.entries(previous)) expect(output).toContain(`${file} ${sha256Hex(text)}`);
    expect(output.trim().split('\n').slice(-files.length).sort()).toEqual(files.sort());
    expect(await readFile(join(saved, 'stdout'), 'utf8')).toMatch(/^verdict: partial run/m);
    expect((await readFile(join(saved, 'stderr'), 'utf8')).trim().split('\n').at(-1)).toMatch(new RegExp(`^mcs certify: cannot write ${dir}/[a-z.]+: no space left on device \\(ENOSPC\\); the previous reports in ${dir} are left as they were$`));
  });

  it('two runs into one folder holding a symlink to a file elsewhere: one refused naming the other, the other writes its reports over the link; a --sign-key open to others warned of', async () => {
    const dir = join(work, 'shared');
    await mkdir(dir);
    const elsewhere = join(work, 'precious.txt');
    await writeFile(elsewhere, 'not a report');
    await symlink(elsewhere, join(dir, 'report.json'));
    const key = join(work, 'signing.pem');
    await writeFile(key, generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }));
    await chmod(key, 0o644);
    const args = [...certifyArgs, '--reports-dir', dir, '--sign-key', key];
    const [first, second] = await Promise.all([runMcs(args, { timeoutMs: bound }), runMcs(args, { timeoutMs: bound })]);
    const runs = [first, second];
    const refused = runs.filter((r) => r.code === 2);
    const ran = runs.filter((r) => r.code === 0);
    expect(refused, runs.map((r) => r.stderr).join('\n---\n')).toHaveLength(1);
    expect(ran).toHaveLength(1);
    expect(refused[0]?.stderr).toMatch(new RegExp(`^mcs certify: --reports-dir ${dir}: in use by another run \\(pid \\d+, since [^)]+\\); wait for it to end, or remove ${dir}/\\.mcs-lock if it is over$`, 'm'));
    for (const run of runs) expect(run.stderr).toContain(`mcs certify: warning: --sign-key ${key} is open to group or others (mode 0644): chmod 600 ${key}`);
    expect(await readFile(elsewhere, 'utf8')).toBe('not a report');
    expect((await lstat(join(dir, 'report.json'))).isSymbolicLink()).toBe(false);
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as RunReport;
    expect(report.seed).toBe(5);
    expect((await readdir(dir)).sort()).toEqual(['badge.svg', 'certificate.json', 'junit.xml', 'report.html', 'report.json']);

    const strict = await runMcs([...args, '--strict'], { timeoutMs: bound });
    expect(strict.code).toBe(2);
    expect(strict.stderr).toBe(`mcs certify: --sign-key ${key}: open to group or others (mode 0644); a signing key must be private: chmod 600 ${key}\n`);
  });
});
