// Every view of a contact agrees (issue 39): a contact reads alike in the answer of each write, GET
// /contacts/{contactId}, its row in GET /contacts and its identities endpoint, and as the writes determine
// (spec/fields/views.yaml Contact). The merge model walks section 3's merge table with any sequence of merges,
// repeats and refused merges over a few contacts, and reads every contact through every view after each step.
import fc from 'fast-check';
import { check, errorCodeOf, path, type CheckContext } from '../../harness/check/index.js';
import { compareReplay } from '../../harness/views/index.js';
import { Contacts, dataOf, type Contact, type Identity } from '../_shared/contacts.js';
import { fail, shown } from '../_shared/common.js';
import { expectNoFindings } from '../_shared/views.js';
import { uniqueEmail, uniquePhone, uniqueToken } from '../_shared/values.js';

const area = 'contacts';

async function contactsOf(t: CheckContext): Promise<Contacts> {
  return new Contacts((await t.fixtures()).v4(), t);
}

const ids = (identities: readonly Identity[]) => identities.map((identity) => ({ id: identity.id }));

// Faults: contacts.list.row-stale-name, contacts.object.identities-stale.
check(
  {
    area,
    name: 'every-view-of-a-contact-agrees',
    title: 'after its creation, an identity attached and a rename, a contact reads alike in each answer, alone, listed and through its identities endpoint',
    clauses: ['views.contacts.list-agrees-with-item', 'views.contacts.identities-agree'],
  },
  async (t) => {
    const contacts = await contactsOf(t);
    const name = `Viewed ${uniqueToken()}`;
    const created = await contacts.create({ name, identity: { kind: 'phone', value: uniquePhone() } });
    const model = { id: created.id, name, merged_into: null, identities: ids(created.identities) };
    await contacts.viewsAgree(model, { object: created });

    const attached = await contacts.attach(created.id, { kind: 'email', value: uniqueEmail() });
    model.identities = [...model.identities, { id: attached.id }];
    await contacts.viewsAgree(model);

    model.name = `Renamed ${uniqueToken()}`;
    const renamed = await contacts.client.patch(path`/contacts/${created.id}`, { json: { name: model.name } });
    t.expect.hasStatus(renamed, 200);
    const readings = await contacts.viewsAgree(model, { object: dataOf<Contact>(renamed), exchange: renamed.exchange });
    if (!readings.some((r) => r.view === 'list-row' && r.object !== undefined)) t.notVerifiable(`GET /contacts?q=<its name> did not list the contact, so its list row could not be compared`);
  },
);

/** The model of the merge table: each contact's name, identities and the survivor it was merged into. */
interface Model {
  contacts: { id: string; name: string; identities: { id: string }[]; mergedInto: string | null }[];
}

interface Real {
  contacts: Contacts;
  /** The first answer of each merged pair, for its repeats. */
  answers: Map<string, Contact>;
}

/** After each step: every contact through every view as the model says (a tombstone's identities are left to its views alone). */
async function agreesWithModel(model: Model, real: Real, after: string): Promise<void> {
  for (const [i, contact] of model.contacts.entries()) {
    const tombstone = contact.mergedInto !== null;
    const object = { id: contact.id, name: contact.name, merged_into: contact.mergedInto, ...(tombstone ? {} : { identities: contact.identities }) };
    await real.contacts.viewsAgree(object).catch((error: unknown) => {
      if (error instanceof Error) error.message = `after ${after}: C${i}: ${error.message}`;
      throw error;
    });
  }
}

class Merge implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly source: number,
    readonly survivor: number,
  ) {}
  check(model: Readonly<Model>): boolean {
    // Merging into a tombstone is not shown; merging a contact into itself is cannot_merge_self's own check.
    return this.source !== this.survivor && model.contacts[this.survivor]!.mergedInto === null;
  }
  async run(model: Model, real: Real): Promise<void> {
    const source = model.contacts[this.source]!;
    const survivor = model.contacts[this.survivor]!;
    const response = await real.contacts.merge(survivor.id, source.id);
    const pair = `${source.id}>${survivor.id}`;
    if (source.mergedInto !== null && source.mergedInto !== survivor.id) {
      // "source ... is not merged elsewhere": 409 contact_already_merged.
      if (response.status !== 409 || errorCodeOf(response.body) !== 'contact_already_merged') fail(`${this.toString()}: C${this.source} is already merged into another contact`, '409 contact_already_merged', shown(response));
    } else {
      if (response.status !== 200) fail(`${this.toString()} answered ${response.status}`, '200 {data: Contact} (the survivor)', shown(response));
      const answer = dataOf<Contact>(response);
      const first = real.answers.get(pair);
      if (first === undefined) {
        real.answers.set(pair, answer);
        // Identities re-parented to the survivor; the source becomes a tombstone with merged_into set.
        survivor.identities = [...survivor.identities, ...source.identities];
        source.identities = [];
        source.mergedInto = survivor.id;
      } else {
        // "already merged into the same survivor: unchanged, 200 returned": the repeat answers the survivor as
        // the first did, its identities grown only by later merges into it.
        const grows = (from: unknown, to: unknown) => Array.isArray(from) && Array.isArray(to) && from.every((f) => to.some((x) => (x as Identity).id === (f as Identity).id));
        expectNoFindings('Contact', compareReplay(first as Record<string, unknown>, answer as Record<string, unknown>, { clause: 'contacts.merge.idempotent-same-pair', fields: ['id', 'name', 'merged_into', 'identities'], moving: { identities: grows }, names: ['the first merge answer', 'the repeat'] }), 'mergeContact');
      }
    }
    await agreesWithModel(model, real, this.toString());
  }
  toString(): string {
    return `merge(C${this.source} into C${this.survivor})`;
  }
}

// Faults: contacts.merge.replay-answers-before, contacts.object.identities-stale, contacts.list.row-stale-name.
check(
  {
    area,
    name: 'merge-model',
    title: 'any sequence of merges, repeats and merges of a merged source over three contacts leaves every contact, in every view, as section 3 says',
    clauses: ['contacts.merge.source-tombstoned', 'contacts.merge.identities-reparented', 'contacts.merge.idempotent-same-pair', 'errors.409.contact-already-merged', 'views.contacts.list-agrees-with-item', 'views.contacts.identities-agree'],
    timeoutMs: 120_000,
  },
  async (t) => {
    const contacts = await contactsOf(t);
    const setUp = async () => {
      const made: Model['contacts'] = [];
      for (let i = 0; i < 3; i++) {
        const name = `Merge model ${i} ${uniqueToken()}`;
        const contact = await contacts.create({ name, identity: { kind: 'phone', value: uniquePhone() } });
        made.push({ id: contact.id, name, identities: ids(contact.identities), mergedInto: null });
      }
      return { model: { contacts: made }, real: { contacts, answers: new Map() } };
    };
    const index = fc.integer({ min: 0, max: 2 });
    const commands = fc.commands([fc.tuple(index, index).map(([s, v]) => new Merge(s, v))], { maxCommands: 6 });
    await t.assertProperty(fc.asyncProperty(commands, (cmds) => fc.asyncModelRun(setUp, cmds)), { numRuns: 4 });
  },
);
