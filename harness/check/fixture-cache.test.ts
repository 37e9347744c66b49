// A fixture set-up the target could not do is remembered for the run (in its shared folder), so that no
// other file, in this worker or another, tries it again.
import { mkdtemp } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installRunBounds } from '../http/run-guard.js';
import { closeAgents } from '../http/transport.js';
import { isTargetError } from '../target-error.js';
import { organizationFor } from './fixture-cache.js';
import type { RunContext } from './meta.js';

let server: Server;
let requests = 0;
let run: RunContext;

beforeAll(async () => {
  server = createServer((_request, response) => {
    requests++;
    response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"code":"boom"}}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  run = { target: { baseUrl: url, v4Url: `${url}/v4`, controlUrl: `${url}/__control`, timeoutMs: 2_000, fixtures: {} }, control: true, seed: 1, selection: { only: [], skip: [] } };
  installRunBounds({ stateDir: await mkdtemp(join(tmpdir(), 'mcs-run-test-')) });
});

afterAll(async () => {
  installRunBounds({});
  await closeAgents();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function errorOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the set-up to fail');
}

describe('fixture set-up failures, per run', () => {
  it('fails the first set-up as a target error, and every later one at once, without a request', async () => {
    const first = await errorOf(organizationFor(run));
    expect(isTargetError(first)).toBe(true);
    expect(first.message).toBe('control API POST /organizations answered 500 (boom)');
    const sent = requests;
    const later = await errorOf(organizationFor(run));
    expect(isTargetError(later)).toBe(true);
    expect(later.message).toBe('fixture set-up failed earlier in this run, not tried again: control API POST /organizations answered 500 (boom)');
    expect(requests).toBe(sent);
  });
});
