// Where a measure is open, make every reading agree, then be strict (issue 39 item 5). What `sort=recent` and
// `sort=oldest` are measured by (creation, last update, last message) is not shown, nor what "last" means for
// `inbound_last` and `outbound_last` beyond the last message's direction. Contacts made one after another, each
// then renamed and written to in the same order, stand in the same order under every one of those measures;
// contacts whose messages alternate direction, with time passing between, have one last direction whatever
// is counted. There the answer is determined, and asserted (spec/AMBIGUITIES.md, "Open measures").
import { check, path, prerequisite, type CheckContext } from '../../harness/check/index.js';
import { Contacts, letTimePass, type Contact } from '../_shared/contacts.js';
import { sendAccepted } from '../_shared/common.js';
import { inbound, keysLine, postSend } from '../_shared/messaging.js';
import { uniquePhone, uniqueToken } from '../_shared/values.js';

const area = 'contacts';

async function contactsOf(t: CheckContext): Promise<Contacts> {
  return new Contacts((await t.fixtures()).v4(), t);
}

/** POST /messages from `from` to `to`, a step the check stands on. */
async function writeTo(t: CheckContext, from: string, to: string): Promise<void> {
  const fx = await t.fixtures();
  await prerequisite('sendMessage', async () => t.expect.hasStatus(await postSend(fx.v4(), '/messages', { to, text: `hello ${uniqueToken(4)}`, from }), ...sendAccepted));
}

const idsOf = (contacts: readonly Contact[]) => contacts.map((c) => c.id);

// Fault: contacts.list.recent-oldest-swapped.
check(
  {
    area,
    name: 'recent-and-oldest-follow-every-measure',
    title: 'contacts made, renamed and written to in one order are listed in that order by sort=oldest and in the reverse by sort=recent',
    clauses: ['contacts.list.sort-values'],
    needs: ['owned-line'],
    timeoutMs: 120_000,
  },
  async (t) => {
    const fx = await t.fixtures();
    const contacts = await contactsOf(t);
    const from = keysLine(t, fx).address;
    const token = uniqueToken();
    const made: { contact: Contact; phone: string }[] = [];
    for (const word of ['first', 'second', 'third']) {
      const phone = uniquePhone();
      made.push({ contact: await contacts.create({ name: `${word} ${token}`, identity: { kind: 'phone', value: phone } }), phone });
      await letTimePass(t);
    }
    for (const { contact } of made) {
      t.expect.hasStatus(await contacts.client.patch(path`/contacts/${contact.id}`, { json: { name: `${contact.name ?? ''} renamed` } }), 200);
      await letTimePass(t);
    }
    for (const { phone } of made) {
      await writeTo(t, from, phone);
      await letTimePass(t);
    }
    const order = idsOf(made.map((m) => m.contact));
    const sorted = async (sort: string) => idsOf((await contacts.page({ q: token, sort })).data);
    t.expect.that(await sorted('oldest'), 'sort=oldest of contacts made, renamed and written to in this order (every measure agrees)').toEqual(order);
    t.expect.that(await sorted('recent'), 'sort=recent of contacts made, renamed and written to in this order (every measure agrees)').toEqual([...order].reverse());
  },
);

// Fault: contacts.list.direction-filter-any-message.
check(
  {
    area,
    name: 'direction-filters-follow-the-last-message',
    title: 'of two contacts each written to and writing in turn, inbound_last keeps the one who wrote last and outbound_last the one written to last',
    clauses: ['contacts.list.filter-values'],
    needs: ['simulateInboundMessage', 'channel:native-dedicated'],
    timeoutMs: 120_000,
  },
  async (t) => {
    const fx = await t.fixtures();
    const contacts = await contactsOf(t);
    const line = fx.channel('native-dedicated');
    const token = uniqueToken();
    const answeredPhone = uniquePhone();
    const writtenPhone = uniquePhone();
    // Written to first, then writes back: its last message is inbound.
    const answered = await contacts.create({ name: `Answered ${token}`, identity: { kind: 'phone', value: answeredPhone } });
    // Writes first, then is written to: its last message is outbound.
    const written = await contacts.create({ name: `Written ${token}`, identity: { kind: 'phone', value: writtenPhone } });
    await writeTo(t, line.address, answeredPhone);
    await letTimePass(t);
    await inbound(fx, { channel_id: line.id, sender: writtenPhone });
    await letTimePass(t);
    await inbound(fx, { channel_id: line.id, sender: answeredPhone });
    await letTimePass(t);
    await writeTo(t, line.address, writtenPhone);
    const filtered = async (filter: string) => idsOf((await contacts.page({ q: token, filter })).data);
    t.expect.that(await filtered('inbound_last'), 'filter=inbound_last of a contact whose last message came in and one whose last went out').toEqual([answered.id]);
    t.expect.that(await filtered('outbound_last'), 'filter=outbound_last of a contact whose last message came in and one whose last went out').toEqual([written.id]);
  },
);
