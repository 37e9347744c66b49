// v2 contacts' capabilities and numbers (section 4 "v2 quick-reference endpoints", section 2 "v2 message and
// capability shapes"). The contact and group lists, which walk the whole organization's, are in
// directory.listing.test.ts.
import { check, path } from '../../harness/check/index.js';
import { uniqueToken } from '../_shared/values.js';
import { fail, isRecord, shown } from '../_shared/common.js';
import { createContactV2, firstIdWith } from '../_shared/v2.js';
import { expectViewsAgree, fixtureReading, lineKindOf } from '../_shared/views.js';
import { Contacts } from '../_shared/contacts.js';

const area = 'v2';

// Fault: v2.capabilities.string-booleans.
check(
  {
    area,
    name: 'capabilities-shape',
    title: 'v2 GET /contacts/{contactId}/capabilities answers {capabilities: {imessage: boolean, sms: boolean}}',
    clauses: ['v2.contacts.capabilities-shape'],
    needs: ['v2'],
    concurrent: true,
  },
  async (t) => {
    const fx = await t.fixtures();
    const v2 = fx.v2();
    const created = await createContactV2(v2);
    // The form of contactId in v2 is not shown, nor the creation answer: the first ct_ id anywhere in that
    // answer (section 2's contact prefix) when there is one, else the contact's phone number.
    const id = firstIdWith(created.response.body, 'ct_');
    const candidates = [...(id === undefined ? [] : [id]), created.identifier];
    for (const contactId of candidates) {
      const response = await v2.get(path`/contacts/${contactId}/capabilities`);
      if (response.status === 404) continue;
      t.expect.hasStatus(response, 200);
      const capabilities = isRecord(response.body) ? response.body.capabilities : undefined;
      if (!isRecord(capabilities) || typeof capabilities.imessage !== 'boolean' || typeof capabilities.sms !== 'boolean') {
        fail('the capabilities are not the booleans imessage and sms', '{capabilities: {imessage: boolean, sms: boolean}}', shown(response));
      }
      return;
    }
    fail('v2 capabilities answered 404 for the contact just created, by id and by phone number', '200 {capabilities}', candidates.join(', '));
  },
);

/** v2 GET /me/numbers as the primary key, and the item of the key's own dedicated line. */
async function ownLineItem(t: Parameters<Parameters<typeof check>[1]>[0]): Promise<{ item: unknown; items: unknown[] }> {
  const fx = await t.fixtures();
  const line = fx.channel('native-dedicated');
  const response = await fx.v2().get('/me/numbers');
  t.expect.hasStatus(response, 200);
  const numbers = isRecord(response.body) ? response.body.numbers : undefined;
  if (!Array.isArray(numbers)) fail('v2 GET /me/numbers does not answer {numbers: [...]}', '{numbers: [...]}', shown(response));
  const item = numbers.find((n) => isRecord(n) && n.phone_number === line.address);
  if (item === undefined) fail("v2 GET /me/numbers does not list the key's own dedicated line", `an item with phone_number ${line.address}`, shown(response));
  return { item, items: numbers };
}

// Fault: v2.numbers.wrapped-in-data.
check(
  {
    area,
    name: 'me-numbers-lists-own-line',
    title: "v2 GET /me/numbers answers {numbers: [...]} holding the key's own line",
    clauses: ['v2.me.numbers'],
    needs: ['v2'],
    concurrent: true,
  },
  async (t) => {
    await ownLineItem(t);
  },
);

// Fault: v2.numbers.plan-id-as-kind.
check(
  {
    area,
    name: 'number-item-shape',
    title: 'each v2 /me/numbers item has phone_number, is_active, last_active and a plan_kind; a dedicated line is dedicated',
    clauses: ['v2.numbers.item-shape'],
    needs: ['v2'],
    concurrent: true,
  },
  async (t) => {
    const { item, items } = await ownLineItem(t);
    for (const number of items) {
      if (!isRecord(number) || !['phone_number', 'is_active', 'last_active', 'plan_kind'].every((field) => field in number)) {
        fail('a v2 number item lacks one of its four fields', '{phone_number, is_active, last_active, plan_kind}', JSON.stringify(number));
      }
      t.expect.that(['shared', 'dedicated', 'inbound', 'trial', '2fa'], `plan_kind of ${String(number.phone_number)}`).toContain(number.plan_kind);
    }
    t.expect.that(isRecord(item) ? item.plan_kind : undefined, 'plan_kind of the dedicated line').toBe('dedicated');
  },
);

// Fault: v2.numbers.inbound-as-dedicated.
check(
  {
    area,
    name: 'every-line-has-its-plan-kind',
    title: 'v2 GET /me/numbers lists each native line with the plan_kind of its kind of line (shared, dedicated, inbound)',
    clauses: ['v2.numbers.item-shape'],
    needs: ['v2'],
    concurrent: true,
  },
  async (t) => {
    const fx = await t.fixtures();
    const lines = fx.channels.filter((c) => lineKindOf(c.kind) !== undefined);
    const kinds = new Set<string>();
    for (const line of lines) {
      const readings = await expectViewsAgree(t, { v2: fx.v2() }, 'Channel', { given: [fixtureReading(line)] });
      if (readings.some((r) => r.view === 'v2-number' && r.object !== undefined)) kinds.add(lineKindOf(line.kind)!);
    }
    // Which lines a key's v2 list holds is not shown beyond those it may send from: kinds other than dedicated are what tell plan kinds apart.
    if ([...kinds].every((kind) => kind === 'dedicated')) t.notVerifiable(`v2 /me/numbers listed no shared or inbound line of the fixtures (listed kinds: ${[...kinds].join(', ') || 'none'})`);
  },
);

// Fault: v2.contacts.row-stale-name.
check(
  {
    area,
    name: 'contacts-agree-with-v4',
    title: 'a contact made and renamed through v4 is listed by v2 GET /contacts with its v4 id and its new name',
    clauses: ['views.contacts.v2-agrees-with-v4'],
    needs: ['v2'],
    concurrent: true,
  },
  async (t) => {
    const fx = await t.fixtures();
    const contacts = new Contacts(fx.v4(), t);
    const token = uniqueToken();
    const contact = await contacts.create({ name: `Both ${token}` });
    const name = `Renamed both ${token}`;
    t.expect.hasStatus(await fx.v4().patch(path`/contacts/${contact.id}`, { json: { name } }), 200);
    const readings = await contacts.viewsAgree({ id: contact.id, name }, undefined, { v2: { client: fx.v2(), search: token } });
    if (!readings.some((r) => r.view === 'v2-row' && r.object !== undefined)) t.notVerifiable(`v2 GET /contacts?q=${token} holds no row naming the contact's ct_ id (the v2 contact's fields are not shown)`);
  },
);
