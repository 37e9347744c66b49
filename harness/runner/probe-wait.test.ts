// --wait-for-target (issue 32 item 2): a target that opens late is waited for, with a bounded back-off; one
// that never answers ends the wait with one line naming the URL and why; a proxy's 503 is not an answer.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../config/errors.js';
import { resolveRunSettings } from '../config/resolve.js';

const resolveWaitForTarget = async (input: Parameters<typeof resolveRunSettings>[0]) => (await resolveRunSettings(input)).waitForTargetS;
import type { TargetConfig } from '../config/types.js';
import { backoffMs, TargetUnreachable, waitForTarget } from './probe.js';
import { timeLimit } from '../../test/support/pace.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

function targetAt(port: number, control = false): TargetConfig {
  const base = `http://127.0.0.1:${port}`;
  return { baseUrl: base, v4Url: `${base}/v4`, v2Url: `${base}/v2`, ...(control ? { controlUrl: `${base}/__control` } : {}), timeoutMs: timeLimit({ requests: 1 }), fixtures: {} };
}

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function listen(port: number, handler: (url: string) => number): Promise<Server> {
  const server = createServer((request, response) => {
    response.statusCode = handler(request.url ?? '');
    response.end('{}');
  });
  servers.push(server);
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

describe('waitForTarget', () => {
  it('backs off from 250 ms, doubling, to at most 5 s', () => {
    expect([0, 1, 2, 3, 4, 5, 40].map(backoffMs)).toEqual([250, 500, 1_000, 2_000, 4_000, 5_000, 5_000]);
  });

  it('waits for a target that opens late, then returns once each of its URLs answers (any status)', async () => {
    const port = await freePort();
    const seen: string[] = [];
    const waiting: string[] = [];
    setTimeout(() => void listen(port, (url) => (seen.push(url), 401)), 1_200);
    await waitForTarget(targetAt(port, true), 20, { onWaiting: (url, why) => waiting.push(`${url}: ${why}`) });
    expect(waiting).toEqual([expect.stringMatching(new RegExp(`^http://127.0.0.1:${port}/v4/me: .*refused`))]);
    expect(seen).toEqual(expect.arrayContaining(['/v4/me', '/v2/me/numbers', '/__control/']));
  });

  it("keeps waiting while a proxy answers 503 for the service behind it", async () => {
    const port = await freePort();
    let calls = 0;
    await listen(port, () => (++calls < 3 ? 503 : 200));
    await waitForTarget(targetAt(port), 20);
    expect(calls).toBeGreaterThanOrEqual(3);
  });

  it('gives up at its bound with one line naming the URL and the last reason', async () => {
    const port = await freePort();
    const error = await waitForTarget(targetAt(port), 1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TargetUnreachable);
    expect((error as Error).message).toMatch(new RegExp(`^the target did not answer within --wait-for-target 1 s: GET http://127.0.0.1:${port}/v4/me: .*refused`));
  });

  it('is configured by --wait-for-target, MCS_WAIT_FOR_TARGET_S or wait_for_target_s (default 0: no wait), a bad value named', async () => {
    expect(await resolveWaitForTarget({ flags: {}, env: {} })).toBe(0);
    expect(await resolveWaitForTarget({ flags: {}, env: { MCS_WAIT_FOR_TARGET_S: '45' } })).toBe(45);
    expect(await resolveWaitForTarget({ flags: { 'wait-for-target': '60' }, env: { MCS_WAIT_FOR_TARGET_S: '45' } })).toBe(60);
    await expect(resolveWaitForTarget({ flags: {}, env: { MCS_WAIT_FOR_TARGET_S: 'soon' } })).rejects.toThrow(ConfigError);
    await expect(resolveWaitForTarget({ flags: {}, env: { MCS_WAIT_FOR_TARGET_S: 'soon' } })).rejects.toThrow(/^wait_for_target_s \(from MCS_WAIT_FOR_TARGET_S\): must be number$/);
  });
});
