// Text round trips through the API (section 2, Contact: `name` is a string): names in any script, with
// emoji, combining marks and right-to-left text, come back as sent on create, read and rename. Whether a
// server normalizes (NFC) or trims the whitespace around a name is not shown (spec/AMBIGUITIES.md v4 56):
// both are accepted; any other change of the characters is a failure.
import fc from 'fast-check';
import { check, path } from '../../harness/check/index.js';
import { contactName } from '../../generators/domain.js';
import { fail } from '../_shared/common.js';
import { Contacts, dataOf, type Contact } from '../_shared/contacts.js';

const area = 'contacts';

/** The same text, up to what the description leaves open (Unicode normalization, surrounding whitespace). */
function sameText(sent: string, got: unknown): boolean {
  return typeof got === 'string' && got.normalize('NFC').trim() === sent.normalize('NFC').trim();
}

// Fault: contacts.name.non-ascii-mangled.
check(
  {
    area,
    name: 'unicode-names-round-trip',
    title: 'a contact name in any script (emoji, combining marks, right-to-left) comes back as sent from create, read and rename',
    clauses: ['contacts.object.fields', 'contacts.create.201', 'contacts.get.item', 'contacts.patch.name-required'],
  },
  async (t) => {
    const fx = await t.fixtures();
    const contacts = new Contacts(fx.v4(), t);
    await t.assertProperty(
      fc.asyncProperty(contactName(), contactName(), async (name, rename) => {
        const created = await contacts.createRaw({ name });
        t.expect.hasStatus(created, 201);
        const contact = dataOf<Contact>(created);
        const steps: Array<[string, unknown, string]> = [['create', contact.name, name]];
        steps.push(['read', (await contacts.read(contact.id)).name, name]);
        const renamed = await fx.v4().patch(path`/contacts/${contact.id}`, { json: { name: rename } });
        t.expect.hasStatus(renamed, 200);
        steps.push(['rename', dataOf<Contact>(renamed).name, rename], ['read after rename', (await contacts.read(contact.id)).name, rename]);
        for (const [step, got, sent] of steps) {
          if (!sameText(sent, got)) fail(`the name came back changed from ${step}`, JSON.stringify(sent), JSON.stringify(got));
        }
      }),
      { numRuns: 10 },
    );
  },
);
