// The line's contact card: GET/PUT /me/numbers/{number}/contact-card and the multipart avatar upload.
import type { App } from '../../server/app.js';
import { orgOf } from '../../server/caller.js';
import { httpError, notFound, validation } from '../../server/errors.js';
import { json, ok } from '../../server/reply.js';
import type { Ctx } from '../../server/types.js';
import { objectBody } from '../../server/validate.js';
import { newId } from '../../store/ids.js';
import type { ChannelRecord, ContactCard } from '../../store/types.js';
import { either } from '../options.js';

export const avatarMaxBytes = 10 * 1024 * 1024;

/** A body past the upload's limit is not read (only drained) and answers 400 too, not 413: the endpoint lists 400 and 401 only. */
const avatarTooLarge = (limit: number): Error =>
  httpError(400, 'avatar_too_large', `The upload exceeds ${limit} bytes: the avatar may be at most 10 MB`, { max_bytes: avatarMaxBytes });

/** The upload's body limit: the photo plus room for the names and the multipart framing. */
const avatarBodyLimit = 11 * 1024 * 1024;

const emptyCard = (): ContactCard => ({ first_name: null, last_name: null, avatar: null, sharing: { enabled: false, audience: 0, name_format: 0 } });

/**
 * A native line of the organization named by its number. Unknown numbers answer in a status the endpoint
 * lists: 404 on GET, 422 on PUT, 400 on the avatar upload.
 */
export function cardLine(ctx: Ctx, unknownStatus: 400 | 404 | 422 = 404): ChannelRecord {
  const org = orgOf(ctx);
  const number = ctx.params.number ?? '';
  const channel = org.channelsByAddress.get(number);
  if (channel && channel.type === 'native') return channel;
  if (unknownStatus === 404) throw notFound('Number');
  throw httpError(unknownStatus, 'unknown_number', 'The number is not a native line of this organization', { number });
}

export function cardView(channel: ChannelRecord): Record<string, unknown> {
  const card = channel.contactCard ?? emptyCard();
  return { phone_number: channel.address, channel_id: channel.id, ...card, set_up: hasCard(channel) };
}

/** A card is set up when it has a name or a photo. */
export function hasCard(channel: ChannelRecord): boolean {
  const card = channel.contactCard;
  return card !== null && Boolean(card.first_name || card.last_name || card.avatar);
}

function isAvatarRef(value: unknown): boolean {
  return typeof value === 'string' && (/^https?:\/\/\S+$/i.test(value) || /^data:image\/[a-z0-9.+-]+;base64,/i.test(value));
}

function applyCardPatch(ctx: Ctx, card: ContactCard, body: Record<string, unknown>): void {
  const known = ['first_name', 'last_name', 'avatar', 'sharing'].filter((k) => k in body);
  if (known.length === 0 && !ctx.app.fault('account.contact-card.empty-accepted')) throw validation('At least one of first_name, last_name, avatar, sharing is required');
  for (const key of ['first_name', 'last_name'] as const) {
    if (key in body && typeof body[key] !== 'string') throw validation(`${key} must be a string`, { field: key });
  }
  if ('avatar' in body && !isAvatarRef(body.avatar)) throw validation('avatar must be a public image URL or a data URI', { field: 'avatar' });
  const sharing = body.sharing;
  if ('sharing' in body) {
    if (typeof sharing !== 'object' || sharing === null || Array.isArray(sharing)) throw validation('sharing must be an object', { field: 'sharing' });
    const s = sharing as Record<string, unknown>;
    if ('enabled' in s && typeof s.enabled !== 'boolean') throw validation('sharing.enabled must be a boolean', { field: 'sharing.enabled' });
    const enumsUnchecked = ctx.app.fault('account.contact-card.enums-unchecked');
    for (const key of ['audience', 'name_format'] as const) {
      if (!enumsUnchecked && key in s && s[key] !== 0 && s[key] !== 1) throw validation(`sharing.${key} must be 0 or 1`, { field: `sharing.${key}` });
      // Fault: account.contact-card.enum-zero-refused (only 1 is taken).
      if (key in s && s[key] === 0 && ctx.app.fault('account.contact-card.enum-zero-refused')) throw validation(`sharing.${key} must be 1`, { field: `sharing.${key}` });
    }
  }
  if (typeof body.first_name === 'string') card.first_name = body.first_name;
  if (typeof body.last_name === 'string') card.last_name = body.last_name;
  if (typeof body.avatar === 'string') card.avatar = body.avatar;
  if ('sharing' in body) copySharing(card, sharing as Record<string, unknown>);
}

/**
 * The three sharing keys of section 4, checked above; other keys are ignored (not stored, not echoed): a
 * stored unknown value would come back in every later answer.
 */
function copySharing(card: ContactCard, sharing: Record<string, unknown>): void {
  if (typeof sharing.enabled === 'boolean') card.sharing.enabled = sharing.enabled;
  for (const key of ['audience', 'name_format'] as const) {
    // With the fault account.contact-card.enums-unchecked a value other than 0 or 1 gets here and is stored.
    if (key in sharing) card.sharing[key] = sharing[key] as 0 | 1;
  }
}

export function registerContactCardRoutes(app: App): void {
  app.route('GET', '/v4/me/numbers/:number/contact-card', (ctx) => {
    const view = cardView(cardLine(ctx));
    // Fault: account.contact-card.get-unwrapped (the bare card).
    return ctx.app.fault('account.contact-card.get-unwrapped') ? json(200, view) : ok(view);
  }, either);

  app.route('PUT', '/v4/me/numbers/:number/contact-card', (ctx) => {
    const channel = cardLine(ctx, 422);
    const body = objectBody(ctx.body);
    const card = structuredClone(channel.contactCard ?? emptyCard());
    applyCardPatch(ctx, card, body);
    // The fault answers the updated card but keeps the stored one.
    if (ctx.app.fault('account.contact-card.not-stored')) return ok({ ...cardView(channel), ...card });
    channel.contactCard = card;
    return ok(cardView(channel));
  }, either);

  app.route('POST', '/v4/me/numbers/:number/contact-card/avatar', (ctx) => {
    const channel = cardLine(ctx, 400);
    const part = ctx.parts.find((p) => p.name === 'avatar');
    // An empty avatar part is no file.
    const avatar = part && part.data.length > 0 ? part : undefined;
    if (ctx.app.fault('account.avatar.refused')) throw httpError(400, 'avatar_required', 'The multipart field avatar (a file) is required');
    // Fault: account.avatar.file-optional (no avatar part: only the names are updated).
    if (!avatar && !ctx.app.fault('account.avatar.file-optional')) throw httpError(400, 'avatar_required', 'The multipart field avatar (a file) is required');
    if (avatar && avatar.data.length > avatarMaxBytes && !ctx.app.fault('account.avatar.no-size-limit')) {
      // Fault: account.avatar.too-large-413.
      throw httpError(ctx.app.fault('account.avatar.too-large-413') ? 413 : 400, 'avatar_too_large', 'The avatar exceeds 10 MB', { max_bytes: avatarMaxBytes, size: avatar.data.length });
    }
    const card = channel.contactCard ?? emptyCard();
    if (avatar) card.avatar = `https://cdn.reference.invalid/avatars/${newId('av')}`;
    // Fault: account.avatar.names-dropped (the photo is kept, the names sent with it are not).
    for (const name of ctx.app.fault('account.avatar.names-dropped') ? [] : (['first_name', 'last_name'] as const)) {
      const part = ctx.parts.find((p) => p.name === name);
      if (part) card[name] = part.data.toString('utf8');
    }
    channel.contactCard = card;
    return ok(cardView(channel));
  }, { auth: 'either', version: 'v4', bodyKind: 'multipart', maxBodyBytes: avatarBodyLimit, pastLimit: avatarTooLarge });
}
