// What a vendor can add next, by the run's needs logic and within its scope: the gains of each step over a
// set-up (one count, said by init, doctor, certify before its run and in its summary), and the lines before a
// run that say what the set-up leaves unverified.
import { describe, expect, it } from 'vitest';
import type { Clause } from '../../spec/index.js';
import type { TargetConfig } from '../config/types.js';
import { forecastScope } from './forecast.js';
import { costLines, nextStepLines, stepGains, stepLine } from './next-steps.js';

const target: TargetConfig = { baseUrl: 'http://h', v4Url: 'http://h/v4', v2Url: 'http://h/v2', timeoutMs: 1_000, fixtures: { api_keys: { primary: 'api_p' } } };
const setUp = { target, control: false };
const clause = (id: string, feature?: string): [string, Clause] => [id, { id, section: '4', kind: 'behaviour', text: id, needs_control: false, ...(feature === undefined ? {} : { feature }) }];
const clauses = new Map([clause('c.keys'), clause('c.inbound'), clause('c.shared'), clause('c.buy', 'number-purchasing'), clause('c.v2', 'v2')]);
const checks = [
  { id: 'a/keys', clauses: ['c.keys'], needs: ['secondary-key'] },
  { id: 'a/inbound', clauses: ['c.inbound', 'c.shared'], needs: ['simulateInboundMessage'] },
  { id: 'a/plain', clauses: ['c.shared'], needs: [] },
  { id: 'a/buys', clauses: ['c.buy'], needs: ['buying-organization'] },
  { id: 'v2/send', clauses: ['c.v2'], needs: ['v2'] },
];

describe('next steps', () => {
  it('counts what each step unlocks over the set-up, most first', () => {
    const gains = Object.fromEntries(stepGains(checks, setUp, { clauses }).map(({ step, clauses: unlocked }) => [step.name, unlocked]));
    expect(gains['fixtures.api_keys.secondary']).toEqual(['c.keys']);
    expect(gains['simulateInboundMessage and advanceClock in your adapter']).toEqual(['c.inbound', 'c.shared']);
    expect(gains['fixtures.plan (number_purchase_enabled: true, payment_method: valid)']).toEqual(['c.buy']);
    expect(stepGains(checks, setUp, { clauses })[0]?.clauses.length).toBe(4); // the whole control API
  });

  it('counts within the scope: clauses of unclaimed features, and of checks --only/--skip leave out, are no gain', () => {
    const claimed = Object.fromEntries(stepGains(checks, { ...setUp, target: { ...target, v2Url: undefined } }, { clauses, claims: ['core'] }).map(({ step, clauses: unlocked }) => [step.name, unlocked.length]));
    expect(claimed['fixtures.plan (number_purchase_enabled: true, payment_method: valid)']).toBe(0);
    expect(claimed.v2_base_url).toBe(0);
    const narrowed = forecastScope(checks, setUp, { clauses, selection: { only: ['a/keys'], skip: [] } });
    expect([...narrowed.inScope]).toEqual(['c.keys']);
  });

  it('counts a claimed clause no check cites as in scope and never verifiable, an untestable one not at all', () => {
    const withGaps = new Map([...clauses, clause('c.nocheck'), ['c.untestable', { ...clause('c.untestable')[1], untestable: 'no client can see it' }] as [string, Clause]]);
    const forecast = forecastScope(checks, setUp, { clauses: withGaps });
    expect(forecast.inScope.has('c.nocheck')).toBe(true);
    expect(forecast.verifiable.has('c.nocheck')).toBe(false);
    expect(forecast.inScope.has('c.untestable')).toBe(false);
    expect([...forecast.verifiable].sort()).toEqual(['c.v2']);
  });

  it('says before a run what the set-up leaves unverified, one line a step, and nothing when it lacks nothing', () => {
    const noV2 = { ...setUp, target: { ...target, v2Url: undefined } };
    const forecast = forecastScope(checks, noV2, { clauses });
    const lines = costLines(forecast, stepGains(checks, noV2, { clauses }));
    expect(lines[0]).toBe("set-up: 0 of 5 in-scope clause(s) can be verified by the checks' declared needs; 5 cannot, so the verdict can only be incomplete:");
    expect(lines).toContain('  without v2_base_url: 1 clause(s) unverified; the v2 API');
    const everything = { ...setUp, control: true };
    expect(costLines(forecastScope(checks, everything, { clauses }), stepGains(checks, everything, { clauses }))).toEqual([]);
  });

  it('ends a run with the one or two steps that unlock the most, in the words and counts the others use', () => {
    const gains = stepGains(checks, setUp, { clauses });
    const lines = nextStepLines(gains);
    expect(lines[0]).toBe('next steps (what unlocks the most):');
    expect(lines.slice(1)).toEqual(gains.slice(0, 2).map((gain) => `  ${stepLine(gain)}`));
    expect(lines[1]).toMatch(/^ {2}the whole control API: .*; unlocks 4 clause\(s\)$/);
    expect(nextStepLines([])).toEqual([]);
  });
});
