// The tool image (issue 21 item 2) and the Kubernetes Indexed Job run without a cluster (issue 22 item 4).
//   1. `docker run --network host -v DIR:/out mcs:local certify --base-url ... --reports-dir /out` certifies
//      the reference image: exit 0, reports in the mounted folder.
//   2. The Job's contract, locally: the pod command of the manifest `mcs load k8s` writes runs in N
//      containers of mcs:local, each with its own JOB_COMPLETION_INDEX and the manifest's environment (the
//      Secret's API key given as the Secret would), against the reference container; their results are
//      collected from the containers' logs with the loop the printed instructions give (kubectl logs
//      replaced by docker logs) and merged with `mcs load merge`.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { dockerAvailable } from '../../harness/container/index.js';
import { createLoadOrganization, listSentMessages } from '../../load/control.js';
import { collectCommand } from '../../load/k8s.js';
import type { LoadResult } from '../../load/result.js';
import { docker, freeLoopbackPort, mcs, run, waitFor, type Run } from './support.js';
import { timeLimit } from '../support/pace.js';

const TOOL_IMAGE = 'mcs:local';
const REFERENCE_IMAGE = 'mcs-reference:local';
const LABEL = 'org.mcs-conformance.tool-image-test';
const SHARDS = 3;
const RATE = 60;
const DURATION_S = 5;
// Time for N tool containers to start on a slow shared machine: with the vfs storage driver each one is a
// full copy of the image, then node + tsx compile the tool cold (about 25 s for one, here).
const LEAD = '120s';

const dir = mkdtempSync(join(tmpdir(), 'mcs-tool-image-'));
let port: number;
let urls: { v4: string; v2: string; control: string };

beforeAll(async () => {
  const engine = await dockerAvailable();
  if (!engine.ok) throw new Error(`${engine.reason}: start one with scripts/ci/docker.sh`);
  // Cached layers make this quick when image.e2e.ts (or npm run image:build) built them already.
  const build = await run('bash', ['scripts/image/build.sh'], { timeoutMs: timeLimit({ quietMs: 168_000 }) });
  expect(build.code, `npm run image:build failed:\n${build.stdout}\n${build.stderr}`).toBe(0);
  port = await freeLoopbackPort();
  const base = `http://127.0.0.1:${port}`;
  urls = { v4: `${base}/v4`, v2: `${base}/v2`, control: `${base}/__control` };
  await docker(['run', '-d', '--rm', '--label', LABEL, '--network', 'host', '--env', 'MCS_HOST=127.0.0.1', '--env', `MCS_PORT=${port}`, REFERENCE_IMAGE]);
  let ready = false;
  const probe = (): void => void fetch(urls.control).then((r) => (ready = r.ok), () => undefined);
  await waitFor('the reference container', () => (probe(), ready ? true : undefined), timeLimit({ quietMs: 24_000 }));
});

afterAll(async () => {
  const ids = (await docker(['ps', '-a', '-q', '--filter', `label=${LABEL}`])).split('\n').filter(Boolean);
  if (ids.length > 0) await docker(['rm', '-f', ...ids]);
  rmSync(dir, { recursive: true, force: true });
});

function transcript(result: Run): string {
  return `exit ${result.code ?? result.signal}\n${result.stdout.split('\n').slice(-40).join('\n')}\n${result.stderr}`;
}

describe('the tool image', () => {
  it(`docker run ${TOOL_IMAGE} certify certifies the reference image, the reports in the mounted folder`, async () => {
    const out = join(dir, 'certify');
    const result = await run('docker', ['run', '--rm', '--label', LABEL, '--network', 'host', '-v', `${out}:/out`, TOOL_IMAGE, 'certify', '--base-url', urls.v4, '--v2-base-url', urls.v2, '--control-url', urls.control, '--seed', '1', '--reports-dir', '/out'], { timeoutMs: timeLimit({ quietMs: 120_000 }) });
    expect(result.code, transcript(result)).toBe(0);
    expect(result.stdout).toMatch(/^verdict: conformant: /m);
    expect(readdirSync(out)).toEqual(expect.arrayContaining(['report.json', 'junit.xml']));
    expect(readFileSync(join(out, 'junit.xml'), 'utf8')).toMatch(/<testsuites/);
  });

  it(`runs the Indexed Job of mcs load k8s in ${SHARDS} containers: the plan's rate and counts, overlapping windows, no key twice`, async () => {
    const jobDir = join(dir, 'job');
    const manifestPath = join(jobDir, 'job.yaml');
    const runId = 'ctjob';
    const k8s = await mcs(['load', 'k8s', '--profile', 'send', '--shards', String(SHARDS), '--image', TOOL_IMAGE, '--run-id', runId, '--lead', LEAD, '--out', manifestPath, '--', '--rate', String(RATE), '--duration', String(DURATION_S), '--base-url', urls.v4, '--timeout', '5000'], timeLimit({ quietMs: 12_000 }));
    expect(k8s.code, transcript(k8s)).toBe(0);
    const job = parse(readFileSync(manifestPath, 'utf8')) as { spec: { completions: number; template: { spec: { containers: Array<{ image: string; command: string[]; env: Array<{ name: string; value?: string }> }> } } } };
    expect(job.spec.completions).toBe(SHARDS);
    const pod = job.spec.template.spec.containers[0];
    if (pod === undefined) throw new Error('the manifest has no container');

    // The Secret's key, as `kubectl create secret generic mcs-load --from-literal=api-key=...` would give it.
    const organization = await createLoadOrganization(urls.control, 'tool image job');
    const env = [...pod.env.flatMap((e) => (e.value === undefined ? [] : [`${e.name}=${e.value}`])), `MCS_API_KEY=${organization.apiKey}`];
    const [entrypoint, ...args] = pod.command;
    const names = Array.from({ length: SHARDS }, (_, i) => `${runId}-${i}`);
    await Promise.all(
      names.map((name, i) =>
        docker(['run', '-d', '--name', name, '--label', LABEL, '--network', 'host', ...env.flatMap((e) => ['--env', e]), '--env', `JOB_COMPLETION_INDEX=${i}`, '--entrypoint', entrypoint ?? '/bin/sh', pod.image, ...args]),
      ),
    );
    const exits = await Promise.all(names.map((name) => docker(['wait', name], timeLimit({ quietMs: 60_000 }))));
    expect(exits.map((e) => e.trim())).toEqual(names.map(() => '0'));

    // Collected as the instructions say, with docker logs for kubectl logs.
    const collected = await run('sh', ['-c', `cd '${jobDir}' && ${collectCommand(names.join(' '), 'docker logs')}`], { timeoutMs: timeLimit({ quietMs: 12_000 }) });
    expect(collected.code, transcript(collected)).toBe(0);
    const files = names.map((name) => join(jobDir, `${name}.json`));
    const merged = await mcs(['load', 'merge', ...files, '--slo', 'errors<1%', '--out', join(jobDir, 'merged.json')], timeLimit({ quietMs: 12_000 }));
    expect(merged.code, transcript(merged)).toBe(0);
    const result = JSON.parse(readFileSync(join(jobDir, 'merged.json'), 'utf8')) as LoadResult;

    const planned = RATE * DURATION_S;
    expect(result.model).toMatchObject({ kind: 'open', rate: RATE });
    expect(result.shards.map((s) => `${s.index}/${s.count}`).sort()).toEqual(names.map((_, i) => `${i}/${SHARDS}`));
    expect(result.offered).toBe(planned);
    expect(result.counts).toMatchObject({ completed: planned, ok: planned, errors: 0 });
    const shards = files.map((f) => JSON.parse(readFileSync(f, 'utf8')) as LoadResult);
    expect(shards.map((s) => s.offered)).toEqual(names.map(() => planned / SHARDS));
    // Every shard waited for the one instant of the manifest.
    const startAt = Number(pod.env.find((e) => e.name === 'MCS_START_AT')?.value);
    for (const s of shards) expect(s.window?.plannedStartEpochMs).toBe(startAt);
    expect(result.overlap?.ratio).toBeGreaterThanOrEqual(0.9);
    expect(result.slo?.pass).toBe(true);

    // The target saw each key of the global schedule exactly once.
    const keys = (await listSentMessages(urls.control, organization.organizationId)).map((m) => m.idempotencyKey);
    expect(keys).toHaveLength(planned);
    expect(new Set(keys)).toEqual(new Set(Array.from({ length: planned }, (_, g) => `load-${runId}-${g}`)));
  });
});
