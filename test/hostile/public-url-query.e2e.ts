// A public URL with a query (issue 33, item 6): a tunnel that wants `?tok=...` on every request gets it. The
// receiver joins each subscription's name to the path before the query (today the name went after it, and 52
// webhook checks failed), the deliveries arrive with the query kept, and its value is masked in every output.
import { describe, expect, it } from 'vitest';
import { freePort } from './ports.js';
import { certify, leaks, outcomesOf } from './support.js';

const bound = 300_000;
const token = 'tunnelsecret0123456789';

describe('--webhook-public-url with a query', { timeout: bound + 10_000 }, () => {
  it('delivers to the receiver, query kept, and passes every webhook check', async () => {
    const port = await freePort();
    const run = await certify(['--only', 'webhooks', '--webhook-listen', `127.0.0.1:${port}`, '--webhook-public-url', `http://127.0.0.1:${port}/?tok=${token}`, '--timeout', '10000'], bound);
    expect(run.code, run.stdout.slice(-2000)).toBe(0);
    const counts = outcomesOf(run.report);
    expect(counts.passed).toBeGreaterThan(40);
    expect(counts.failed ?? 0).toBe(0);
    expect(leaks(run, [token])).toEqual([]);
    // The subscriptions carried the query after the endpoint's name, masked in the evidence.
    expect(run.outputs['report.json']).toMatch(new RegExp(`127\\.0\\.0\\.1:${port}/[A-Za-z0-9-]+\\?tok=\\*\\*\\*`));
  });
});
