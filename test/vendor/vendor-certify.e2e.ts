// Certifying a vendor's target with no control URL: the reference with one organization set up out of band and a
// target.yaml giving only some fixtures. A fixture the config lacks makes a check not verifiable, naming what is
// missing; never failed (issue 19: false failures a vendor would have to chase). The figures of the README's
// "Without the control API" table are kept true here. (Ten repeated runs: test/field, `npm run test:field`.)
import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { certifyVendor, failuresOf, sandboxAdapter, verifiedShare, type VendorTarget } from '../support/vendor-target.js';
import { targetTimeoutMs, timeLimit } from '../support/pace.js';

const unexplained = (report: Awaited<ReturnType<typeof certifyVendor>>) =>
  report.checks.filter((check) => check.outcome === 'not-verifiable' && !/needs|no |not |could not/.test(check.reason ?? '')).map((check) => `${check.id}: ${check.reason ?? ''}`);

describe.each(['keys-only', 'no-owners'] as const)('a config with %s fixtures and no control URL', (fixtures) => {
  it('fails no check, and every check it cannot verify says what it lacks', async () => {
    const report = await certifyVendor(fixtures);
    expect(failuresOf(report)).toEqual([]);
    expect(unexplained(report)).toEqual([]);
  }, timeLimit({ certifications: 1 }));
});


describe('a config that describes its spare lines by the wrong kind', () => {
  it('leaves the checks that lease them not verifiable, naming the line, and fails none', async () => {
    // Every native spare line called an SMS line and every SMS line a native one.
    const swapKinds = (fixtures: Record<string, unknown>) => {
      for (const line of fixtures.spare_lines as { kind?: string }[]) line.kind = line.kind === 'sms_provider' ? 'native-dedicated-nocard' : 'sms_provider';
    };
    const routing = ['priorities/tiers-are-walked-in-ascending-order', 'priorities/no-priority-uses-owned-native-numbers', 'priorities/from-pins-the-sender.alias'];
    const report = await certifyVendor('full', { only: routing, edit: swapKinds });
    expect(failuresOf(report)).toEqual([]);
    const named = (reason: string | undefined) => (/is of type \w+, not \w+ as its kind/.test(reason ?? '') ? 'names the mislabelled line' : (reason ?? ''));
    const outcomes = report.checks.filter((check) => routing.includes(check.id)).map((check) => `${check.outcome}: ${named(check.reason)}`);
    expect(outcomes).toEqual(routing.map(() => 'not-verifiable: names the mislabelled line'));
  }, timeLimit({ certifications: 1 }));
});

describe('removable lines an earlier run removed', () => {
  it('leave the removal checks not verifiable, naming the used-up line, and fail none', async () => {
    const removal = ['numbers/removal-by-id-answers-removal-and-emits-number-removed', 'numbers/removal-by-e164-number', 'numbers/removal-without-reasons-gets-400', 'numbers/removal-needs-numbers-manage'];
    const removeAll = async (vendor: VendorTarget) => {
      const config = parse(await readFile(vendor.configPath, 'utf8')) as { fixtures: { api_keys: { primary: string }; removable_lines: { id: string }[] } };
      for (const line of config.fixtures.removable_lines) {
        const removed = await fetch(`${vendor.baseUrl}/v4/channels/${line.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${config.fixtures.api_keys.primary}`, 'content-type': 'application/json' }, body: JSON.stringify({ reasons: ['an earlier run'] }) });
        expect(removed.status).toBe(200);
      }
    };
    const report = await certifyVendor('full', { only: removal, beforeRun: removeAll });
    expect(failuresOf(report)).toEqual([]);
    const outcomes = report.checks.filter((check) => removal.includes(check.id)).map((check) => `${check.outcome}: ${/an earlier run removed it\?/.test(check.reason ?? '') ? 'names the used-up line' : (check.reason ?? '')}`);
    expect(outcomes).toEqual(removal.map(() => 'not-verifiable: names the used-up line'));
  }, timeLimit({ certifications: 1 }));
});

describe('a sandbox whose send caps the run reaches (their values are not shown, nor stated)', () => {
  it('fails no check: those that met a 429 they did not ask for are not verifiable, naming it', async () => {
    const report = await certifyVendor('full', { unstatedPlan: { outbound_cap_per_organization: 12 } });
    expect(failuresOf(report)).toEqual([]);
    const throttled = report.checks.filter((check) => check.outcome === 'not-verifiable' && /with (429|207) .*outbound_limit_reached.*a send cap or a rate limit/.test(check.reason ?? ''));
    expect(throttled.length).toBeGreaterThan(0);
  }, timeLimit({ certifications: 1 }));
});

describe('a sandbox that does not move on by itself', () => {
  it('leaves the checks that wait for its payment provider and carrier not verifiable, naming the control operation, and fails none', async () => {
    const waiting = {
      'numbers/confirmed-purchase-completes-with-allocations': /did not confirm it on its own \(the control operation drivePurchase/,
      'webhooks/flat-message-sent-shape': /emitted no message\.sent on its own .*driveMessageStatus/,
      'webhooks/flat-message-delivered-shape': /emitted no message\.delivered on its own .*driveMessageStatus/,
      'webhooks/message-delivered-never-for-group-chats': /emitted no message\.sent on its own .*driveMessageStatus/,
      'numbers/failed-provisioning-fails-the-purchase': /still \w+ after .*needs the control operation drivePurchase, or a sandbox whose payment provider fails/,
      'messages/idempotency-key-replayed-makes-one-message': /reported no message\.sent for .*listSentMessages.*, or a sandbox whose carrier sends on its own/,
      'messages/several-recipients-fan-out-elsewhere': /reported no message\.sent for .*listSentMessages.*, or a sandbox whose carrier sends on its own/,
      // Its config names no test recipients: a sandbox that does not move on has none.
      'webhooks/read-state-is-reported-by-message-read': /driveMessageStatus .*, or the sandbox's reading test recipient/,
    };
    // Each check waits out its whole wait for what never comes, and is not verifiable however long it waited: the
    // wait a quiet machine's sandbox needs will do.
    const report = await certifyVendor('full', { only: Object.keys(waiting), movesOnItsOwn: false, controlAdapter: sandboxAdapter, timeoutMs: targetTimeoutMs(1) });
    expect(failuresOf(report)).toEqual([]);
    const outcomes = Object.fromEntries(report.checks.filter((check) => check.id in waiting).map((check) => [check.id, `${check.outcome}: ${(waiting as Record<string, RegExp>)[check.id]?.test(check.reason ?? '') === true ? 'names the operation' : (check.reason ?? '')}`]));
    expect(outcomes).toEqual(Object.fromEntries(Object.keys(waiting).map((id) => [id, 'not-verifiable: names the operation'])));
  }, timeLimit({ certifications: 1 }));
});

describe('the README figures (verified clauses of the testable ones, reference as a vendor target)', () => {
  it('config fixtures only: at least 0.75', async () => {
    const report = await certifyVendor('full');
    expect(failuresOf(report)).toEqual([]);
    expect(unexplained(report)).toEqual([]);
    expect(verifiedShare(report).share).toBeGreaterThanOrEqual(0.75);
  }, timeLimit({ certifications: 1 }));

  it('config fixtures and an adapter offering only simulateInboundMessage and advanceClock: at least 0.90', async () => {
    const report = await certifyVendor('full', { controlAdapter: sandboxAdapter });
    expect(failuresOf(report)).toEqual([]);
    expect(unexplained(report)).toEqual([]);
    expect(verifiedShare(report).share).toBeGreaterThanOrEqual(0.9);
  }, timeLimit({ certifications: 1 }));
});
