// GET /contacts in its default mode (section 4, Contacts, "List mode rules": cursor pagination is the default):
// its first two pages at limit 1. They are pages of the organization's whole list, which other checks add to and
// remove from where they share it (a contact made between the two pages could show on both): a listing file,
// run after them (suites/vitest.config.ts).
import { check } from '../../harness/check/index.js';
import { Contacts } from '../_shared/contacts.js';
import { uniqueToken } from '../_shared/values.js';

const area = 'contacts';

// Caught by: contacts.list.cursor-stops-early.
check(
  {
    area,
    name: 'cursor-mode-is-the-default',
    title: 'with only limit, GET /contacts pages by cursor: a full first page has has_more and a next_cursor leading to the rest',
    clauses: ['contacts.list.cursor-default', 'envelope.list.cursor-page'],
  },
  async (t) => {
    const contacts = new Contacts((await t.fixtures()).v4(), t);
    await contacts.create({ name: `One ${uniqueToken()}` });
    await contacts.create({ name: `Two ${uniqueToken()}` });
    const first = await contacts.page({ limit: 1 });
    t.expect.that(first.data.length, 'contacts on a page with limit=1').toBeLessThanOrEqual(1);
    t.expect.that(first.has_more, 'has_more on the first page of at least two contacts with limit=1').toBe(true);
    t.expect.that(typeof first.next_cursor, 'type of next_cursor on the first page of at least two contacts').toBe('string');
    const second = await contacts.page({ limit: 1, cursor: first.next_cursor ?? '' });
    const firstIds = first.data.map((c) => c.id);
    t.expect.that(second.data.map((c) => c.id).filter((id) => firstIds.includes(id)), 'contacts the second page repeats from the first').toEqual([]);
  },
);
