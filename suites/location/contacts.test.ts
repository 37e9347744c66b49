// Device location sharing (section 4): GET /location/contacts lists the friends sharing their location with
// the linked device account as {data: [object]}; GET and POST /location/contacts/refresh answer 200 {data}
// alike; GET /location/contacts/{handle} takes an E.164 phone, an email address or a device-account id,
// URL-encoded, and answers 200 {data} or 404. The fields of a location record are not shown: checks look
// only at the envelope and at whether the friend's handle is named somewhere in it.
import fc from 'fast-check';
import { email, e164 } from '../../generators/domain.js';
import { check } from '../../harness/check/index.js';
import { friendsSharing, getFriend, seedFriends } from '../_shared/location.js';
import { dataOf, fail, isRecord, mentions, shown } from '../_shared/common.js';

const area = 'location';

check(
  {
    area,
    name: 'contacts-answer-a-data-array',
    title: 'GET /location/contacts answers 200 {data: [object]}',
    clauses: ['location.contacts.list'],
    concurrent: true,
  },
  async (t) => {
    // Fault: location.list.unwrapped.
    const fx = await t.fixtures();
    const response = await fx.v4().get('/location/contacts');
    t.expect.hasStatus(response, 200);
    const data = dataOf<unknown>(response);
    if (!Array.isArray(data) || !data.every(isRecord)) fail('data is not an array of objects', '{data: [object]}', shown(response));
  },
);

check(
  {
    area,
    name: 'contacts-list-the-friends-sharing',
    title: 'GET /location/contacts names every friend sharing their location (phone, email and device-account handles)',
    clauses: ['location.contacts.list'],
    needs: ['location-friends'],
  },
  async (t) => {
    // Faults: location.list.empty, location.list.unwrapped.
    const fx = await t.fixtures();
    const friends = await friendsSharing(fx);
    const response = await fx.v4().get('/location/contacts');
    t.expect.hasStatus(response, 200);
    const data = dataOf<unknown>(response);
    if (!Array.isArray(data)) fail('data is not an array', '{data: [object]}', shown(response));
    for (const friend of friends) {
      if (!mentions(data, friend.handle)) fail(`the ${friend.kind} friend sharing their location is not listed`, `an item naming ${friend.handle}`, shown(response));
    }
  },
);

check(
  {
    area,
    name: 'refresh-post-answers-like-get',
    title: 'POST /location/contacts/refresh answers as the GET form does: 200 {data} of the same kind and fields',
    clauses: ['location.refresh.post-same-as-get'],
  },
  async (t) => {
    // Fault: location.refresh.post-missing.
    const fx = await t.fixtures();
    if (t.hasControl) await seedFriends(fx);
    const viaGet = await fx.v4().get('/location/contacts/refresh');
    const viaPost = await fx.v4().post('/location/contacts/refresh');
    t.expect.hasStatus(viaGet, 200);
    t.expect.hasStatus(viaPost, 200);
    const a = dataOf<unknown>(viaGet);
    const b = dataOf<unknown>(viaPost);
    if (kindOf(a) !== kindOf(b)) fail('the POST form answers another kind of data than the GET form', `data of kind ${kindOf(a)}`, shown(viaPost));
    if (isRecord(a) && isRecord(b)) {
      const fields = (value: Record<string, unknown>) => Object.keys(value).sort().join(', ');
      if (fields(a) !== fields(b)) fail('the POST form answers other fields than the GET form', `fields ${fields(a)}`, `fields ${fields(b)}`);
    }
  },
);

check(
  {
    area,
    name: 'contact-of-a-friend-answers-data',
    title: 'GET /location/contacts/{handle} answers 200 {data} naming the friend, for a phone (%2B), an email and a device-account id',
    clauses: ['location.contact.unknown-handle-404'],
    needs: ['location-friends'],
  },
  async (t) => {
    // Fault: location.contact.phone-not-decoded.
    const fx = await t.fixtures();
    for (const friend of await friendsSharing(fx)) {
      const response = await getFriend(fx.v4(), friend.handle);
      t.expect.hasStatus(response, 200);
      if (!mentions(dataOf<unknown>(response), friend.handle)) fail(`the ${friend.kind} friend's record does not name the friend`, `data naming ${friend.handle}`, shown(response));
    }
  },
);

check(
  {
    area,
    name: 'contact-of-an-unknown-handle-gets-404',
    title: 'GET /location/contacts/{handle} of a handle nobody shares from (any phone, email or device-account id) answers 404 with an error body',
    clauses: ['location.contact.unknown-handle-404', 'errors.404.not-found', 'errors.shape.v4-standard'],
  },
  async (t) => {
    // Faults: location.contact.unknown-200, location.contact.no-details.
    const fx = await t.fixtures();
    const unknownHandle = fc.oneof(
      e164(),
      email().map((address) => address.replace(/@.*$/, '@nobody.invalid')),
      fc.stringMatching(/^mcs-unknown-[a-z0-9]{6,16}$/),
    );
    await t.assertProperty(
      fc.asyncProperty(unknownHandle, async (handle) => {
        t.expect.errorShape(await getFriend(fx.v4(), handle), 404);
      }),
      { numRuns: 8 },
    );
  },
);

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'array' : typeof value;
}
