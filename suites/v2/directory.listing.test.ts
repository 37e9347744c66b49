// v2 contacts and groups as listed (section 4 "v2 quick-reference endpoints"). Creation bodies and the group
// list are not shown, so created things are found by their unique name anywhere in what the list answers. Each
// check walks the organization's whole list by offset, which other checks add to where they share it: a
// listing file, run after them (suites/vitest.config.ts), its checks one at a time.
import { check } from '../../harness/check/index.js';
import { uniquePhone, uniqueToken } from '../_shared/values.js';
import { fail, mentions, shown } from '../_shared/common.js';
import { createContactV2, expectSuccess, walkContactsV2 } from '../_shared/v2.js';
import { offsetPagesMention } from '../_shared/pages.js';

const area = 'v2';

// Fault: v2.contacts.no-pagination.
check(
  {
    area,
    name: 'contacts-offset-pages',
    title: 'v2 GET /contacts answers {contacts, pagination: {limit, offset, total}} and its offset pages hold every contact',
    clauses: ['v2.contacts.list-offset-page'],
    needs: ['v2'],
    // Its walk pages a shared organization two contacts at a time, and waits for it to hold still.
    timeoutMs: 120_000,
  },
  async (t) => {
    const fx = await t.fixtures();
    const v2 = fx.v2();
    const created = [await createContactV2(v2), await createContactV2(v2), await createContactV2(v2)];
    const items = await walkContactsV2(v2, 2);
    for (const contact of created) {
      const found = items.filter((item) => mentions(item, contact.name)).length;
      t.expect.that(found, `times the offset walk (limit 2) met the contact named ${contact.name}`).toBe(1);
    }
  },
);

// Fault: v2.contacts.create-not-stored.
check(
  {
    area,
    name: 'created-contact-is-listed',
    title: 'a contact made by v2 POST /contacts {identifier, name} is then listed by v2 GET /contacts',
    clauses: ['v2.contacts.create'],
    needs: ['v2'],
    responses: 'schema',
  },
  async (t) => {
    const fx = await t.fixtures();
    const v2 = fx.v2();
    const created = await createContactV2(v2);
    const items = await walkContactsV2(v2, 50);
    if (!items.some((item) => mentions(item, created.name))) fail('v2 GET /contacts does not list the contact just created', `a contact named ${created.name}`, `${items.length} contacts listed`);
  },
);

// Fault: v2.groups.not-listed.
check(
  {
    area,
    name: 'created-group-is-listed',
    title: 'a group made by v2 POST /groups {name, members} is then listed by v2 GET /groups',
    clauses: ['v2.groups.list-and-create'],
    needs: ['v2'],
    responses: 'schema',
  },
  async (t) => {
    const fx = await t.fixtures();
    const v2 = fx.v2();
    const name = `mcs group ${uniqueToken(6)}`;
    expectSuccess(await v2.post('/groups', { json: { name, members: [uniquePhone(), uniquePhone()] } }), 'v2 POST /groups {name, members}');
    const { found, last: listed } = await offsetPagesMention(v2, '/groups', 'groups', name);
    expectSuccess(listed, 'v2 GET /groups');
    if (!found) fail('v2 GET /groups does not list the group just created', `a group named ${name}`, shown(listed));
  },
);
