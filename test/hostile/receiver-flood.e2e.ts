// The webhook receiver under a flood (issue 33, item 2): while certify runs the webhook checks, anyone who can
// reach the receiver's port posts 1 MB bodies to it as fast as it takes them. Paths no subscription of the
// run has are answered 404 and nothing of them is kept, so the verdict is the same as without the flood and
// the peak resident memory of the certify process moves by less than 50 MB (today: +400 MB and more). The
// receiver listens on 0.0.0.0, named on purpose, so certify warns that other machines may reach it.
import { Agent, request } from 'undici';
import { describe, expect, it } from 'vitest';
import { freePort } from './ports.js';
import { certify } from './support.js';

const bound = 600_000;
const MB = 1024 * 1024;

/** Posts 1 MB bodies to `url` + random paths (and the bare root), 8 at a time, until stopped. */
function flood(url: string): { stop(): Promise<{ sent: number; statuses: Record<number, number> }> } {
  const agent = new Agent({ connections: 8 });
  const body = Buffer.alloc(MB, '{');
  const statuses: Record<number, number> = {};
  let sent = 0;
  let running = true;
  const lane = async (lane: number) => {
    while (running) {
      const path = sent % 5 === 0 ? '/' : `/mcs-${lane}-${sent}`;
      try {
        const response = await request(`${url}${path}`, { method: 'POST', body, headers: { 'content-type': 'application/json' }, dispatcher: agent });
        await response.body.dump();
        statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 20)); // not listening yet, or between two files' receivers
      }
      sent++;
    }
  };
  const lanes = Array.from({ length: 8 }, (_, i) => lane(i));
  return {
    async stop() {
      running = false;
      await Promise.all(lanes);
      await agent.close();
      return { sent, statuses };
    },
  };
}

describe('a flood of 1 MB posts at the webhook receiver', { timeout: bound * 2 }, () => {
  it('changes neither the verdict nor the peak memory by 50 MB; a listen address off loopback is warned about', async () => {
    const port = await freePort();
    const args = ['--only', 'webhooks', '--webhook-listen', `0.0.0.0:${port}`, '--webhook-public-url', `http://127.0.0.1:${port}`, '--timeout', '10000', '--seed', '7'];
    const quiet = await certify(args, bound, true);
    const flooding = flood(`http://127.0.0.1:${port}`);
    const flooded = await certify(args, bound, true);
    const { sent, statuses } = await flooding.stop();

    expect(quiet.code, quiet.stderr).toBe(0);
    expect(flooded.code, flooded.stderr).toBe(0);
    const verdict = (run: typeof quiet) => run.stdout.match(/^verdict: .*$/m)?.[0].replace(/\(seed \d+\)/, '');
    expect(verdict(flooded)).toBe(verdict(quiet));
    expect(flooded.stdout).toMatch(new RegExp(`warning: the webhook receiver listens on 0\\.0\\.0\\.0:${port}, which other machines may reach`));
    // The flood reached the receiver and was turned away.
    expect(sent).toBeGreaterThan(50);
    expect(statuses[404] ?? 0).toBeGreaterThan(50);
    expect(statuses[204] ?? 0).toBe(0);
    if (quiet.peakRssBytes !== undefined && flooded.peakRssBytes !== undefined) {
      expect((flooded.peakRssBytes - quiet.peakRssBytes) / MB, `peaks: ${quiet.peakRssBytes / MB} MB quiet, ${flooded.peakRssBytes / MB} MB flooded`).toBeLessThan(50);
    }
  });
});
