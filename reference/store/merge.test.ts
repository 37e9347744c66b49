import { describe, expect, it } from 'vitest';
import { Store } from './store.js';
import { attachIdentity, createContact, findContactByIdentity } from './contacts.js';
import { mergeContacts } from './merge.js';

function setup() {
  const org = new Store().createOrg('t');
  const survivor = createContact(org, null, { value: '+15550000001', channelType: 'native' }, ['a', 'Shared']);
  const source = createContact(org, 'Source', { value: 'src@example.com', channelType: null }, ['shared', 'b']);
  attachIdentity(org, source, { value: '+15550000002', channelType: 'sms_provider' });
  return { org, survivor, source };
}

describe('mergeContacts', () => {
  it('re-parents identities, unions tags case-insensitively, falls back to the source name, tombstones the source', () => {
    const { org, survivor, source } = setup();
    const outcome = mergeContacts(org, survivor, source);
    expect(outcome.kind).toBe('merged');
    expect(survivor.identityIds).toHaveLength(3);
    expect(findContactByIdentity(org, 'SRC@example.com')).toBe(survivor);
    expect(survivor.tags).toEqual(['a', 'Shared', 'b']);
    expect(survivor.name).toBe('Source');
    expect(source.mergedInto).toBe(survivor.id);
    expect(source.identityIds).toEqual([]);
  });

  it('keeps a named survivor\'s name', () => {
    const { org, survivor, source } = setup();
    survivor.name = 'Mine';
    mergeContacts(org, survivor, source);
    expect(survivor.name).toBe('Mine');
  });

  it('is unchanged for the same pair and conflicts for another survivor', () => {
    const { org, survivor, source } = setup();
    mergeContacts(org, survivor, source);
    expect(mergeContacts(org, survivor, source)).toEqual({ kind: 'unchanged' });
    const other = createContact(org, 'Other', null);
    expect(() => mergeContacts(org, other, source)).toThrow(expect.objectContaining({ status: 409, code: 'contact_already_merged' }));
  });
});
