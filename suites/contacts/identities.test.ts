// Contact identities: attach (201 {data: ContactIdentity} with a cid_ id), list (a page), conflicts (409),
// rename in place where an optional `name` also renames the parent contact (section 4, Contacts; section 2).
import { check, path, type CheckContext } from '../../harness/check/index.js';
import { Contacts, dataOf, mentions, type Identity } from '../_shared/contacts.js';
import { uniqueEmail, uniquePhone } from '../_shared/values.js';

const area = 'contacts';

// Caught by: schema faults on the identity envelope; a listing that loses the identity; contacts.identities.list-empty.
check(
  {
    area,
    name: 'identity-attach-answers-201-and-is-listed',
    title: 'POST /contacts/{id}/identities answers 201 {data} with a cid_ id, and GET /contacts/{id}/identities lists it',
    clauses: ['identities.create.201', 'identities.list.page', 'identities.object.renamable-phone-or-email', 'envelope.list.cursor-page'],
  },
  async (t) => {
    const contacts = new Contacts((await t.fixtures()).v4(), t);
    const contact = await contacts.create({ name: 'Holder' });
    const email = uniqueEmail();
    const identity = await contacts.attach(contact.id, { kind: 'email', value: email });
    t.expect.that(identity.id, 'id of the attached identity (cid_ prefix)').toMatch(/^cid_/);
    const listed = await contacts.identities(contact.id);
    t.expect.hasStatus(listed, 200);
    t.expect.that(listed.body?.data.map((i) => i.id), 'identity ids listed for the contact').toContain(identity.id);
    t.expect.that(mentions((await contacts.read(contact.id)).identities, email), `the contact read back lists the added identity ${email}`).toBe(true);
  },
);

// Fault: contacts.identity.duplicate-allowed.
check(
  {
    area,
    name: 'duplicate-identity-on-attach-gets-409',
    title: 'attaching an identity that another contact holds answers 409',
    clauses: ['errors.409.duplicate-contact-or-identity', 'identities.create.201'],
  },
  async (t) => {
    const contacts = new Contacts((await t.fixtures()).v4(), t);
    const phone = { kind: 'phone' as const, value: uniquePhone() };
    const first = await contacts.create({ name: 'Owner' });
    await contacts.attach(first.id, phone);
    const second = await contacts.create({ name: 'Claimant' });
    t.expect.errorShape(await contacts.attachRaw(second.id, phone), 409);
  },
);

// Faults: contacts.identity.rename-skips-contact, contacts.identity.rename-skips-identity.
check(
  {
    area,
    name: 'identity-rename-in-place-updates-parent-name',
    title: 'PATCH /contacts/{id}/identities/{cid} with name keeps the identity id and renames the parent contact',
    clauses: ['identities.patch.rename-in-place', 'identities.object.renamable-phone-or-email'],
  },
  async (t) => {
    const contacts = new Contacts((await t.fixtures()).v4(), t);
    const contact = await contacts.create({ name: 'Old name' });
    const identity = await contacts.attach(contact.id, { kind: 'phone', value: uniquePhone() });
    const renamed = await contacts.client.patch(path`/contacts/${contact.id}/identities/${identity.id}`, { json: { name: 'New name' } });
    t.expect.hasStatus(renamed, 200);
    const answered = dataOf<Identity>(renamed);
    t.expect.that(answered.id, 'id in the PATCH answer (the same identity, renamed in place)').toBe(identity.id);
    expectRenamed(t, answered, 'the PATCH answer');
    t.expect.that((await contacts.read(contact.id)).name, 'name of the contact read back after renaming its identity').toBe('New name');
    const listed = await contacts.identities(contact.id);
    t.expect.that(listed.body?.data.map((i) => i.id), 'identity ids listed after the rename (the same single identity)').toEqual([identity.id]);
    for (const item of listed.body?.data ?? []) expectRenamed(t, item, 'the identity list');
  },
);

/** The identity is renamed too, where it shows a name (an identity's fields are not shown beyond a renamable name). */
function expectRenamed(t: CheckContext, identity: Identity, where: string): void {
  if (identity.name !== undefined) t.expect.that(identity.name, `the identity's name in ${where}`).toBe('New name');
}
