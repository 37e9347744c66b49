// What a vendor can add next, by the run's needs logic: the gains of each step over a set-up, and the one or two
// a run's summary names (only clauses whose citing checks were blocked by a declared need the step meets).
import { describe, expect, it } from 'vitest';
import type { TargetConfig } from '../config/types.js';
import type { RunReport } from '../../results/model.js';
import { nextStepLines, nextSteps, stepGains } from './next-steps.js';

const target: TargetConfig = { baseUrl: 'http://h', v4Url: 'http://h/v4', v2Url: 'http://h/v2', timeoutMs: 1_000, fixtures: { api_keys: { primary: 'api_p' } } };
const setUp = { target, control: false };
const checks = [
  { id: 'a/keys', clauses: ['c.keys'], needs: ['secondary-key'] },
  { id: 'a/inbound', clauses: ['c.inbound', 'c.shared'], needs: ['simulateInboundMessage'] },
  { id: 'a/plain', clauses: ['c.shared'], needs: [] },
  { id: 'a/buys', clauses: ['c.buy'], needs: ['buying-organization'] },
];

describe('next steps', () => {
  it('counts what each step unlocks over the set-up, most first', () => {
    const gains = Object.fromEntries(stepGains(checks, setUp).map(({ step, clauses }) => [step.name, clauses]));
    expect(gains['fixtures.api_keys.secondary']).toEqual(['c.keys']);
    expect(gains['simulateInboundMessage and advanceClock in your adapter']).toEqual(['c.inbound', 'c.shared']);
    expect(gains['fixtures.plan (number_purchase_enabled: true, payment_method: valid)']).toEqual(['c.buy']);
    expect(stepGains(checks, setUp)[0]?.clauses.length).toBe(4); // the whole control API
  });

  it("after a run, names the steps that unlock the most of what the run left, by the reasons it gave", () => {
    const report = {
      checks: [
        { id: 'a/keys', outcome: 'not-verifiable', reason: "needs the secondary API key (the config file's fixtures.api_keys.secondary)" },
        { id: 'a/inbound', outcome: 'not-verifiable', reason: 'needs the control operation simulateInboundMessage (the target has no control API nor adapter)' },
        { id: 'a/plain', outcome: 'passed' },
        // Not verifiable for a reason no declared need gives: no step is credited with it.
        { id: 'a/buys', outcome: 'not-verifiable', reason: 'the stock changed while the check read it' },
      ],
      coverage: [
        { id: 'c.keys', result: 'not-verifiable', checks: ['a/keys'] },
        { id: 'c.inbound', result: 'not-verifiable', checks: ['a/inbound'] },
        { id: 'c.shared', result: 'not-verifiable', checks: ['a/inbound', 'a/plain'] },
        { id: 'c.buy', result: 'not-verifiable', checks: ['a/buys'] },
      ],
    } as unknown as RunReport;
    const steps = nextSteps(report, checks, setUp);
    expect(steps.map(({ step, clauses }) => [step.name, clauses.length])).toEqual([
      ['the whole control API', 3],
      ['simulateInboundMessage and advanceClock in your adapter', 2],
    ]);
    expect(nextStepLines(steps)[0]).toBe('next steps (what unlocks the most):');
  });
});
