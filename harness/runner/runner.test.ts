import { describe, expect, it } from 'vitest';
import type { Clause } from '../../spec/index.js';
import type { CheckResult } from '../../results/model.js';
import { coverageFromResults as computeCoverage, unknownClauseIds } from '../../results/coverage.js';
import { targetSetting } from '../target-settings.js';
import { isSelected, parseSelectionList } from './selection.js';

const merge = { area: 'contacts', name: 'merge-is-idempotent', clauses: ['contacts.merge.idempotent-same-pair'] };
const authCheck = { area: 'auth', name: 'flat-401', clauses: ['errors.401.flat-credentials'] };

describe('selection', () => {
  it('selects by area, check id, clause id and clause prefix', () => {
    for (const entry of ['contacts', 'contacts/merge-is-idempotent', 'contacts.merge.idempotent-same-pair', 'contacts.merge']) {
      expect(isSelected({ only: [entry], skip: [] }, merge)).toBe(true);
      expect(isSelected({ only: [], skip: [entry] }, merge)).toBe(false);
    }
    expect(isSelected({ only: ['contacts.mer'], skip: [] }, merge)).toBe(false);
  });

  it('reads a bare word as an area, never as a clause prefix', () => {
    expect(isSelected({ only: ['errors'], skip: [] }, authCheck)).toBe(false);
    expect(isSelected({ only: ['errors.401'], skip: [] }, authCheck)).toBe(true);
  });

  it('selects a family of per-operation checks by its check id', () => {
    const perOperation = { area: 'errors', name: 'non-object-body-gets-400.v4.createContact', clauses: ['errors.400.non-object-body'] };
    expect(isSelected({ only: ['errors/non-object-body-gets-400'], skip: [] }, perOperation)).toBe(true);
    expect(isSelected({ only: ['errors/non-object-body'], skip: [] }, perOperation)).toBe(false);
  });

  it('parses comma-separated and repeated lists', () => {
    expect(parseSelectionList(['a,b', ' c ', ''])).toEqual(['a', 'b', 'c']);
    expect(parseSelectionList(undefined)).toEqual([]);
  });
});

function result(id: string, outcome: CheckResult['outcome'], clauses: string[], extra: Partial<CheckResult> = {}): CheckResult {
  return { id, area: id.split('/')[0] ?? id, title: id, clauses, outcome, durationMs: 1, exchanges: [], ...extra };
}

const clauses: Clause[] = [
  { id: 'a.b.one', section: '1 X', kind: 'behaviour', text: 'One.', needs_control: false },
  { id: 'a.b.two', section: '1 X', kind: 'behaviour', text: 'Two.', needs_control: true },
  { id: 'a.b.three', section: '1 X', kind: 'shape', text: 'Three.', needs_control: false, untestable: 'not observable' },
  { id: 'a.b.four', section: '1 X', kind: 'shape', text: 'Four.', needs_control: false },
];

describe('clause coverage', () => {
  it('gives each clause its citing checks and their worst outcome', () => {
    const coverage = computeCoverage(clauses, [
      result('a/x', 'passed', ['a.b.one']),
      result('a/y', 'failed', ['a.b.one', 'a.b.four']),
      result('a/z', 'not-verifiable', ['a.b.two'], { reason: 'needs the control API' }),
      result('a/w', 'passed', ['a.b.nine']),
    ]);
    expect(coverage.map((c) => [c.id, c.result, c.checks])).toEqual([
      ['a.b.one', 'failed', ['a/x', 'a/y']],
      ['a.b.two', 'not-verifiable', ['a/z']],
      ['a.b.three', 'untestable', []],
      ['a.b.four', 'failed', ['a/y']],
    ]);
    expect(coverage[1]?.reason).toBe('needs the control API');
    expect(coverage[2]?.reason).toBe('not observable');
  });

  it('marks uncited clauses uncovered and lists cited ids the clauses lack', () => {
    expect(computeCoverage(clauses, [])[0]?.result).toBe('uncovered');
    expect(unknownClauseIds(clauses, [result('a/w', 'passed', ['a.b.nine', 'a.b.one'])])).toEqual(['a.b.nine']);
  });
});

describe('target settings', () => {
  const announced = { webhook_replay_path: '/webhooks/{webhookId}/deliveries/{deliveryId}/replay', dry_run_field: 'dry_run' };

  it('takes what the user set over what the control API announces', () => {
    const env: NodeJS.ProcessEnv = { MCS_DRY_RUN_FIELD: 'preview' };
    expect(targetSetting('dry_run_field', announced, env)).toBe('preview');
    expect(targetSetting('webhook_replay_path', announced, env)).toBe('/webhooks/{webhookId}/deliveries/{deliveryId}/replay');
  });

  it('is undefined when neither names it, and a blank value names nothing', () => {
    expect(targetSetting('dry_run_field', undefined, {})).toBeUndefined();
    expect(targetSetting('dry_run_field', {}, { MCS_DRY_RUN_FIELD: ' ' })).toBeUndefined();
    expect(targetSetting('dry_run_field', announced, { MCS_DRY_RUN_FIELD: '' })).toBe('dry_run');
  });
});
