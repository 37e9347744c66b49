// Memory against the reference and against heavy bodies (issue 33, item 7), measured as the peak resident
// memory of the certify process (VmHWM, Linux): a full certification of the reference under 450 MB; against
// 200 MB bodies sent chunked (no Content-Length) and against JSON 100,000 arrays deep or with 60,000 keys in one
// object, under 500 MB, the JSON answers named as beyond what the harness parses (never parsed, so never slow).
// `npm run bench -- memory` runs every case in full, with the time ratios.
import { afterAll, describe, expect, it } from 'vitest';
import { certify } from './support.js';
import { chunkedBody, deepJson, wideJson } from './heavy-bodies.js';
import { startServer, type Handler, type HostileServer } from './servers.js';

const bound = 600_000;
const MB = 1024 * 1024;
/** A few areas and one robustness property: enough requests to matter, seconds to run. */
const selection = ['--only', 'account,contacts,robustness/invalid-body-is-refused.v4.createContact', '--runs', '3', '--timeout', '5000', '--api-key', 'api_memorye2e0123456789'];
const servers: HostileServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

async function against(handler: Handler) {
  const server = await startServer(handler);
  servers.push(server);
  return certify(['--base-url', server.url, ...selection], bound, true);
}

describe('peak memory of certify', { timeout: bound + 10_000 }, () => {
  it('certifying the embedded reference: under 450 MB, still conformant', async () => {
    const run = await certify(['--timeout', '10000'], bound, true);
    expect(run.code, run.stdout.slice(-1500)).toBe(0);
    if (run.peakRssBytes !== undefined) expect(run.peakRssBytes / MB).toBeLessThan(450);
  });

  it('200 MB bodies sent chunked: cut as they stream, under 500 MB', async () => {
    const run = await against(chunkedBody(200 * MB));
    expect(run.code, run.stderr).toBe(1);
    expect(run.report?.checks.find((c) => c.outcome === 'error')?.reason).toMatch(/body longer than the harness reads/);
    if (run.peakRssBytes !== undefined) expect(run.peakRssBytes / MB).toBeLessThan(500);
  });

  for (const [name, handler, reason] of [
    ['JSON 100,000 arrays deep', deepJson(), /JSON nested deeper than the harness parses \(over 256 levels\)/],
    ['an object of 60,000 keys', wideJson(), /JSON with more members in one object or array than the harness parses \(over 10000\)/],
  ] as const) {
    it(`${name}: named and never parsed, under 500 MB`, async () => {
      const run = await against(handler);
      expect(run.code, run.stderr).toBe(1);
      const errors = run.report?.checks.filter((c) => c.outcome === 'error') ?? [];
      expect(errors.length).toBeGreaterThan(0);
      expect(errors.map((c) => c.reason ?? '')).toEqual(expect.arrayContaining([expect.stringMatching(reason)]));
      // A body the harness does not parse is no failure of a clause: it is judged broken, as a 5xx would be.
      expect(run.report?.checks.filter((c) => c.outcome === 'failed' && c.area !== 'robustness' && c.area !== 'errors').map((c) => c.id)).toEqual([]);
      if (run.peakRssBytes !== undefined) expect(run.peakRssBytes / MB).toBeLessThan(500);
    });
  }
});
