// PUT /channels/{channel}/profile (section 4 Channels): a partial update of `display_name`, `about`, `email`,
// `avatar`; null or an empty string clears a field; unknown keys are rejected; the answer is {data: Channel}
// with `profile`. How a cleared field reads back (null, empty string or absent) is not shown, so any of
// them passes, and null and "" need not read back alike (spec/AMBIGUITIES.md v4 38).
import fc from 'fast-check';
import { check, path, type ApiResponse, type CheckContext, type Fixtures } from '../../harness/check/index.js';
import { dataOf, fail, isRecord, shown, type Json } from '../_shared/common.js';

const area = 'channels';
const fields = ['display_name', 'about', 'email', 'avatar'] as const;
type Field = (typeof fields)[number];
const sample: Record<Field, string> = {
  display_name: 'MCS Conformance',
  about: 'Checked by mcs-conformance',
  email: 'profile@example.com',
  avatar: 'https://example.com/mcs-avatar.png',
};

async function target(t: CheckContext): Promise<{ fx: Fixtures; id: string }> {
  const fx = await t.fixtures();
  // Each check of the file uses its own line when the control API can make one, so checks never share a profile.
  if (t.hasControl) return { fx, id: (await fx.control().createChannel({ kind: 'native-dedicated', owner_api_key: null })).id };
  const channel = fx.channels[0] ?? t.notVerifiable('needs a channel (none configured)');
  return { fx, id: channel.id };
}

const put = (fx: Fixtures, id: string, json: unknown): Promise<ApiResponse> => fx.v4().put(path`/channels/${id}/profile`, { json });

/** The profile of a 200 answer (a CheckFailure when the answer is not {data: Channel with profile}). */
function profileOf(response: ApiResponse, id: string): Json {
  if (response.status !== 200) fail(`PUT /channels/${id}/profile answered ${response.status}`, '200 {data: Channel} including profile', shown(response));
  const channel = dataOf<Json>(response);
  if (channel.id !== id) fail('the profile update answered another channel', `data.id = ${id}`, String(channel.id));
  if (!isRecord(channel.profile)) fail('the channel in the answer has no profile object', 'data.profile: {display_name, about, email, avatar}', shown(response));
  return channel.profile;
}

/** A cleared field, whatever the representation: absent and null are one reading, "" another. */
function clearedForm(value: unknown): 'none' | 'empty' | 'value' {
  if (value === undefined || value === null) return 'none';
  return value === '' ? 'empty' : 'value';
}

/** Every field but `cleared` still holds its sample value. */
function expectOthersKept(profile: Json, cleared: Field, what: string): void {
  for (const field of fields) {
    if (field !== cleared && profile[field] !== sample[field]) fail(`profile.${field} changed after ${what}`, JSON.stringify(sample[field]), JSON.stringify(profile));
  }
}

// Fault: channels.profile.answers-old-profile.
check(
  {
    area,
    name: 'profile-update-returns-channel-with-profile',
    title: 'PUT profile answers 200 {data: Channel} whose profile holds the values sent',
    clauses: ['channels.profile.returns-channel-with-profile', 'channels.object.fields'],
  },
  async (t) => {
    const { fx, id } = await target(t);
    const profile = profileOf(await put(fx, id, sample), id);
    for (const field of fields) if (profile[field] !== sample[field]) fail(`profile.${field} is not what was sent`, JSON.stringify(sample[field]), JSON.stringify(profile[field]));
  },
);

check(
  {
    area,
    name: 'profile-update-is-partial',
    title: 'PUT profile with some fields leaves the others as they were',
    clauses: ['channels.profile.partial-clear'],
  },
  async (t) => {
    // Fault: channels.profile.replaces-whole.
    const { fx, id } = await target(t);
    let current = profileOf(await put(fx, id, sample), id);
    const token = fc.stringMatching(/^[a-z0-9]{1,12}$/);
    // No leading or trailing blanks: whether a server trims them is not shown.
    const text = fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s !== '' && s.trim() === s);
    await t.assertProperty(
      fc.asyncProperty(fc.subarray([...fields], { minLength: 1, maxLength: 3 }), token, text, async (changed, word, phrase) => {
        const value: Record<Field, string> = { display_name: phrase, about: phrase, email: `${word}@example.com`, avatar: `https://example.com/${word}.png` };
        const body: Json = Object.fromEntries(changed.map((field) => [field, value[field]]));
        const after = profileOf(await put(fx, id, body), id);
        for (const field of fields) {
          const expected = field in body ? body[field] : current[field];
          if (after[field] !== expected) fail(`profile.${field} is ${JSON.stringify(after[field])} after a partial update of ${changed.join(', ')}`, JSON.stringify(expected), JSON.stringify(after));
        }
        current = after;
      }),
      { numRuns: 8 },
    );
  },
);

for (const clearer of [null, ''] as const) {
  const label = clearer === null ? 'null' : 'empty-string';
  // Faults: channels.profile.null-ignored, channels.profile.replaces-whole (the other fields go too).
  check(
    {
      area,
      name: `profile-${label}-clears-a-field`,
      title: `PUT profile with ${clearer === null ? 'null' : 'an empty string'} clears that field and keeps the others`,
      clauses: ['channels.profile.partial-clear'],
    },
    async (t) => {
      const { fx, id } = await target(t);
      profileOf(await put(fx, id, sample), id);
      for (const field of fields) {
        const profile = profileOf(await put(fx, id, { [field]: clearer }), id);
        if (clearedForm(profile[field]) === 'value') fail(`profile.${field} still holds a value after clearing it with ${JSON.stringify(clearer)}`, 'null, "" or absent', JSON.stringify(profile[field]));
        expectOthersKept(profile, field, `clearing ${field} with ${JSON.stringify(clearer)}`);
        profileOf(await put(fx, id, { [field]: sample[field] }), id);
      }
    },
  );
}

check(
  {
    area,
    name: 'profile-unknown-keys-are-rejected',
    title: 'PUT profile with any unknown key answers 400 or 422 with an error body',
    clauses: ['channels.profile.unknown-keys-rejected'],
  },
  async (t) => {
    // Fault: channels.profile.accept-unknown-keys.
    const { fx, id } = await target(t);
    const unknown = fc.stringMatching(/^[a-z][a-z_]{0,15}$/).filter((k) => !(fields as readonly string[]).includes(k));
    await t.assertProperty(
      fc.asyncProperty(unknown, fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.constant(null)), fc.boolean(), async (key, value, withKnown) => {
        const body = withKnown ? { display_name: 'Known', [key]: value } : { [key]: value };
        t.expect.errorShape(await put(fx, id, body), [400, 422]);
      }),
      { numRuns: 10 },
    );
  },
);

check(
  {
    area,
    name: 'profile-of-unknown-channel-gets-404',
    title: 'PUT /channels/{unknown}/profile answers 404',
    clauses: ['channels.profile.returns-channel-with-profile', 'errors.404.not-found'],
    concurrent: true,
  },
  async (t) => {
    const fx = await t.fixtures();
    t.expect.errorShape(await put(fx, 'ch_mcsunknown000000', { display_name: 'Nobody' }), 404);
  },
);
