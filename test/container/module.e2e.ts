// harness/container against a real Docker engine, with a tiny image: URLs under the base path, masked
// logs, the port published on loopback only, the host's network, and removal on stop, on a failed
// readiness wait and on a signal.
import { createServer } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { dockerAvailable, ImageTargetError, startImageTarget } from '../../harness/container/index.js';
import { docker, freeLoopbackPort, leftoverTargets, MISSING_IMAGE, run, startChild, waitFor } from './support.js';
import { buildTinyImage, SECRET_ENV, TINY_IMAGE } from './tiny-image.js';
import { timeLimit } from '../support/pace.js';

const secret = 'tok_e2e_0123456789abcdef';

async function containerExists(id: string): Promise<boolean> {
  return (await docker(['ps', '-a', '-q', '--no-trunc', '--filter', `id=${id}`])).trim() !== '';
}

beforeAll(async () => {
  const engine = await dockerAvailable();
  if (!engine.ok) throw new Error(`${engine.reason}: start one with scripts/ci/docker.sh`);
  const base = await run('bash', ['scripts/image/base-rootfs.sh'], { timeoutMs: timeLimit({ quietMs: 60_000 }) });
  expect(base.code, base.stderr).toBe(0);
  await buildTinyImage('mcs-node-base:local');
});

describe('startImageTarget on the bridge network', () => {
  it('gives the URLs under the base path, publishes on loopback only, masks the logs, and removes the container on stop', async () => {
    const target = await startImageTarget({ image: TINY_IMAGE, network: 'bridge', basePath: 'svc', env: { [SECRET_ENV]: secret }, readiness: { path: '/svc/ready', logLine: 'tiny target listening', timeoutMs: timeLimit({ quietMs: 12_000 }) } });
    try {
      expect(target.network).toBe('bridge');
      expect(target.urls.v4).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/svc\/v4$/);
      expect(target.urls.control).toBe(`${target.urls.base}/__control`);
      expect((await docker(['port', target.containerId, '8080/tcp'])).trim().split('\n')).toEqual([expect.stringMatching(/^127\.0\.0\.1:\d+$/)]);
      const answer = await fetch(target.urls.v2);
      expect(await answer.text()).toBe('/svc/v2');
      expect(await containerExists(target.containerId)).toBe(true);
    } finally {
      await target.stop();
    }
    expect(await containerExists(target.containerId)).toBe(false);
    const logs = await target.logs();
    expect(logs).toContain('tiny target listening');
    expect(logs).toContain('tiny target stopping');
    expect(logs).not.toContain(secret);
    await target.stop(); // a second stop is harmless
  });

  it('removes a container that never becomes ready and says so in one line', async () => {
    const before = await leftoverTargets();
    const error = await startImageTarget({ image: TINY_IMAGE, network: 'bridge', readiness: { path: '/svc/never', timeoutMs: 3_000 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageTargetError);
    const failure = error as ImageTargetError;
    expect(failure.failure).toBe('not-ready');
    expect(failure.message).not.toContain('\n');
    expect(failure.logs).toContain('tiny target listening');
    expect(await leftoverTargets()).toEqual(before);
  });

  it('says an image that is neither local nor pullable is unavailable', async () => {
    const error = await startImageTarget({ image: MISSING_IMAGE }).catch((e: unknown) => e);
    expect(error).toMatchObject({ failure: 'image-unavailable' });
  });

  it('removes the container when the process is interrupted', async () => {
    const holder = startChild('test/container/fixtures/hold-target.ts', [TINY_IMAGE]);
    const id = await waitFor('the target to start', () => /container ([0-9a-f]{64})/.exec(holder.output())?.[1], timeLimit({ quietMs: 24_000 })).catch((error: unknown) => {
      holder.child.kill('SIGKILL');
      throw new Error(`${String(error)}; output: ${holder.output()}`);
    });
    expect(await containerExists(id)).toBe(true);
    holder.child.kill('SIGINT');
    const ended = await holder.exited;
    // Ended by the signal itself, or by exit code 130 where a listener swallowed the re-sent one.
    expect(['SIGINT', 130]).toContain(ended.signal ?? ended.code);
    expect(await containerExists(id)).toBe(false);
  });
});

describe("startImageTarget on the host's network", () => {
  it('reaches the service at 127.0.0.1 on the container port itself', async () => {
    const port = await freeLoopbackPort();
    const target = await startImageTarget({ image: TINY_IMAGE, network: 'host', containerPort: port, basePath: '/svc', env: { PORT: String(port), HOST: '127.0.0.1' }, readiness: { path: '/svc/ready', timeoutMs: timeLimit({ quietMs: 12_000 }) } });
    try {
      expect(target.network).toBe('host');
      expect(target.urls.v4).toBe(`http://127.0.0.1:${port}/svc/v4`);
      expect(await (await fetch(target.urls.v4)).text()).toBe('/svc/v4');
    } finally {
      await target.stop();
    }
    expect(await containerExists(target.containerId)).toBe(false);
  });

  it('refuses a container port that something on this machine already listens on, before starting anything', async () => {
    const squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
    const port = (squatter.address() as { port: number }).port;
    const before = await leftoverTargets();
    try {
      const error = await startImageTarget({ image: TINY_IMAGE, network: 'host', containerPort: port }).catch((e: unknown) => e);
      expect(error).toMatchObject({ failure: 'start-failed', message: expect.stringContaining(`port ${port} of 127.0.0.1 is taken`) });
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
    expect(await leftoverTargets()).toEqual(before);
  });
});
