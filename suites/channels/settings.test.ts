// Channel settings of native lines (section 2 Channel; section 4 "Settings rules for native channels";
// section 7): `auto_mark_read` may be enabled on dedicated and inbound lines, `auto_share_contact` only on
// dedicated lines with a contact card; turning off is always allowed; `available[key]` says whether the
// line may turn `key` on. Lines of each plan come from the control API (fixture kinds native-*).
import fc from 'fast-check';
import { check, errorCodeOf, path, type ApiResponse, type ChannelKind, type CheckContext, type Fixtures } from '../../harness/check/index.js';
import { cardPath } from '../_shared/account.js';
import { locateObject, wrappings } from '../../spec/readings.js';
import { dataOf, fail, isRecord, shown, type Json } from '../_shared/common.js';

const area = 'channels';
type Key = 'auto_mark_read' | 'auto_share_contact';
type NativeKind = 'native-shared' | 'native-dedicated' | 'native-dedicated-nocard' | 'native-inbound';

/** What each native line may turn on, by the rules of section 4. */
const allowed: Record<NativeKind, Record<Key, boolean>> = {
  'native-shared': { auto_mark_read: false, auto_share_contact: false },
  'native-dedicated': { auto_mark_read: true, auto_share_contact: true },
  'native-dedicated-nocard': { auto_mark_read: true, auto_share_contact: false },
  'native-inbound': { auto_mark_read: true, auto_share_contact: false },
};
const nativeKinds = Object.keys(allowed) as NativeKind[];
const nonNativeKinds: ChannelKind[] = ['sms_provider', 'whatsapp', 'rcs', 'amb'];

async function lineOf(t: CheckContext, kind: ChannelKind): Promise<{ fx: Fixtures; id: string }> {
  const fx = await t.fixtures();
  return { fx, id: fx.channel(kind).id };
}

const patch = (fx: Fixtures, id: string, json: unknown): Promise<ApiResponse> => fx.v4().patch(path`/channels/${id}/settings`, { json });

/** The settings in a PATCH answer: `data.settings` or `data` itself (spec/AMBIGUITIES.md v4 10, spec/readings.ts). */
function patchedSettings(response: ApiResponse): Json {
  const found = locateObject(response.body, wrappings['settings-patch']);
  if (found === undefined) fail('the settings PATCH answer holds no settings object', '{data: {settings: {...}, available}} or {data: {...settings}}', shown(response));
  return found.object;
}

async function readSettings(fx: Fixtures, id: string): Promise<{ settings: Json; available: Json }> {
  const response = await fx.v4().get(path`/channels/${id}/settings`);
  if (response.status !== 200) fail(`GET /channels/${id}/settings answered ${response.status}`, '200 {data: {settings, available}}', shown(response));
  const data = dataOf<Json>(response);
  if (!isRecord(data.settings) || !isRecord(data.available)) fail('the settings answer lacks settings or available', '{settings: {...}, available: {...}}', shown(response));
  return { settings: data.settings, available: data.available };
}

for (const kind of nativeKinds) {
  // Fault: channels.settings.false-omitted.
  check(
    {
      area,
      name: `native-settings-have-the-boolean-keys.${kind}`,
      title: `GET /channels/{${kind}}/settings answers boolean auto_mark_read and auto_share_contact with an available map`,
      clauses: ['channels.settings.native-keys', 'channels.settings.available-map'],
      needs: [],
      concurrent: true,
    },
    async (t) => {
      const { fx, id } = await lineOf(t, kind);
      const { settings, available } = await readSettings(fx, id);
      for (const key of ['auto_mark_read', 'auto_share_contact'] as const) {
        if (typeof settings[key] !== 'boolean') fail(`settings.${key} is not a boolean`, 'a boolean', JSON.stringify(settings[key]));
        if (typeof available[key] !== 'boolean') fail(`available.${key} is not a boolean`, 'a boolean', JSON.stringify(available[key]));
      }
    },
  );

  // Faults channels.settings.mark-read-anywhere / share-without-card change what a line may do, not this map;
  // the map is checked against the rules, so a target whose map and behaviour disagree fails here or below.
  // Fault: channels.settings.available-inverted.
  check(
    {
      area,
      name: `available-follows-the-rules.${kind}`,
      title: `available on a ${kind} line says what the rules allow it to turn on`,
      clauses: ['channels.settings.available-map', 'channels.settings.auto-mark-read-dedicated-inbound', 'channels.settings.auto-share-contact-dedicated-with-card'],
      needs: [],
      concurrent: true,
    },
    async (t) => {
      const { fx, id } = await lineOf(t, kind);
      const { available } = await readSettings(fx, id);
      for (const key of ['auto_mark_read', 'auto_share_contact'] as const) {
        if (available[key] !== allowed[kind][key]) fail(`available.${key} on a ${kind} line is ${String(available[key])}`, `${String(allowed[kind][key])} (section 4 settings rules)`, JSON.stringify(available));
      }
    },
  );

  // Fault: channels.settings.false-omitted.
  check(
    {
      area,
      name: `turning-off-is-always-allowed.${kind}`,
      title: `PATCH settings turning both keys off on a ${kind} line answers 200 with them off`,
      clauses: ['channels.settings.turn-off-always-allowed', 'channels.settings.patch-returns-updated'],
      needs: [],
    },
    async (t) => {
      const { fx, id } = await lineOf(t, kind);
      const response = await patch(fx, id, { auto_mark_read: false, auto_share_contact: false });
      t.expect.hasStatus(response, 200);
      const settings = patchedSettings(response);
      if (settings.auto_mark_read !== false || settings.auto_share_contact !== false) fail('the answer does not show both keys off', 'auto_mark_read false, auto_share_contact false', shown(response));
      const read = await readSettings(fx, id);
      if (read.settings.auto_mark_read !== false || read.settings.auto_share_contact !== false) fail('the settings read back are not off', 'both off', JSON.stringify(read.settings));
    },
  );
}

/**
 * The body of "enabling `key` on `kind`": 200 and stored when allowed, else 403 with `code`. Each check below
 * spells out its metadata so that `mcs coverage` reads its clauses without running it.
 */
function enabling(kind: NativeKind, key: Key, outcome: { ok: true } | { ok: false; code: string }): (t: CheckContext) => Promise<void> {
  return async (t) => {
    const { fx, id } = await lineOf(t, kind);
    const response = await patch(fx, id, { [key]: true });
    if (outcome.ok) {
      t.expect.hasStatus(response, 200);
      if (patchedSettings(response)[key] !== true) fail(`the answer does not show ${key} on`, `${key}: true`, shown(response));
      const read = await readSettings(fx, id);
      if (read.settings[key] !== true) fail(`${key} read back is not on`, `${key}: true`, JSON.stringify(read.settings));
      await patch(fx, id, { [key]: false });
    } else {
      t.expect.errorShape(response, 403);
      t.expect.hasErrorCode(response, outcome.code);
      await expectStillOff(fx, id, key);
    }
  };
}

async function expectStillOff(fx: Fixtures, id: string, key: Key): Promise<void> {
  const read = await readSettings(fx, id);
  if (read.settings[key] === true) fail(`a refused update turned ${key} on`, `${key} stays off`, JSON.stringify(read.settings));
}

check(
  {
    area,
    name: 'enable-auto-mark-read.native-dedicated',
    title: 'enabling auto_mark_read on a native-dedicated line is allowed',
    clauses: ['channels.settings.auto-mark-read-dedicated-inbound', 'channels.settings.patch-returns-updated'],
    needs: ['channel:native-dedicated'],
  },
  // Fault: channels.settings.mark-read-refused-everywhere.
  enabling('native-dedicated', 'auto_mark_read', { ok: true }),
);

check(
  {
    area,
    name: 'enable-auto-mark-read.native-inbound',
    title: 'enabling auto_mark_read on a native-inbound line is allowed',
    clauses: ['channels.settings.auto-mark-read-dedicated-inbound', 'channels.settings.patch-returns-updated'],
    needs: ['channel:native-inbound'],
  },
  // Fault: channels.settings.mark-read-refused-everywhere.
  enabling('native-inbound', 'auto_mark_read', { ok: true }),
);

check(
  {
    area,
    name: 'enable-auto-mark-read.native-shared',
    title: 'enabling auto_mark_read on a native-shared line is refused with 403 auto_mark_read_not_allowed',
    clauses: ['channels.settings.auto-mark-read-dedicated-inbound', 'errors.403.auto-mark-read-not-allowed'],
    needs: ['channel:native-shared'],
  },
  // Faults: channels.settings.mark-read-anywhere, channels.settings.generic-forbidden-code.
  enabling('native-shared', 'auto_mark_read', { ok: false, code: 'auto_mark_read_not_allowed' }),
);

check(
  {
    area,
    name: 'enable-auto-share-contact.native-dedicated',
    title: 'enabling auto_share_contact on a native-dedicated line with a contact card is allowed',
    clauses: ['channels.settings.auto-share-contact-dedicated-with-card', 'channels.settings.patch-returns-updated'],
    needs: ['channel:native-dedicated'],
  },
  // Fault: channels.settings.share-refused-with-card.
  enabling('native-dedicated', 'auto_share_contact', { ok: true }),
);

check(
  {
    area,
    name: 'enable-auto-share-contact.native-dedicated-nocard',
    title: 'enabling auto_share_contact on a native-dedicated line without a contact card is refused with 403 contact_card_not_set_up',
    clauses: ['channels.settings.auto-share-contact-dedicated-with-card', 'errors.403.contact-card-not-set-up'],
    needs: ['channel:native-dedicated-nocard'],
  },
  // Fault: channels.settings.share-without-card.
  enabling('native-dedicated-nocard', 'auto_share_contact', { ok: false, code: 'contact_card_not_set_up' }),
);

/** Gives the line a contact card (a name); false when the target will not set one on this line. */
async function giveCard(fx: Fixtures, kind: NativeKind): Promise<boolean> {
  const put = await fx.v4().put(cardPath(fx.channel(kind).address), { json: { first_name: 'Card', last_name: 'Holder' } });
  return put.status === 200;
}

/**
 * Enabling auto_share_contact on a line whose type forbids it. Without a card both 403 codes of section 7
 * name a true reason and no order is given, so the line gets a card first and then only the line type
 * stands in the way; a target that will not set a card on that line may answer either code.
 */
function shareRefusedByLineType(kind: 'native-inbound' | 'native-shared'): (t: CheckContext) => Promise<void> {
  return async (t) => {
    const { fx, id } = await lineOf(t, kind);
    const carded = await giveCard(fx, kind);
    const response = await patch(fx, id, { auto_share_contact: true });
    t.expect.errorShape(response, 403);
    if (carded || errorCodeOf(response.body) !== 'contact_card_not_set_up') t.expect.hasErrorCode(response, 'auto_share_contact_not_allowed');
    await expectStillOff(fx, id, 'auto_share_contact');
  };
}

check(
  {
    area,
    name: 'enable-auto-share-contact.native-inbound',
    title: 'enabling auto_share_contact on a native-inbound line with a contact card is refused with 403 auto_share_contact_not_allowed',
    clauses: ['channels.settings.auto-share-contact-dedicated-with-card', 'errors.403.auto-share-contact-not-allowed'],
    needs: ['channel:native-inbound'],
    // Whether a card can be set on such a line is not shown: the card PUT may answer a status its row omits.
    responses: 'schema',
  },
  // Fault: channels.settings.share-on-any-line.
  shareRefusedByLineType('native-inbound'),
);

check(
  {
    area,
    name: 'enable-auto-share-contact.native-shared',
    title: 'enabling auto_share_contact on a native-shared line with a contact card is refused with 403 auto_share_contact_not_allowed',
    clauses: ['channels.settings.auto-share-contact-dedicated-with-card', 'errors.403.auto-share-contact-not-allowed'],
    needs: ['channel:native-shared'],
    // Whether a card can be set on such a line is not shown: the card PUT may answer a status its row omits.
    responses: 'schema',
  },
  // Fault: channels.settings.share-on-any-line.
  shareRefusedByLineType('native-shared'),
);

for (const kind of nonNativeKinds) {
  for (const method of ['GET', 'PATCH'] as const) {
    check(
      {
        area,
        name: `settings-unsupported-on-non-native.${method.toLowerCase()}.${kind}`,
        title: `${method} /channels/{${kind}}/settings answers 403 settings_unsupported_for_channel_type`,
        clauses: ['errors.403.settings-unsupported-for-channel-type', 'channels.settings.native-keys'],
        needs: [],
        concurrent: true,
      },
      async (t) => {
        // Fault: channels.settings.any-type.
        const { fx, id } = await lineOf(t, kind);
        const url = path`/channels/${id}/settings`;
        const response = method === 'GET' ? await fx.v4().get(url) : await fx.v4().patch(url, { json: { auto_mark_read: false } });
        t.expect.errorShape(response, 403);
        t.expect.hasErrorCode(response, 'settings_unsupported_for_channel_type');
      },
    );
  }
}

check(
  {
    area,
    name: 'empty-update-gets-no-settings-provided',
    title: 'PATCH settings with {} answers 422 no_settings_provided',
    clauses: ['errors.422.no-settings-provided', 'channels.settings.patch-returns-updated'],
    needs: ['channel:native-dedicated'],
    concurrent: true,
  },
  async (t) => {
    // Fault: channels.settings.empty-accepted.
    const { fx, id } = await lineOf(t, 'native-dedicated');
    const response = await patch(fx, id, {});
    t.expect.errorShape(response, 422);
    t.expect.hasErrorCode(response, 'no_settings_provided');
  },
);

const nonBoolean = fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.constant('true'), fc.constant(1), fc.array(fc.boolean(), { maxLength: 2 }), fc.dictionary(fc.string({ maxLength: 4 }), fc.boolean(), { maxKeys: 2 }));
const unknownKey = fc.stringMatching(/^[a-z][a-z_]{1,20}$/).filter((k) => k !== 'auto_mark_read' && k !== 'auto_share_contact');

check(
  {
    area,
    name: 'non-boolean-value-gets-invalid-settings',
    title: 'PATCH settings with a non-boolean value answers 422 invalid_settings (any key, any such value)',
    clauses: ['errors.422.invalid-settings'],
    needs: ['channel:native-dedicated'],
  },
  async (t) => {
    // Fault: channels.settings.truthy-values-accepted.
    const { fx, id } = await lineOf(t, 'native-dedicated');
    await t.assertProperty(
      fc.asyncProperty(fc.constantFrom<Key>('auto_mark_read', 'auto_share_contact'), nonBoolean, async (key, value) => {
        const response = await patch(fx, id, { [key]: value });
        t.expect.errorShape(response, 422);
        t.expect.hasErrorCode(response, 'invalid_settings');
      }),
      { numRuns: 12 },
    );
  },
);

check(
  {
    area,
    name: 'unknown-key-gets-invalid-settings',
    title: 'PATCH settings with an unknown key answers 422 invalid_settings (any unknown key)',
    clauses: ['errors.422.invalid-settings'],
    needs: ['channel:native-dedicated'],
  },
  async (t) => {
    // Fault: channels.settings.unknown-keys-ignored.
    const { fx, id } = await lineOf(t, 'native-dedicated');
    await t.assertProperty(
      fc.asyncProperty(unknownKey, fc.boolean(), fc.boolean(), async (key, value, withKnown) => {
        const response = await patch(fx, id, withKnown ? { auto_mark_read: false, [key]: value } : { [key]: value });
        t.expect.errorShape(response, 422);
        t.expect.hasErrorCode(response, 'invalid_settings');
      }),
      { numRuns: 12 },
    );
  },
);

check(
  {
    area,
    name: 'any-update-follows-the-rules',
    title: 'any partial settings update of any native line is accepted exactly when every key turned on is allowed, and then stored',
    clauses: ['channels.settings.auto-mark-read-dedicated-inbound', 'channels.settings.auto-share-contact-dedicated-with-card', 'channels.settings.turn-off-always-allowed', 'channels.settings.patch-returns-updated'],
    needs: ['channel:native-dedicated', 'channel:native-dedicated-nocard', 'channel:native-inbound', 'channel:native-shared'],
  },
  async (t) => {
    const fx = await t.fixtures();
    const update = fc.record({ auto_mark_read: fc.boolean(), auto_share_contact: fc.boolean() }, { requiredKeys: [] }).filter((u) => Object.keys(u).length > 0);
    await t.assertProperty(
      fc.asyncProperty(fc.constantFrom(...nativeKinds), update, async (kind, body) => {
        const id = fx.channel(kind).id;
        const before = (await readSettings(fx, id)).settings;
        const response = await patch(fx, id, body);
        const permitted = (Object.entries(body) as [Key, boolean][]).every(([key, on]) => !on || allowed[kind][key]);
        if (!permitted) {
          t.expect.errorShape(response, 403);
          const after = (await readSettings(fx, id)).settings;
          if (JSON.stringify(after) !== JSON.stringify(before)) fail('a refused update changed the settings', JSON.stringify(before), JSON.stringify(after));
          return;
        }
        t.expect.hasStatus(response, 200);
        const after = (await readSettings(fx, id)).settings;
        for (const [key, on] of Object.entries(body)) {
          if (after[key] !== on) fail(`${key} on a ${kind} line reads ${String(after[key])} after setting it to ${String(on)}`, String(on), JSON.stringify(after));
        }
      }),
      { numRuns: 15 },
    );
  },
);
