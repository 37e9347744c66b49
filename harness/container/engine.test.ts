import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dockerAvailable, engineEndpoint } from './engine.js';

describe('engineEndpoint', () => {
  it('reads DOCKER_HOST as the docker CLI does', () => {
    expect(engineEndpoint({})).toEqual({ kind: 'socket', socketPath: '/var/run/docker.sock', label: '/var/run/docker.sock' });
    expect(engineEndpoint({ DOCKER_HOST: 'unix:///run/user/1000/docker.sock' })).toMatchObject({ kind: 'socket', socketPath: '/run/user/1000/docker.sock' });
    expect(engineEndpoint({ DOCKER_HOST: 'tcp://127.0.0.1:2375' })).toMatchObject({ kind: 'tcp', host: '127.0.0.1', port: 2375 });
    expect(engineEndpoint({ DOCKER_HOST: 'tcp://127.0.0.1:2376', DOCKER_TLS_VERIFY: '1' })).toMatchObject({ kind: 'other' });
  });
});

describe('dockerAvailable', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcs-engine-'));
  const servers: Server[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
    rmSync(dir, { recursive: true, force: true });
  });

  async function fakeEngine(status: number): Promise<string> {
    const socketPath = join(dir, `engine-${status}.sock`);
    const server = createServer((req, res) => {
      res.statusCode = req.url === '/_ping' ? status : 404;
      res.end('OK');
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(socketPath, resolve));
    return socketPath;
  }

  it('says in one line that no engine answers at a missing socket', async () => {
    const status = await dockerAvailable({ env: { DOCKER_HOST: `unix://${join(dir, 'missing.sock')}` } });
    expect(status.ok).toBe(false);
    if (status.ok) return;
    expect(status.reason).toBe(`no Docker engine reachable at ${join(dir, 'missing.sock')} (no such socket)`);
    expect(status.reason).not.toContain('\n');
  });

  it('is ok when the engine answers its ping', async () => {
    expect(await dockerAvailable({ env: { DOCKER_HOST: `unix://${await fakeEngine(200)}` } })).toEqual({ ok: true });
  });

  it('is not ok when the ping fails', async () => {
    const status = await dockerAvailable({ env: { DOCKER_HOST: `unix://${await fakeEngine(500)}` } });
    expect(status).toMatchObject({ ok: false, reason: expect.stringContaining('answered HTTP 500') });
  });
});
