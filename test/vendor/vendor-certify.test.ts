// Certifying a vendor's target with no control URL: the reference with one organization set up out of band and a
// target.yaml giving only some fixtures. A fixture the config lacks makes a check not verifiable, naming what is
// missing; never failed (issue 19: false failures a vendor would have to chase). The figures of the README's
// "Without the control API" table are kept true here. (Ten repeated runs: test/field, `npm run test:field`.)
import { describe, expect, it } from 'vitest';
import { certifyVendor, failuresOf, sandboxAdapter, verifiedShare } from '../support/vendor-target.js';

const unexplained = (report: Awaited<ReturnType<typeof certifyVendor>>) =>
  report.checks.filter((check) => check.outcome === 'not-verifiable' && !/needs|no |not |could not/.test(check.reason ?? '')).map((check) => `${check.id}: ${check.reason ?? ''}`);

describe.each(['keys-only', 'no-owners'] as const)('a config with %s fixtures and no control URL', (fixtures) => {
  it('fails no check, and every check it cannot verify says what it lacks', async () => {
    const report = await certifyVendor(fixtures);
    expect(failuresOf(report)).toEqual([]);
    expect(unexplained(report)).toEqual([]);
  }, 300_000);
});


describe('the README figures (verified clauses of the testable ones, reference as a vendor target)', () => {
  it('config fixtures only: at least 0.60', async () => {
    const report = await certifyVendor('full');
    expect(failuresOf(report)).toEqual([]);
    expect(unexplained(report)).toEqual([]);
    expect(verifiedShare(report).share).toBeGreaterThanOrEqual(0.6);
  }, 300_000);

  it('config fixtures and an adapter offering only simulateInboundMessage and advanceClock: at least 0.68', async () => {
    const report = await certifyVendor('full', { controlAdapter: sandboxAdapter });
    expect(failuresOf(report)).toEqual([]);
    expect(unexplained(report)).toEqual([]);
    expect(verifiedShare(report).share).toBeGreaterThanOrEqual(0.68);
  }, 300_000);
});
