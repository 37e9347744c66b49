import { describe, expect, it } from 'vitest';
import { clauseIndex, loadClauses, loadFeatures } from '../spec/index.js';
import { ClaimError, featuresOfCheck, resolveClaims, unclaimedFeature } from './claims.js';
import { coverageFromResults } from './coverage.js';
import { check, testClauses } from '../test/support/results.js';

const clauses = new Map(testClauses.map((clause) => [clause.id, clause]));

describe('claims', () => {
  it('default to every feature of clauses.yaml, core first', () => {
    const all = resolveClaims(undefined);
    expect(all).toEqual(loadFeatures().map((f) => f.id));
    expect(all[0]).toBe('core');
    expect(all).toEqual(expect.arrayContaining(['v2', 'number-purchasing', 'location', 'call-forwarding', 'business-chat', 'polls', 'whatsapp', 'rcs', 'sms-provider']));
  });

  it('always include core, in the order of clauses.yaml', () => {
    expect(resolveClaims(['whatsapp', 'v2'])).toEqual(['core', 'v2', 'whatsapp']);
  });

  it('refuse an unknown feature with the nearest names', () => {
    expect(() => resolveClaims(['whatsap'])).toThrow(ClaimError);
    expect(() => resolveClaims(['whatsap'])).toThrow(/unknown claim 'whatsap' \(nearest: whatsapp/);
  });

  it('give a check the features of its clauses and of the channel kind its id ends with', () => {
    expect(featuresOfCheck({ id: 'v2/send', clauses: ['v2.send.three', 'contacts.merge.one'] }, clauses).sort()).toEqual(['core', 'v2']);
    expect(featuresOfCheck({ id: 'channels/settings-unsupported.put.whatsapp', clauses: ['contacts.merge.one'] }, clauses).sort()).toEqual(['core', 'whatsapp']);
    expect(featuresOfCheck({ id: 'channels/x.sms_provider', clauses: [] }, clauses)).toEqual(['sms-provider']);
  });

  it('give a check generated once per operation the feature of that operation', () => {
    const real = clauseIndex();
    expect(featuresOfCheck({ id: 'auth/missing-credentials-get-flat-401.v4.purchaseNativeNumbers', clauses: ['auth.failure.flat-401'] }, real).sort()).toEqual(['core', 'number-purchasing']);
    expect(featuresOfCheck({ id: 'errors/non-object-body-gets-400.v4.updateContactCard', clauses: ['errors.400.non-object-body'] }, real).sort()).toEqual(['contact-card', 'core']);
    expect(featuresOfCheck({ id: 'errors/non-object-body-gets-400.v4.createContact', clauses: ['errors.400.non-object-body'] }, real)).toEqual(['core']);
  });

  it('leave a check out when any of its features is not claimed', () => {
    expect(unclaimedFeature({ id: 'v2/send', clauses: ['v2.send.three'] }, ['core'], clauses)).toBe('v2');
    expect(unclaimedFeature({ id: 'v2/send', clauses: ['v2.send.three'] }, ['core', 'v2'], clauses)).toBeUndefined();
    expect(unclaimedFeature({ id: 'v2/send', clauses: ['v2.send.three'] }, undefined, clauses)).toBeUndefined();
  });

  it('mark clauses of unclaimed features not-claimed in the coverage, with the feature', () => {
    const coverage = coverageFromResults(testClauses, [check('v2/send', 'not-claimed', ['v2.send.three'])], ['core']);
    expect(coverage.find((c) => c.id === 'v2.send.three')).toMatchObject({ result: 'not-claimed', feature: 'v2', reason: 'feature v2 not claimed' });
    expect(coverage.find((c) => c.id === 'contacts.merge.one')).toMatchObject({ result: 'uncovered', feature: 'core' });
  });

  it('cover every clause of clauses.yaml with a known feature', () => {
    const known = new Set(loadFeatures().map((f) => f.id));
    expect(loadClauses().filter((c) => !known.has(c.feature ?? 'core'))).toEqual([]);
  });
});
