// Contacts: create (201 {data: Contact}), read, rename, duplicate identity (409), soft delete (section 4,
// Contacts; section 2, Contact; section 7, 409 conflict). Each check names the reference fault it catches.
import { check, path } from '../../harness/check/index.js';
import { Contacts, dataOf, mentions, type Contact } from '../_shared/contacts.js';
import { uniquePhone, uniqueToken } from '../_shared/values.js';

const area = 'contacts';

// Caught by: envelope/shape faults via the schema (any contacts fault that breaks {data: Contact}); contacts.create.200.
check(
  {
    area,
    name: 'create-answers-201-and-reads-back',
    title: 'POST /contacts with a name answers 201 {data: Contact} with a ct_ id, readable with GET /contacts/{id}',
    clauses: ['contacts.create.201', 'contacts.get.item', 'contacts.object.fields', 'ids.prefix.per-resource', 'envelope.item.data-wrapped'],
  },
  async (t) => {
    const contacts = new Contacts((await t.fixtures()).v4(), t);
    const name = `Ada ${uniqueToken()}`;
    const created = await contacts.createRaw({ name });
    t.expect.hasStatus(created, 201);
    const contact = dataOf<Contact>(created);
    t.expect.that(contact.id, 'id of the created contact (ct_ prefix)').toMatch(/^ct_/);
    t.expect.that(contact.name, 'name of the created contact').toBe(name);
    t.expect.createdCanBeReadBack(await contacts.get(contact.id), created.body, ['name']);
  },
);

// Caught by: contacts.create.duplicate-allowed.
check(
  {
    area,
    name: 'duplicate-identity-on-create-gets-409',
    title: 'creating a second contact with an identity another contact holds answers 409',
    clauses: ['errors.409.duplicate-contact-or-identity', 'contacts.create.201'],
  },
  async (t) => {
    const contacts = new Contacts((await t.fixtures()).v4(), t);
    const identity = { kind: 'phone' as const, value: uniquePhone() };
    await contacts.create({ name: 'First', identity });
    const again = await contacts.createRaw({ name: 'Second', identity });
    t.expect.errorShape(again, 409);
  },
);

// Caught by: errors.validation-as-400.
check(
  {
    area,
    name: 'rename-requires-name',
    title: 'PATCH /contacts/{id} renames with name (200 {data: Contact}) and refuses a body without name with 422',
    clauses: ['contacts.patch.name-required', 'errors.422.validation'],
  },
  async (t) => {
    const contacts = new Contacts((await t.fixtures()).v4(), t);
    const contact = await contacts.create({ name: 'Before' });
    const renamed = await contacts.client.patch(path`/contacts/${contact.id}`, { json: { name: 'After' } });
    t.expect.hasStatus(renamed, 200);
    t.expect.that(dataOf<Contact>(renamed).name, 'name in the PATCH answer').toBe('After');
    t.expect.that((await contacts.read(contact.id)).name, 'name of the renamed contact read back').toBe('After');
    const nameless = await contacts.client.patch(path`/contacts/${contact.id}`, { json: {} });
    t.expect.errorShape(nameless, 422);
  },
);

// Fault: contacts.delete.still-readable; the {id, deleted} body by the schema.
check(
  {
    area,
    name: 'soft-delete-answers-id-and-deleted-then-404',
    title: 'DELETE /contacts/{id} answers 200 {data: {id, deleted}} and the contact reads 404 afterwards',
    clauses: ['contacts.delete.result', 'contacts.delete.soft-removes-identities', 'errors.404.not-found'],
  },
  async (t) => {
    const contacts = new Contacts((await t.fixtures()).v4(), t);
    const contact = await contacts.create({ name: 'Doomed' });
    const deleted = await contacts.client.delete(path`/contacts/${contact.id}`);
    t.expect.hasStatus(deleted, 200);
    t.expect.that(dataOf<{ id: string }>(deleted).id, 'id in the DELETE answer').toBe(contact.id);
    t.expect.deletedIsGone(await contacts.get(contact.id));
    t.expect.deletedIsGone(await contacts.identities(contact.id));
  },
);

// Caught by: contacts.delete.identities-kept (the identity still matches the filter and still conflicts).
check(
  {
    area,
    name: 'soft-delete-removes-identities',
    title: 'after DELETE /contacts/{id} its identity no longer finds it (identifier filter) and can be given to a new contact',
    clauses: ['contacts.delete.soft-removes-identities', 'contacts.list.identifier-filter'],
  },
  async (t) => {
    const contacts = new Contacts((await t.fixtures()).v4(), t);
    const identity = { kind: 'phone' as const, value: uniquePhone() };
    const contact = await contacts.create({ name: 'Gone', identity });
    t.expect.hasStatus(await contacts.client.delete(path`/contacts/${contact.id}`), 200);
    const found = await contacts.page({ identifier: identity.value });
    t.expect.that(found.data.map((c) => c.id), 'contacts the deleted identity still finds (identifier filter)').not.toContain(contact.id);
    t.expect.that(found.data.filter((c) => mentions(c.identities, identity.value)), 'listed contacts still holding the deleted contact\'s identity').toEqual([]);
    const reborn = await contacts.createRaw({ name: 'Reborn', identity });
    t.expect.hasStatus(reborn, 201);
  },
);
