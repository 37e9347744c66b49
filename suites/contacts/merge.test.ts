// Contact merge (section 3, Contact merge; section 4, POST /contacts/{id}/merge; section 7): the source becomes
// a tombstone with merged_into, its identities move to the survivor, tags are unioned, the survivor keeps its
// name (else takes the source's), contact.merged is emitted, and a repeat for the same pair is a no-op 200.
import fc from 'fast-check';
import { check, type CheckContext } from '../../harness/check/index.js';
import { malformedId, prefixedId, tagSet } from '../../generators/domain.js';
import { fail, stringsIn } from '../_shared/common.js';
import { Contacts, dataOf, mentions, type Contact } from '../_shared/contacts.js';
import { duplicates } from '../_shared/pages.js';
import { uniquePhone, uniqueToken } from '../_shared/values.js';
import { safeJson, useHooks, watchEmitted } from '../_shared/webhooks.js';

const area = 'contacts';
const hooksOf = useHooks();

async function pair(t: CheckContext) {
  const contacts = new Contacts((await t.fixtures()).v4(), t);
  const survivor = await contacts.create({ name: `Survivor ${uniqueToken()}` });
  const source = await contacts.create({ name: `Source ${uniqueToken()}` });
  return { contacts, survivor, source };
}

/** A survivor with a phone identity and a source with an email identity (the email is the one a merge moves). */
async function pairWithIdentities(contacts: Contacts): Promise<{ survivor: Contact; source: Contact; email: string }> {
  const survivor = await contacts.create({ name: `Keeper ${uniqueToken()}`, identity: { kind: 'phone', value: uniquePhone() } });
  const email = `${uniqueToken()}@example.com`;
  const source = await contacts.create({ name: 'Merged away', identity: { kind: 'email', value: email } });
  return { survivor, source, email };
}

// Caught by: contacts.merge.no-tombstone.
check(
  {
    area,
    name: 'merge-tombstones-source',
    title: 'after a merge the source reads back with merged_into set to the survivor, and the answer is the survivor',
    clauses: ['contacts.merge.source-tombstoned', 'contacts.merge.returns-survivor', 'contacts.object.fields'],
  },
  async (t) => {
    const { contacts, survivor, source } = await pair(t);
    const merged = await contacts.merge(survivor.id, source.id);
    t.expect.hasStatus(merged, 200);
    t.expect.that(dataOf<Contact>(merged).id, 'id in the merge answer (the survivor)').toBe(survivor.id);
    const tombstone = await contacts.read(source.id);
    t.expect.that(tombstone.merged_into, 'merged_into of the source read back').toBe(survivor.id);
  },
);

// Caught by: contacts.merge.identities-stay.
check(
  {
    area,
    name: 'merge-reparents-identities',
    title: "after a merge the survivor carries the source's identities (same cid_ ids), in the answer and in its identity list",
    clauses: ['contacts.merge.identities-reparented', 'contacts.merge.returns-survivor'],
  },
  async (t) => {
    const { contacts, survivor, source } = await pair(t);
    const phone = uniquePhone();
    const moved = await contacts.attach(source.id, { kind: 'phone', value: phone });
    const merged = await contacts.merge(survivor.id, source.id);
    t.expect.hasStatus(merged, 200);
    t.expect.that(mentions(dataOf<Contact>(merged).identities, phone), `the merged contact lists the source's identity ${phone}`).toBe(true);
    const listed = await contacts.identities(survivor.id);
    t.expect.hasStatus(listed, 200);
    t.expect.that(listed.body?.data.map((i) => i.id), 'identity ids listed on the survivor after the merge').toContain(moved.id);
  },
);

// Caught by: contacts.merge.no-tag-union.
check(
  {
    area,
    name: 'merge-unions-tags',
    title: "after a merge the survivor's tags include its own and the source's (compared ignoring case), in the answer as read back",
    // The answer is read back (harness/check/read-back.ts): with tags on both sides, an answer that drops some is seen.
    clauses: ['contacts.merge.tags-unioned', 'contacts.merge.returns-survivor'],
  },
  async (t) => {
    const contacts = new Contacts((await t.fixtures()).v4(), t);
    const own = uniqueToken();
    const theirs = uniqueToken();
    const survivor = await contacts.create({ name: 'Tagged survivor', tags: [own] });
    const source = await contacts.create({ name: 'Tagged source', tags: [theirs] });
    const merged = await contacts.merge(survivor.id, source.id);
    t.expect.hasStatus(merged, 200);
    const tags = (await contacts.read(survivor.id)).tags.map((tag) => tag.toLowerCase());
    t.expect.that(tags, 'tags of the survivor after the merge (its own and the source\'s)').toEqual(t.expect.that.arrayContaining([own, theirs]));
  },
);

// Fault: contacts.merge.source-name-wins.
check(
  {
    area,
    name: 'merge-survivor-keeps-its-name',
    title: 'a named survivor keeps its own name after a merge',
    clauses: ['contacts.merge.survivor-keeps-name'],
  },
  async (t) => {
    const { contacts, survivor, source } = await pair(t);
    t.expect.hasStatus(await contacts.merge(survivor.id, source.id), 200);
    t.expect.that((await contacts.read(survivor.id)).name, 'name of the survivor after the merge (its own kept)').toBe(survivor.name);
  },
);

// Caught by: contacts.merge.no-name-fallback.
check(
  {
    area,
    name: 'merge-unnamed-survivor-takes-source-name',
    title: "an unnamed survivor takes the source's name after a merge",
    clauses: ['contacts.merge.survivor-keeps-name'],
  },
  async (t) => {
    const contacts = new Contacts((await t.fixtures()).v4(), t);
    // Whether `name` may be left out on creation is not tied ("identity plus name"): a refusal is not a failure.
    const unnamed = 'the target requires a name on creation; the fallback needs an unnamed survivor';
    const survivor = await contacts.create({ identity: { kind: 'phone', value: uniquePhone() } }, unnamed);
    if (survivor.name !== null && survivor.name !== '') t.notVerifiable(`a contact created without a name got the name '${survivor.name}'; the fallback needs an unnamed survivor`);
    const name = `Named ${uniqueToken()}`;
    const source = await contacts.create({ name });
    t.expect.hasStatus(await contacts.merge(survivor.id, source.id), 200);
    t.expect.that((await contacts.read(survivor.id)).name, 'name of the unnamed survivor after the merge (the source\'s)').toBe(name);
  },
);

// Caught by: contacts.merge.no-event.
check(
  {
    area,
    name: 'merge-emits-contact-merged',
    title: 'a merge emits one contact.merged event (counted by the control API where it records events, else seen by a v4 subscription of its own)',
    clauses: ['events.contact-merged.emitted'],
  },
  async (t) => {
    const { contacts, survivor, source } = await pair(t);
    const emitted = await watchEmitted(t, await t.fixtures(), hooksOf, 'contact.merged');
    t.expect.hasStatus(await contacts.merge(survivor.id, source.id), 200);
    // Other checks merge too in a shared organization, and the event's payload is not shown: a delivery naming
    // other contacts only is theirs, one naming no contact at all is taken as this merge's.
    await emitted({
      matches: (delivery) => {
        const named = stringsIn(safeJson(delivery)).filter((value) => value.startsWith('ct_'));
        return named.length === 0 || named.includes(survivor.id) || named.includes(source.id);
      },
    });
  },
);

// Fault: contacts.merge.self-allowed.
check(
  {
    area,
    name: 'merge-into-self-gets-400-cannot-merge-self',
    title: 'merging a contact into itself answers 400 cannot_merge_self',
    clauses: ['errors.400.cannot-merge-self', 'contacts.merge.request'],
  },
  async (t) => {
    const contacts = new Contacts((await t.fixtures()).v4(), t);
    const contact = await contacts.create({ name: 'Narcissus' });
    const response = await contacts.merge(contact.id, contact.id);
    t.expect.errorShape(response, 400);
    t.expect.hasErrorCode(response, 'cannot_merge_self');
  },
);

// Fault: contacts.merge.malformed-id-404.
check(
  {
    area,
    name: 'merge-with-malformed-source-id-gets-400',
    title: 'for any source_contact_id that is not a ct_ id, the merge answers 400',
    clauses: ['contacts.merge.request'],
  },
  async (t) => {
    const contacts = new Contacts((await t.fixtures()).v4(), t);
    const survivor = await contacts.create({ name: 'Stays' });
    await t.assertProperty(
      fc.asyncProperty(malformedId('ct'), async (malformed) => {
        const response = await contacts.merge(survivor.id, malformed.value);
        t.expect.errorShape(response, 400);
      }),
      { numRuns: 10 },
    );
  },
);

// Fault: contacts.merge.remerge-allowed.
check(
  {
    area,
    name: 'merge-of-source-merged-elsewhere-gets-409',
    title: 'merging a source already merged into another contact answers 409 contact_already_merged',
    clauses: ['errors.409.contact-already-merged', 'contacts.merge.request'],
  },
  async (t) => {
    const { contacts, survivor, source } = await pair(t);
    t.expect.hasStatus(await contacts.merge(survivor.id, source.id), 200);
    const other = await contacts.create({ name: 'Latecomer' });
    const response = await contacts.merge(other.id, source.id);
    t.expect.errorShape(response, 409);
    t.expect.hasErrorCode(response, 'contact_already_merged');
  },
);

/** What a merge must leave as it was: the survivor's name, tags and identities, and the source's merged_into. */
function snapshot(survivor: Contact, source: Contact): string {
  return JSON.stringify({
    name: survivor.name,
    tags: survivor.tags.map((tag) => tag.toLowerCase()).sort(),
    identities: survivor.identities.map((i) => i.id).sort(),
    merged_into: source.merged_into,
  });
}

// Caught by: contacts.merge.repeat-conflicts.
check(
  {
    area,
    name: 'merge-repeated-for-same-pair-is-200-and-unchanged',
    title: 'for any number of repeats, merging the same pair again answers 200 and changes neither contact',
    clauses: ['contacts.merge.repeat-unchanged-200', 'contacts.merge.idempotent-same-pair'],
  },
  async (t) => {
    const contacts = new Contacts((await t.fixtures()).v4(), t);
    await t.assertProperty(
      fc.asyncProperty(fc.integer({ min: 1, max: 3 }), async (repeats) => {
        const { survivor, source } = await pairWithIdentities(contacts);
        t.expect.hasStatus(await contacts.merge(survivor.id, source.id), 200);
        const first = snapshot(await contacts.read(survivor.id), await contacts.read(source.id));
        for (let i = 0; i < repeats; i++) {
          const again = await contacts.merge(survivor.id, source.id);
          t.expect.hasStatus(again, 200);
          t.expect.that(dataOf<Contact>(again).id, 'id in the answer of a repeated merge (the survivor)').toBe(survivor.id);
        }
        t.expect.that(snapshot(await contacts.read(survivor.id), await contacts.read(source.id)), 'the two contacts after repeating the merge (unchanged)').toBe(first);
      }),
      { numRuns: 5 },
    );
  },
);

// Fault: contacts.merge.unknown-source-200.
check(
  {
    area,
    name: 'merge-with-unknown-source-gets-404',
    title: 'for any well-formed ct_ id that names no contact, the merge answers 404 and the survivor is unchanged',
    clauses: ['contacts.merge.request', 'errors.404.not-found'],
  },
  async (t) => {
    const contacts = new Contacts((await t.fixtures()).v4(), t);
    const survivor = await contacts.create({ name: `Stays ${uniqueToken()}` });
    await t.assertProperty(
      fc.asyncProperty(prefixedId('ct'), async (unknown) => {
        t.expect.errorShape(await contacts.merge(survivor.id, `${unknown}mcsunknown`), 404);
      }),
      { numRuns: 5 },
    );
    const after = await contacts.read(survivor.id);
    t.expect.that(after.merged_into ?? null, 'merged_into of the survivor').toBeNull();
  },
);

// Fault: contacts.merge.tags-concatenated.
check(
  {
    area,
    name: 'merge-unions-tags-without-duplicates',
    title: 'for any tags on both sides (one in common), the merged survivor carries each tag once and all of them (compared ignoring case)',
    clauses: ['contacts.merge.tags-unioned'],
  },
  async (t) => {
    const contacts = new Contacts((await t.fixtures()).v4(), t);
    await t.assertProperty(
      fc.asyncProperty(tagSet({ maxLength: 3 }), tagSet({ maxLength: 3 }), async (own, theirs) => {
        const common = `both-${uniqueToken(6).toLowerCase()}`;
        const survivor = await contacts.create({ name: 'Tag survivor', tags: [...own, common] });
        const source = await contacts.create({ name: 'Tag source', tags: [...theirs, common] });
        t.expect.hasStatus(await contacts.merge(survivor.id, source.id), 200);
        const kept = (await contacts.read(survivor.id)).tags;
        // Whether tags differing only in case are one tag is not shown: only the very same string twice is a duplicate.
        const twice = kept.filter((tag, i) => kept.indexOf(tag) !== i);
        const tags = kept.map((tag) => tag.toLowerCase());
        if (twice.length > 0) fail('the merged survivor carries a tag more than once', 'each tag once (the union of both sets)', JSON.stringify(tags));
        const missing = [...own, ...theirs, common].map((tag) => tag.toLowerCase()).filter((tag) => !tags.includes(tag));
        if (missing.length > 0) fail('the merged survivor lacks tags of one side', 'every tag of both contacts', `missing ${JSON.stringify(missing)} in ${JSON.stringify(tags)}`);
      }),
      { numRuns: 5 },
    );
  },
);

// Fault: contacts.merge.concurrent-race.
check(
  {
    area,
    name: 'merges-of-same-pair-sent-at-once-merge-once',
    title: "for any number of merges of the same pair sent at once, each answers 200 with the survivor, and the survivor carries each of the source's identities exactly once",
    clauses: ['contacts.merge.idempotent-same-pair', 'contacts.merge.identities-reparented'],
  },
  async (t) => {
    const contacts = new Contacts((await t.fixtures()).v4(), t);
    await t.assertProperty(
      fc.asyncProperty(fc.integer({ min: 2, max: 4 }), async (count) => {
        const { survivor, source, email } = await pairWithIdentities(contacts);
        // Idempotent for the same pair (section 4): whichever merge lands first merges, the others find the
        // pair merged and answer 200 unchanged.
        const answers = await Promise.all(Array.from({ length: count }, () => contacts.merge(survivor.id, source.id)));
        for (const answer of answers) {
          t.expect.hasStatus(answer, 200);
          t.expect.that(dataOf<Contact>(answer).id, 'id in the answer of each merge sent at once (the survivor)').toBe(survivor.id);
        }
        const merged = await contacts.read(survivor.id);
        const ids = merged.identities.map((identity) => identity.id);
        const twice = duplicates(ids);
        if (twice.length > 0) fail(`${count} merges of the same pair sent at once: the survivor lists identities more than once`, 'each identity once (the pair merged once)', `repeated: ${twice.join(', ')} in ${ids.join(', ')}`);
        t.expect.that(mentions(merged.identities, email), `the survivor carries the source's identity ${email}`).toBe(true);
      }),
      { numRuns: 3 },
    );
  },
);
