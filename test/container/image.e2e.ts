// Issue 8's acceptance test: build the reference images, certify the reference image (exit 0) and its
// faulty variant (exit 1) in containers, and leave no container behind.
// Until `mcs certify` has --image, the container is started with harness/container and certified by URL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dockerAvailable, startImageTarget } from '../../harness/container/index.js';
import { leftoverTargets, mcs, run, type Run } from './support.js';

const REFERENCE_IMAGE = 'mcs-reference:local';
const FAULTY_IMAGE = 'mcs-reference:faulty';
const CERTIFY_TIMEOUT_MS = 540_000;
const reportsDir = mkdtempSync(join(tmpdir(), 'mcs-container-reports-'));
let certifyHasImage = false;

beforeAll(async () => {
  const engine = await dockerAvailable();
  if (!engine.ok) throw new Error(`${engine.reason}: start one with scripts/ci/docker.sh`);
  const build = await run('bash', ['scripts/image/build.sh'], { timeoutMs: 840_000 });
  expect(build.code, `npm run image:build failed:\n${build.stdout}\n${build.stderr}`).toBe(0);
  certifyHasImage = (await mcs(['certify', '--help'], 60_000)).stdout.includes('--image');
});

afterAll(() => rmSync(reportsDir, { recursive: true, force: true }));

/** `mcs certify --image IMAGE`, or the same through harness/container and URLs while --image is missing. */
async function certifyImage(image: string): Promise<Run> {
  const reports = ['--reports-dir', join(reportsDir, image.replace(/\W/g, '-'))];
  if (certifyHasImage) return mcs(['certify', '--image', image, ...reports], CERTIFY_TIMEOUT_MS);
  const target = await startImageTarget({ image, readiness: { path: '/__control', timeoutMs: 120_000 } });
  try {
    return await mcs(['certify', '--base-url', target.urls.base, '--v2-base-url', target.urls.v2, '--control-url', target.urls.control, ...reports], CERTIFY_TIMEOUT_MS);
  } finally {
    await target.stop();
  }
}

function transcript(result: Run): string {
  return `exit ${result.code ?? result.signal}\n${result.stdout.split('\n').slice(-40).join('\n')}\n${result.stderr}`;
}

describe('the reference image in a container', () => {
  it(`certifies ${REFERENCE_IMAGE}: exit 0`, async () => {
    const result = await certifyImage(REFERENCE_IMAGE);
    expect(result.code, transcript(result)).toBe(0);
    expect(result.stdout).toMatch(/verdict: pass/);
    expect(await leftoverTargets()).toEqual([]);
  });

  it(`fails ${FAULTY_IMAGE}: exit 1`, async () => {
    const result = await certifyImage(FAULTY_IMAGE);
    expect(result.code, transcript(result)).toBe(1);
    expect(result.stdout).toMatch(/verdict: fail/);
    expect(await leftoverTargets()).toEqual([]);
  });

  it('mcs certify --image exits 2 with one line for an image that cannot be had', async (ctx) => {
    if (!certifyHasImage) ctx.skip('mcs certify has no --image yet');
    const result = await mcs(['certify', '--image', 'mcs-no-such-image:never'], 120_000);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(await leftoverTargets()).toEqual([]);
  });
});
