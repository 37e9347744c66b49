import { describe, expect, it } from 'vitest';
import { isKnownExpectation, isKnownSelection, unknownNames, type NameCatalog } from './names.js';

const catalog: NameCatalog = {
  areas: ['contacts', 'errors', 'auth'],
  checkIds: ['contacts/merge-is-idempotent', 'errors/non-object-body-gets-400.v4.${operation.operationId}', 'channels/profile-${label}-clears-a-field'],
  clauseIds: ['contacts.merge.idempotent-same-pair', 'errors.404.not-found'],
};

describe('known names', () => {
  it('accept the forms --only/--skip take', () => {
    for (const entry of ['contacts', 'contacts/merge-is-idempotent', 'errors/non-object-body-gets-400', 'errors/non-object-body-gets-400.v4.createContact', 'channels/profile-name-clears-a-field', 'contacts.merge', 'errors.404.not-found']) {
      expect(isKnownSelection(entry, catalog), entry).toBe(true);
    }
  });

  it('refuse what names nothing', () => {
    for (const entry of ['nosucharea', 'contacts/merge', 'contacts/nosuch', 'contacts.nosuch', 'errors.40']) expect(isKnownSelection(entry, catalog), entry).toBe(false);
  });

  it('accept check ids, check-id prefixes and clause ids in expected failures', () => {
    expect(isKnownExpectation('contacts/merge', catalog)).toBe(true);
    expect(isKnownExpectation('errors/non-object-body-gets-400.v4.createContact', catalog)).toBe(true);
    expect(isKnownExpectation('errors.404.not-found', catalog)).toBe(true);
    expect(isKnownExpectation('contacts/nosuch', catalog)).toBe(false);
    expect(isKnownExpectation('contacts', catalog)).toBe(false);
  });

  it('explain each unknown entry with the nearest names', () => {
    expect(unknownNames(['contact', 'auth'], (e) => isKnownSelection(e, catalog), '--only/--skip entry', catalog)).toEqual([
      "unknown --only/--skip entry 'contact' (nearest: contacts, contacts/merge-is-idempotent, contacts.merge.idempotent-same-pair)",
    ]);
  });
});
