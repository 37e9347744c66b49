// The checks that judge without the control API, each shown failing with its fault on a vendor target through an
// adapter or on fixtures found through the public API, and passing without it (the checks and faults: moved-checks.ts).
import { describe, expect, it } from 'vitest';
import { certifyVendor, inboundAndClockAdapter, organizationsAdapter, sandboxAdapter } from '../support/vendor-target.js';
import { timeLimit } from '../support/pace.js';
import { allPassed, movedWithInbound, movedWithOrganizations, onDiscovered, outcomesOf, toBeDiscovered, withoutOtherOrganizations, withFault } from './moved-checks.js';

describe('checks that judge without the control API, on a vendor target with their fault, through an adapter or on discovered fixtures', () => {
  it.each(movedWithInbound)('$check fails with $fault, through the adapter', async ({ check, fault }) => {
    const report = await certifyVendor('full', { ...withFault(fault), only: [check], controlAdapter: sandboxAdapter });
    expect(report.checks.find((c) => c.id === check)?.outcome).toBe('failed');
  }, timeLimit({ quietMs: 24_000 })); // a narrowed run

  it("a status event the sandbox's own carrier reports, found wrong inside the wait for it, fails on its field's clause (not as not verifiable)", async () => {
    const check = 'webhooks/message-delivered-never-for-group-chats';
    const report = await certifyVendor('full', { faults: ['events.header.no-message-id'], only: [check], controlAdapter: sandboxAdapter });
    const judged = report.checks.find((c) => c.id === check);
    expect(judged?.outcome, judged?.reason).toBe('failed');
    expect(judged?.failure?.brokenClause).toEqual({ clause: 'events.header.message-id', operation: 'message.sent', as: 'delivery' });
  }, 300_000);

  it('and those pass without their fault through the adapter', async () => {
    const checks = [...new Set(movedWithInbound.map((m) => m.check))];
    const report = await certifyVendor('full', { only: checks, controlAdapter: sandboxAdapter });
    expect(outcomesOf(report, checks)).toEqual(allPassed(checks));
  }, timeLimit({ certifications: 1 }));

  it.each(movedWithOrganizations)('$check fails with $fault, organizations made through the adapter', async ({ check, fault }) => {
    const report = await certifyVendor('full', { ...withFault(fault), only: [check], edit: withoutOtherOrganizations, controlAdapter: organizationsAdapter });
    expect(report.checks.find((c) => c.id === check)?.outcome).toBe('failed');
  }, timeLimit({ quietMs: 24_000 })); // a narrowed run

  it('and those pass without their fault, organizations made through the adapter', async () => {
    const checks = [...new Set(movedWithOrganizations.map((m) => m.check))];
    const report = await certifyVendor('full', { only: checks, edit: withoutOtherOrganizations, controlAdapter: organizationsAdapter });
    expect(outcomesOf(report, checks)).toEqual(allPassed(checks));
  }, timeLimit({ certifications: 1 }));

  it('read receipts, judged with the reading test recipient in an organization of its own, fail with events.read-without-receipts and pass without it', async () => {
    const check = 'webhooks/read-receipts-only-for-1to1-imessage-with-receipts';
    const faulty = await certifyVendor('full', { faults: ['events.read-without-receipts'], only: [check], edit: withoutOtherOrganizations, controlAdapter: inboundAndClockAdapter });
    expect(faulty.checks.find((c) => c.id === check)?.outcome).toBe('failed');
    const correct = await certifyVendor('full', { only: [check], edit: withoutOtherOrganizations, controlAdapter: inboundAndClockAdapter });
    expect(outcomesOf(correct, [check])).toEqual(allPassed([check]));
  }, timeLimit({ certifications: 1 }));

  it.each(onDiscovered)('$check fails with $fault, on fixtures found through the public API', async ({ check, fault }) => {
    const report = await certifyVendor('full', { ...withFault(fault), only: [check], edit: toBeDiscovered, discover: true });
    expect(report.checks.find((c) => c.id === check)?.outcome).toBe('failed');
  }, timeLimit({ quietMs: 24_000 })); // a narrowed run

  it('and those pass without their fault on fixtures found through the public API', async () => {
    const checks = [...new Set(onDiscovered.map((m) => m.check))];
    const report = await certifyVendor('full', { only: checks, edit: toBeDiscovered, discover: true });
    expect(outcomesOf(report, checks)).toEqual(allPassed(checks));
  }, timeLimit({ certifications: 1 }));
});
