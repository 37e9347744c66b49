// Issue 8's acceptance test: build the reference images (npm run image:build), certify the reference image
// with `mcs certify --image` (exit 0) and its faulty variant (exit 1), and leave no container behind.
// The seed is fixed so that a failure here is reproducible with the same command.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dockerAvailable } from '../../harness/container/index.js';
import { freeLoopbackPort, leftoverTargets, mcs, MISSING_IMAGE, run, type Run } from './support.js';
import { timeLimit } from '../support/pace.js';

const REFERENCE_IMAGE = 'mcs-reference:local';
const FAULTY_IMAGE = 'mcs-reference:faulty';
const SEED = '1';
const CERTIFY_TIMEOUT_MS = timeLimit({ quietMs: 108_000 });
const reportsRoot = mkdtempSync(join(tmpdir(), 'mcs-container-reports-'));

beforeAll(async () => {
  const engine = await dockerAvailable();
  if (!engine.ok) throw new Error(`${engine.reason}: start one with scripts/ci/docker.sh`);
  const build = await run('bash', ['scripts/image/build.sh'], { timeoutMs: timeLimit({ quietMs: 168_000 }) });
  expect(build.code, `npm run image:build failed:\n${build.stdout}\n${build.stderr}`).toBe(0);
});

afterAll(() => rmSync(reportsRoot, { recursive: true, force: true }));

function certify(args: string[], reportsDir: string): Promise<Run> {
  return mcs(['certify', ...args, '--seed', SEED, '--reports-dir', join(reportsRoot, reportsDir)], CERTIFY_TIMEOUT_MS);
}

function transcript(result: Run): string {
  return `exit ${result.code ?? result.signal}\n${result.stdout.split('\n').slice(-40).join('\n')}\n${result.stderr}`;
}

describe('the reference image in a container', () => {
  it(`mcs certify --image ${REFERENCE_IMAGE} passes (exit 0), with the image and its logs in the report`, async () => {
    const result = await certify(['--image', REFERENCE_IMAGE], 'reference');
    expect(result.code, transcript(result)).toBe(0);
    expect(result.stdout).toMatch(/^verdict: conformant: /m);
    const report = JSON.parse(readFileSync(join(reportsRoot, 'reference', 'report.json'), 'utf8')) as { target: { image?: string }; containerLogs?: string };
    expect(report.target.image).toBe(REFERENCE_IMAGE);
    expect(report.containerLogs).toMatch(/^control +http:\/\/\S+\/__control$/m);
    expect(await leftoverTargets()).toEqual([]);
  });

  it(`mcs certify --image ${FAULTY_IMAGE} fails (exit 1)`, async () => {
    // Every container flag at work: its own free port on the host's network, told through its environment.
    const port = String(await freeLoopbackPort());
    const flags = ['--network', 'host', '--container-port', port, '--env', `MCS_PORT=${port}`, '--env', 'MCS_HOST=127.0.0.1', '--ready-path', '/__control', '--ready-log', 'control', '--ready-timeout', '120000'];
    const result = await certify(['--image', FAULTY_IMAGE, ...flags], 'faulty');
    expect(result.code, transcript(result)).toBe(1);
    expect(result.stdout).toMatch(/^verdict: not conformant: /m);
    expect(result.stdout).toContain(`at http://127.0.0.1:${port}`);
    expect(await leftoverTargets()).toEqual([]);
  });

  it('Ctrl-C during mcs certify --image ends it with 130 and removes the container', async () => {
    let interrupted = false;
    const result = await mcs(['certify', '--image', REFERENCE_IMAGE, '--network', 'bridge', '--reports-dir', join(reportsRoot, 'interrupted')], CERTIFY_TIMEOUT_MS, (stdout, pid) => {
      if (interrupted || !/^mcs certify: \S+ \(network bridge\) at http:\/\/127\.0\.0\.1:\d+ /m.test(stdout)) return;
      interrupted = true;
      process.kill(pid, 'SIGINT');
    });
    expect(interrupted, transcript(result)).toBe(true);
    expect(result.code, transcript(result)).toBe(130);
    expect(await leftoverTargets()).toEqual([]);
  });

  it('mcs certify --image exits 2 with one line when the container never gets ready, its logs beside the reports', async () => {
    const reportsDir = join(reportsRoot, 'not-ready');
    const result = await mcs(['certify', '--image', REFERENCE_IMAGE, '--ready-path', '/never', '--ready-timeout', '3000', '--reports-dir', reportsDir], timeLimit({ quietMs: 24_000 }));
    expect(result.code, transcript(result)).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/did not become ready \(waited for \/never answering 2xx\).*\(its logs: .*container\.log\)$/)]);
    expect(readFileSync(join(reportsDir, 'container.log'), 'utf8')).toMatch(/^control +http/m);
    expect(await leftoverTargets()).toEqual([]);
  });

  it('mcs certify --image exits 2 with one line for an image that cannot be had', async () => {
    const result = await mcs(['certify', '--image', MISSING_IMAGE], timeLimit({ quietMs: 24_000 }));
    expect(result.code, transcript(result)).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringContaining(`image ${MISSING_IMAGE} is not on this Docker engine`)]);
    expect(await leftoverTargets()).toEqual([]);
  });
});
