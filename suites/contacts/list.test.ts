// GET /contacts list modes and filters (section 4, Contacts, and its "List mode rules"). Every check works on
// contacts carrying a token unique to it, so the file's other contacts never change what it sees; the cursor
// pages of the whole list are in cursor.listing.test.ts.
import fc from 'fast-check';
import { check, prerequisite, type CheckContext } from '../../harness/check/index.js';
import { Contacts, letTimePass, mentions, type Contact } from '../_shared/contacts.js';
import { flipCase, uniqueEmail, uniquePhone, uniqueToken } from '../_shared/values.js';
import { sendAccepted } from '../_shared/common.js';
import { postSend } from '../_shared/messaging.js';

const area = 'contacts';
const offsetSwitches = ['offset', 'q', 'tag', 'sort', 'filter'] as const;

async function contactsOf(t: CheckContext): Promise<Contacts> {
  return new Contacts((await t.fixtures()).v4(), t);
}

const idsOf = (contacts: readonly Contact[]) => contacts.map((c) => c.id);

// Caught by: contacts.list.no-pagination-block.
check(
  {
    area,
    name: 'offset-mode-adds-pagination',
    title: 'each of offset, q, tag, sort and filter switches GET /contacts to offset mode with pagination {limit, offset, total} of integers',
    clauses: ['contacts.list.offset-mode', 'contacts.list.sort-values', 'contacts.list.filter-values'],
  },
  async (t) => {
    const contacts = await contactsOf(t);
    const token = uniqueToken();
    // No tags: setting them on creation is not shown, and tag= must add pagination even when nothing matches.
    await contacts.create({ name: `Paged ${token}` });
    const values: Record<(typeof offsetSwitches)[number], string> = { offset: '0', q: token, tag: token, sort: 'oldest', filter: 'none' };
    for (const name of offsetSwitches) {
      const page = await contacts.page({ [name]: values[name] });
      const p = page.pagination;
      const integers = p !== undefined && [p.limit, p.offset, p.total].every((n) => Number.isInteger(n));
      t.expect.that(integers, `GET /contacts?${name}=${values[name]} answers pagination {limit, offset, total} of integers, got ${JSON.stringify(p)}`).toBe(true);
    }
  },
);

// Caught by: contacts.list.offset-with-cursor-allowed.
check(
  {
    area,
    name: 'offset-with-cursor-is-refused',
    title: 'for any offset, GET /contacts with both offset and a cursor it issued is refused with 400 (the only request error it lists)',
    clauses: ['contacts.list.offset-excludes-cursor'],
    // GET /contacts lists 400 and 401: a refused query is the 400.
    responses: 'schema',
  },
  async (t) => {
    const contacts = await contactsOf(t);
    await contacts.create({ name: `Cursor ${uniqueToken()}` });
    await contacts.create({ name: `Cursor ${uniqueToken()}` });
    const issued = (await contacts.page({ limit: 1 })).next_cursor;
    if (typeof issued !== 'string') return t.notVerifiable('the first page of two contacts with limit=1 gave no next_cursor to combine with offset');
    const cursor = issued;
    await t.assertProperty(
      fc.asyncProperty(fc.integer({ min: 0, max: 50 }), async (offset) => {
        // Faults: contacts.list.offset-with-cursor-allowed, contacts.list.offset-with-cursor-422.
        t.expect.errorShape(await contacts.list({ offset, cursor }), 400);
      }),
      { numRuns: 5 },
    );
  },
);

// Caught by: contacts.delete.identities-kept shares the filter; a dedicated fault would be
// `contacts.list.identifier-ignored`.
// Fault: contacts.list.identifier-ignored.
check(
  {
    area,
    name: 'identifier-filter-finds-the-owner',
    title: 'GET /contacts?identifier= with a phone or an email answers the contact owning it and no other',
    clauses: ['contacts.list.identifier-filter'],
  },
  async (t) => {
    const contacts = await contactsOf(t);
    const phone = uniquePhone();
    const email = uniqueEmail();
    const byPhone = await contacts.create({ name: 'By phone', identity: { kind: 'phone', value: phone } });
    const byEmail = await contacts.create({ name: 'By email' });
    await contacts.attach(byEmail.id, { kind: 'email', value: email });
    t.expect.that(idsOf((await contacts.page({ identifier: phone })).data), 'contacts found by identifier (the phone)').toEqual([byPhone.id]);
    t.expect.that(idsOf((await contacts.page({ identifier: email })).data), 'contacts found by identifier (the email)').toEqual([byEmail.id]);
  },
);

// Caught by: contacts.list.q-case-sensitive, contacts.list.q-ignored.
check(
  {
    area,
    name: 'q-is-case-insensitive-over-names-identities-tags',
    title: 'q finds a contact by its name, an identity and a tag whatever the case of the query',
    clauses: ['contacts.list.q-case-insensitive'],
  },
  async (t) => {
    const contacts = await contactsOf(t);
    const nameToken = uniqueToken();
    const emailToken = uniqueToken();
    const tagToken = uniqueToken();
    const contact = await contacts.create({ name: `Queried ${nameToken}`, tags: [tagToken] });
    await contacts.attach(contact.id, { kind: 'email', value: `${emailToken}@example.com` });
    // A contact holding none of the tokens, so that a search ignoring q cannot answer just the one contact.
    await contacts.create({ name: `Decoy ${uniqueToken()}` });
    for (const [what, token] of [['name', nameToken], ['identity', emailToken], ['tag', tagToken]] as const) {
      for (const q of [token, token.toUpperCase(), flipCase(token.slice(0, 5)) + token.slice(5)]) {
        const found = idsOf((await contacts.page({ q })).data);
        // The token is unique to this contact, so the search finds it and nothing else.
        t.expect.that(found, `q=${q} (only the contact's ${what} holds ${token})`).toEqual([contact.id]);
      }
    }
  },
);

// Fault: contacts.list.tag-case-sensitive.
check(
  {
    area,
    name: 'tag-filter-is-case-insensitive',
    title: 'tag= finds the contacts carrying the tag whatever the case of either',
    clauses: ['contacts.list.tag-case-insensitive'],
  },
  async (t) => {
    const contacts = await contactsOf(t);
    const token = uniqueToken();
    const lower = await contacts.create({ name: 'Lower tag', tags: [token] });
    const mixed = await contacts.create({ name: 'Mixed tag', tags: [flipCase(token.slice(0, 4)) + token.slice(4)] });
    await contacts.create({ name: 'Other tag', tags: [uniqueToken()] });
    for (const tag of [token, token.toUpperCase()]) {
      const page = await contacts.page({ tag });
      t.expect.that(idsOf(page.data).sort(), `tag=${tag}`).toEqual([lower.id, mixed.id].sort());
    }
  },
);

/** Three contacts created in the order bravo, charlie, alpha, with time passing between them. */
async function sortable(t: CheckContext, contacts: Contacts, token: string): Promise<Contact[]> {
  const created: Contact[] = [];
  for (const word of ['bravo', 'charlie', 'alpha']) {
    created.push(await contacts.create({ name: `${word} ${token}`, tags: [token] }));
    // Creation times differ; the names are what the check judges (a short wait does without advanceClock).
    await letTimePass(t, 30);
  }
  return created;
}


// Fault: contacts.list.sort-ignored.
check(
  {
    area,
    name: 'sort-orders-as-named',
    title: 'sort=name_asc and name_desc order contacts by name; oldest and recent list the same contacts',
    clauses: ['contacts.list.sort-values'],
  },
  async (t) => {
    const contacts = await contactsOf(t);
    const token = uniqueToken();
    const [bravo, charlie, alpha] = await sortable(t, contacts, token);
    if (!bravo || !charlie || !alpha) throw new Error('unreachable: three contacts were created');
    const order = async (sort: string) => idsOf((await contacts.page({ tag: token, sort })).data);
    t.expect.that(await order('name_asc'), 'sort=name_asc').toEqual([alpha.id, bravo.id, charlie.id]);
    t.expect.that(await order('name_desc'), 'sort=name_desc').toEqual([charlie.id, bravo.id, alpha.id]);
    // What `oldest` and `recent` are measured by (creation, update, last message) is not shown, and these
    // contacts have no activity: only that they list the same contacts is asserted here; their order is
    // judged where every measure agrees (contacts/recent-and-oldest-follow-every-measure, AMBIGUITIES.md).
    const created = [alpha.id, bravo.id, charlie.id].sort();
    t.expect.that([...(await order('oldest'))].sort(), 'sort=oldest lists the tagged contacts').toEqual(created);
    t.expect.that([...(await order('recent'))].sort(), 'sort=recent lists the tagged contacts').toEqual(created);
  },
);

// Fault: contacts.list.filter-ignored.
check(
  {
    area,
    name: 'filter-by-tags',
    title: 'filter=has_tags keeps only tagged contacts, no_tags only untagged ones, none keeps both',
    clauses: ['contacts.list.filter-values'],
  },
  async (t) => {
    const contacts = await contactsOf(t);
    const token = uniqueToken();
    const tagged = await contacts.create({ name: `Tagged ${token}`, tags: [uniqueToken()] });
    const bare = await contacts.create({ name: `Bare ${token}` });
    const filtered = async (filter: string) => idsOf((await contacts.page({ q: token, filter })).data).sort();
    t.expect.that(await filtered('has_tags'), 'filter=has_tags').toEqual([tagged.id]);
    t.expect.that(await filtered('no_tags'), 'filter=no_tags').toEqual([bare.id]);
    t.expect.that(await filtered('none'), 'filter=none').toEqual([tagged.id, bare.id].sort());
  },
);

// Fault: contacts.list.direction-filter-ignored.
check(
  {
    area,
    name: 'filter-by-last-message-direction',
    title: 'filter=inbound_last keeps a contact who wrote last, outbound_last one the service wrote to last',
    clauses: ['contacts.list.filter-values'],
    needs: ['simulateInboundMessage', 'channel:native-dedicated'],
  },
  async (t) => {
    const fx = await t.fixtures();
    const contacts = await contactsOf(t);
    const token = uniqueToken();
    const writerPhone = uniquePhone();
    const readerPhone = uniquePhone();
    const writer = await contacts.create({ name: `Writer ${token}`, identity: { kind: 'phone', value: writerPhone } });
    const reader = await contacts.create({ name: `Reader ${token}`, identity: { kind: 'phone', value: readerPhone } });
    const line = fx.channel('native-dedicated');
    await fx.control().call('POST', '/inbound/messages', { channel_id: line.id, sender: writerPhone, text: 'hello' });
    // Sends carry an Idempotency-Key (section 8); the shared helper makes a fresh one.
    await prerequisite('sendMessage', async () => t.expect.hasStatus(await postSend(fx.v4(), '/messages', { to: readerPhone, text: 'hello', from: line.address }), ...sendAccepted));
    const filtered = async (filter: string) => idsOf((await contacts.page({ q: token, filter })).data);
    t.expect.that(await filtered('inbound_last'), 'filter=inbound_last').toEqual([writer.id]);
    t.expect.that(await filtered('outbound_last'), 'filter=outbound_last').toEqual([reader.id]);
    t.expect.that(mentions(await contacts.read(writer.id), writerPhone), `the inbound_last contact read back lists its identity ${writerPhone}`).toBe(true);
  },
);
