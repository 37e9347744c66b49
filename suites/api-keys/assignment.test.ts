// Channel assignment (section 2 "API key channel assignment result", section 3 "Channel ownership", section 4
// PUT/DELETE /api-keys/{apiKey}/channels/{channel} and its rules, sections 7 and 8): the three selector
// forms, sole ownership with reassigned/unchanged, unassignment, only numbered channels, one line per key
// without number pools, and the 400 for a malformed selector. Every check uses keys and lines of its own.
import fc from 'fast-check';
import { check } from '../../harness/check/index.js';
import { malformedE164 } from '../../generators/domain.js';
import { uniqueToken } from '../_shared/values.js';
import { fail, mentions } from '../_shared/common.js';
import { assign, assignmentOf, deleteOk, keyAdmin, nonNumberedKinds, ownedItems, ownKey, owns, reassignedOnTake, roomyFixtures, unassign } from '../_shared/api-keys.js';
import { lineOfItsOwn } from '../_shared/spare-lines.js';

const area = 'api-keys';

// Fault: ownership.result-echoes-selector.
check(
  {
    area,
    name: 'assign-by-each-selector-form',
    title: 'PUT /api-keys/{apiKey}/channels/{channel} takes a ch_ id, an E.164 number (%2B) or an alias, and answers the resolved line',
    clauses: ['apikeys.assign.selector-forms', 'apikeys.assignment.result-shape'],
    needs: ['fresh-key', 'spare-line'],
    concurrent: true,
  },
  async (t) => {
    const fx = await roomyFixtures(t);
    const admin = keyAdmin(fx);
    const forms = [
      { form: 'ch_ id', selector: (line: { id: string }) => line.id },
      { form: 'E.164 number', selector: (line: { address: string }) => line.address },
      { form: 'alias', selector: (line: { alias: string | null }) => line.alias ?? '' },
    ];
    // One line with an alias, taken in turn by a key per form (so that a plan without number pools does not
    // stand in the way); whether it was reassigned is judged by other checks.
    const line = await lineOfItsOwn(t, fx, { alias: `mcs-line-${uniqueToken(6)}` });
    for (const { form, selector } of forms) {
      const key = await ownKey(t, fx);
      const result = assignmentOf(await assign(admin, key, selector(line)));
      t.expect.that(result.channel_id, `channel_id when assigning by ${form} (the resolved ch_ id)`).toBe(line.id);
      t.expect.that(result.address, `address when assigning by ${form}`).toBe(line.address);
      t.expect.that(result.success, `success when assigning by ${form}`).toBe(true);
      t.expect.that(await owns(admin, key, line), `the key lists the line it was assigned by ${form}`).toBe(true);
    }
  },
);

// Fault: ownership.unchanged-reported-reassigned.
check(
  {
    area,
    name: 'reassign-to-owner-is-unchanged',
    title: 'assigning a line to the key that owns it answers unchanged: true, reassigned: false, and changes nothing',
    clauses: ['apikeys.assign.idempotent', 'ownership.assign.same-owner-unchanged'],
    needs: ['fresh-key', 'spare-line'],
    concurrent: true,
  },
  async (t) => {
    const fx = await roomyFixtures(t);
    const admin = keyAdmin(fx);
    const key = await ownKey(t, fx);
    const line = await lineOfItsOwn(t, fx);
    const first = assignmentOf(await assign(admin, key, line.id));
    t.expect.that({ reassigned: first.reassigned, unchanged: first.unchanged }, 'first assignment of an unowned line').toEqual({ reassigned: false, unchanged: false });
    for (const round of [2, 3]) {
      const again = assignmentOf(await assign(admin, key, line.id));
      t.expect.that({ reassigned: again.reassigned, unchanged: again.unchanged, channel_id: again.channel_id }, `assignment #${round} to the same key`).toEqual({ reassigned: false, unchanged: true, channel_id: line.id });
    }
    const listed = (await ownedItems(admin, key)).filter((item) => mentions(item, line.id) || mentions(item, line.address));
    t.expect.that(listed.length, 'times the key lists the line after three assignments').toBe(1);
  },
);

// Fault: ownership.reassign-keeps-previous.
check(
  {
    area,
    name: 'assign-takes-line-from-previous-owner',
    title: 'assigning a line owned by another key answers reassigned: true and leaves the new key its sole owner',
    clauses: ['ownership.assign.sole-owner-reassigned', 'apikeys.assignment.result-shape'],
    needs: ['fresh-key', 'spare-line'],
    concurrent: true,
  },
  async (t) => {
    const fx = await roomyFixtures(t);
    const admin = keyAdmin(fx);
    const previous = await ownKey(t, fx);
    const next = await ownKey(t, fx);
    const line = await lineOfItsOwn(t, fx, { owner: previous });
    const result = assignmentOf(await assign(admin, next, line.id));
    t.expect.that({ reassigned: result.reassigned, unchanged: result.unchanged }, 'taking a line from its previous owner').toEqual({ reassigned: true, unchanged: false });
    t.expect.that(await owns(admin, next, line), 'the new owner lists the line').toBe(true);
    t.expect.that(await owns(admin, previous, line), 'the previous owner still lists the line').toBe(false);
  },
);

// Fault: ownership.unassign-ignored.
check(
  {
    area,
    name: 'unassign-releases-the-line',
    title: "DELETE /api-keys/{apiKey}/channels/{channel} releases the key's line: it is no longer listed and the next owner takes it unreassigned",
    clauses: ['apikeys.unassign.delete', 'ownership.unassign.delete-key-channel'],
    needs: ['fresh-key', 'spare-line'],
    concurrent: true,
  },
  async (t) => {
    const fx = await roomyFixtures(t);
    const admin = keyAdmin(fx);
    const key = await ownKey(t, fx);
    const line = await lineOfItsOwn(t, fx, { owner: key });
    t.expect.hasStatus(await unassign(admin, key, line.id), ...deleteOk);
    t.expect.that(await owns(admin, key, line), 'the key still lists the line after DELETE').toBe(false);
    t.expect.that(await reassignedOnTake(t, fx, admin, line), 'reassigned when taking the released line (it had no owner)').toBe(false);
  },
);

// Fault: ownership.assign-non-numbered.
check(
  {
    area,
    name: 'non-numbered-channel-not-assignable',
    title: 'assigning a whatsapp, rcs or amb channel answers 422 channel_not_assignable and the key does not own it',
    clauses: ['apikeys.assign.only-numbered-channels', 'errors.422.channel-not-assignable'],
    needs: ['fresh-key', 'channel:amb', 'channel:rcs', 'channel:whatsapp'],
    concurrent: true,
  },
  async (t) => {
    const fx = await roomyFixtures(t);
    const admin = keyAdmin(fx);
    const key = await ownKey(t, fx);
    for (const kind of nonNumberedKinds) {
      const channel = fx.channel(kind);
      const refused = await assign(admin, key, channel.id);
      t.expect.errorShape(refused, 422);
      t.expect.hasErrorCode(refused, 'channel_not_assignable');
      t.expect.that(await owns(admin, key, channel), `the key lists the ${kind} channel it was refused`).toBe(false);
    }
  },
);

// Fault: apikeys.channels.lists-unowned.
check(
  {
    area,
    name: 'key-lists-only-its-own-channels',
    title: "GET /api-keys/{apiKey}/channels lists the key's lines and none that it does not own",
    clauses: ['apikeys.channels.list-owned'],
    needs: ['fresh-key', 'spare-line'],
    concurrent: true,
  },
  async (t) => {
    const fx = await roomyFixtures(t);
    const admin = keyAdmin(fx);
    const key = await ownKey(t, fx);
    const other = await ownKey(t, fx);
    const mine = await lineOfItsOwn(t, fx, { owner: key });
    const unowned = await lineOfItsOwn(t, fx);
    const theirs = await lineOfItsOwn(t, fx, { owner: other });
    const items = await ownedItems(admin, key);
    const listed = (line: { id: string; address: string }): boolean => items.some((item) => mentions(item, line.id) || mentions(item, line.address));
    t.expect.that({ mine: listed(mine), unowned: listed(unowned), theirs: listed(theirs) }, 'which lines the key lists').toEqual({ mine: true, unowned: false, theirs: false });
  },
);

// Fault: ownership.no-line-limit.
check(
  {
    area,
    name: 'one-line-per-key-without-pools',
    title: 'on a plan without number pools a second line for a key answers 400, and the key keeps one line',
    clauses: ['errors.400.second-line-without-pools', 'limits.assignment.one-line-without-pools'],
    needs: ['organization-without-pools'],
    concurrent: true,
  },
  async (t) => {
    const fx = await t.otherOrganization('organization-without-pools');
    const admin = keyAdmin(fx);
    const key = await ownKey(t, fx);
    const first = await lineOfItsOwn(t, fx);
    const second = await lineOfItsOwn(t, fx);
    assignmentOf(await assign(admin, key, first.id));
    const refused = await assign(admin, key, second.id);
    t.expect.errorShape(refused, 400);
    t.expect.that({ first: await owns(admin, key, first), second: await owns(admin, key, second) }, 'lines the key owns after the refused second assignment').toEqual({ first: true, second: false });
    // Re-assigning the line it has is not a second line.
    assignmentOf(await assign(admin, key, first.id));
  },
);

// Fault: ownership.malformed-selector-404.
check(
  {
    area,
    name: 'malformed-selector-is-400',
    title: 'for any selector that starts with + but is not E.164, PUT /api-keys/{apiKey}/channels/{channel} answers 400',
    clauses: ['errors.400.malformed-channel-selector'],
    needs: ['fresh-key'],
    concurrent: true,
  },
  async (t) => {
    // A leading + announces the E.164 form (section 4: "E.164 phone with + as %2B"); aliases and ch_ ids have
    // no stated form, so only selectors of the phone form can be called malformed.
    const fx = await roomyFixtures(t);
    const admin = keyAdmin(fx);
    const key = await ownKey(t, fx);
    const malformed = malformedE164().filter((m) => m.value.startsWith('+') && m.value.length > 1);
    await t.assertProperty(
      fc.asyncProperty(malformed, async (m) => {
        const refused = await assign(admin, key, m.value);
        if (refused.status !== 400) fail(`selector ${JSON.stringify(m.value)} (${m.violation}) answered ${refused.status}`, '400', `${refused.status} ${refused.text.slice(0, 300)}`);
        t.expect.errorShape(refused, 400);
      }),
      { numRuns: 10 },
    );
  },
);
