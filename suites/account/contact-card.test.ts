// The contact card of a number (section 4 Account; section 8 avatar upload size): GET answers {data}; PUT
// takes `first_name`, `last_name`, `avatar` (public image URL or data URI) and `sharing` {enabled, audience
// 0|1, name_format 0|1} and needs at least one field (422 otherwise); the avatar upload is multipart with a
// required `avatar` file of at most 10 MB. "10 MB" may be read as 10^7 or 10 x 2^20 bytes, so the check
// uploads 10,000,000 bytes (within both readings) and 10 x 2^20 + 1 bytes (over both).
import fc from 'fast-check';
import { check } from '../../harness/check/index.js';
import { cardPath, ownLine, pngDataUri, uploadAvatar } from '../_shared/account.js';
import { dataOf, fail, isRecord, mentions, shown, type Json } from '../_shared/common.js';
import { uniqueToken } from '../_shared/values.js';

const area = 'account';

// Fault: account.contact-card.get-unwrapped.
check(
  {
    area,
    name: 'contact-card-get-answers-data',
    title: 'GET /me/numbers/{number}/contact-card answers 200 {data} for the key\'s number',
    clauses: ['me.contact-card.put.fields'],
    concurrent: true,
  },
  async (t) => {
    const fx = await t.fixtures();
    const line = fx.channel('native-dedicated');
    const response = await fx.v4().get(cardPath(line.address));
    // Only the control API's fixture line is known to have a card (spec/control.openapi.yaml); a configured
    // line may have none, and 404 is listed for the operation.
    if (response.status === 404 && !t.hasControl) t.notVerifiable('GET contact-card answered 404: the configured native-dedicated line may have no contact card');
    t.expect.hasStatus(response, 200);
    if (!isRecord(dataOf(response))) fail('the contact card is not an object', '{data: {...}}', shown(response));
  },
);

// Fault: server.404-as-400.
check(
  {
    area,
    name: 'contact-card-of-unknown-number-gets-404',
    title: 'GET /me/numbers/{unknown}/contact-card answers 404',
    clauses: ['errors.404.not-found'],
    concurrent: true,
  },
  async (t) => {
    const fx = await t.fixtures();
    t.expect.errorShape(await fx.v4().get(cardPath('+19995550199')), 404);
  },
);

check(
  {
    area,
    name: 'contact-card-put-stores-the-fields',
    title: 'PUT contact-card with names, an avatar data URI and sharing answers 200 and GET reads them back',
    clauses: ['me.contact-card.put.fields', 'me.contact-card.put.at-least-one-field'],
  },
  async (t) => {
    // Fault: account.contact-card.not-stored.
    const { fx, number } = await ownLine(t);
    const card = { first_name: 'Ada', last_name: 'Lovelace', avatar: pngDataUri(), sharing: { enabled: true, audience: 1, name_format: 0 } };
    const put = await fx.v4().put(cardPath(number), { json: card });
    t.expect.hasStatus(put, 200);
    // The GET answer is `{data}` with its fields not shown: the names are looked for anywhere in it, and the
    // sharing values only where the card answers a `sharing` object holding the field.
    const got = await fx.v4().get(cardPath(number));
    const read = dataOf<Json>(got);
    for (const field of ['first_name', 'last_name'] as const) if (!mentions(read, card[field])) fail(`${field} does not read back`, `the card naming ${card[field]}`, shown(got));
    if (isRecord(read.sharing)) {
      for (const [field, value] of Object.entries(card.sharing)) if (field in read.sharing && read.sharing[field] !== value) fail(`sharing.${field} does not read back`, String(value), JSON.stringify(read.sharing));
    }
  },
);

check(
  {
    area,
    name: 'contact-card-put-needs-a-field',
    title: 'PUT contact-card with no field answers 422',
    clauses: ['me.contact-card.put.at-least-one-field', 'errors.422.validation'],
  },
  async (t) => {
    // Fault: account.contact-card.empty-accepted.
    const { fx, number } = await ownLine(t);
    t.expect.errorShape(await fx.v4().put(cardPath(number), { json: {} }), 422);
  },
);

// Fault: account.contact-card.enum-zero-refused.
check(
  {
    area,
    name: 'contact-card-sharing-enums-accept-0-and-1',
    title: 'PUT contact-card accepts every combination of sharing audience and name_format in {0, 1}',
    clauses: ['me.contact-card.put.fields'],
  },
  async (t) => {
    const { fx, number } = await ownLine(t);
    await t.assertProperty(
      fc.asyncProperty(fc.boolean(), fc.constantFrom(0, 1), fc.constantFrom(0, 1), async (enabled, audience, nameFormat) => {
        const response = await fx.v4().put(cardPath(number), { json: { sharing: { enabled, audience, name_format: nameFormat } } });
        t.expect.hasStatus(response, 200);
      }),
      { numRuns: 6 },
    );
  },
);

check(
  {
    area,
    name: 'contact-card-sharing-enums-refuse-other-values',
    title: 'PUT contact-card with a complete sharing object whose audience or name_format is outside the integers 0 and 1 answers 422',
    clauses: ['me.contact-card.put.fields', 'errors.422.validation'],
  },
  async (t) => {
    // Fault: account.contact-card.enums-unchecked.
    const { fx, number } = await ownLine(t);
    const outsider = fc.oneof(fc.integer().filter((n) => n !== 0 && n !== 1), fc.constantFrom('0', '1', true, false, null, 0.5));
    // Every other sharing field valid: a target that needs the whole object must still refuse for the enum.
    const validSharing = { enabled: true, audience: 0, name_format: 0 };
    await t.assertProperty(
      fc.asyncProperty(fc.constantFrom('audience', 'name_format'), outsider, async (field, value) => {
        t.expect.errorShape(await fx.v4().put(cardPath(number), { json: { sharing: { ...validSharing, [field]: value } } }), 422);
      }),
      { numRuns: 10 },
    );
  },
);

check(
  {
    area,
    name: 'avatar-upload-takes-a-multipart-photo',
    title: 'POST contact-card/avatar with a multipart avatar file and names answers 200 {data}',
    clauses: ['me.contact-card.avatar.multipart'],
  },
  async (t) => {
    // Fault: account.avatar.refused.
    const { fx, number } = await ownLine(t);
    const response = await uploadAvatar(fx.v4(), number, { first_name: 'Grace', last_name: 'Hopper' }, 2048);
    t.expect.hasStatus(response, 200);
    if (!isRecord(dataOf(response))) fail('the upload answer has no data object', '{data: {...}}', shown(response));
  },
);

// Fault: account.avatar.names-dropped.
check(
  {
    area,
    name: 'avatar-upload-keeps-the-names',
    title: 'the first_name and last_name sent with an avatar upload are the card\'s names GET contact-card then reads (the answer aside)',
    clauses: ['me.contact-card.avatar.multipart'],
  },
  async (t) => {
    const { fx, number } = await ownLine(t);
    // Other names first, so that names the upload drops read as the old ones.
    t.expect.hasStatus(await fx.v4().put(cardPath(number), { json: { first_name: 'Before', last_name: 'Upload' } }), 200);
    const sent = { first_name: `Grace ${uniqueToken(4)}`, last_name: `Hopper ${uniqueToken(4)}` };
    t.expect.hasStatus(await uploadAvatar(fx.v4(), number, sent, 2048), 200);
    const read = await fx.v4().get(cardPath(number));
    t.expect.hasStatus(read, 200);
    const card = dataOf<Json>(read);
    // The card's fields are not shown: names read under the names PUT takes (spec/AMBIGUITIES.md oracle 15).
    if (!isRecord(card) || !('first_name' in card) || !('last_name' in card)) return t.notVerifiable('the contact card read carries no first_name and last_name, so the names sent with the photo cannot be seen');
    t.expect.that({ first_name: card.first_name, last_name: card.last_name }, 'the names GET contact-card reads after the upload (those sent with the photo)').toEqual(sent);
  },
);

// Fault: account.avatar.file-optional.
check(
  {
    area,
    name: 'avatar-upload-needs-the-file',
    title: 'POST contact-card/avatar without the avatar part answers 400',
    clauses: ['me.contact-card.avatar.multipart'],
  },
  async (t) => {
    const { fx, number } = await ownLine(t);
    t.expect.errorShape(await uploadAvatar(fx.v4(), number, { first_name: 'Nobody' }), 400);
  },
);

check(
  {
    area,
    name: 'avatar-upload-of-10-mb-is-accepted',
    title: 'an avatar of 10,000,000 bytes (10 MB) is accepted',
    clauses: ['limits.avatar.upload-10mb', 'me.contact-card.avatar.multipart'],
    timeoutMs: 120_000,
  },
  async (t) => {
    const { fx, number } = await ownLine(t);
    t.expect.hasStatus(await uploadAvatar(fx.v4(), number, {}, 10_000_000), 200);
  },
);

check(
  {
    area,
    name: 'avatar-upload-over-10-mb-is-refused',
    title: 'an avatar over 10 MB (10 x 2^20 + 1 bytes) is refused with 400 (the upload lists 400 and 401, not 413)',
    clauses: ['limits.avatar.upload-10mb'],
    responses: 'schema',
    timeoutMs: 120_000,
  },
  async (t) => {
    // Faults: account.avatar.no-size-limit, account.avatar.too-large-413.
    const { fx, number } = await ownLine(t);
    const response = await uploadAvatar(fx.v4(), number, {}, 10 * 1024 * 1024 + 1);
    t.expect.hasStatus(response, 400);
  },
);
