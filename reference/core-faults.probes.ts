// One HTTP probe per CORE fault: true when the server behaves as the description says. The fault test runs
// each probe against the correct reference (must be true) and against the reference with that fault (false).
import type { Harness, Org } from './test-helpers.js';

export type Probe = (h: Harness, org: Org) => Promise<boolean>;

const keyPath = (key: string) => `/v4/api-keys/${encodeURIComponent(key)}`;
const contact = async (h: Harness, org: Org, body: unknown) => (await h.call('POST', '/v4/contacts', { token: org.primary, body })).body.data;
const settings = (h: Harness, org: Org, kind: string, body: unknown) =>
  h.call('PATCH', `/v4/channels/${org.channel(kind).id}/settings`, { token: org.primary, body });
const buy = (h: Harness, org: Org, body: unknown, key: string | null) =>
  h.call('POST', '/v4/channels/native/purchases', { token: org.primary, body, headers: key ? { 'idempotency-key': key } : {} });
const events = async (h: Harness, org: Org, type: string) => (await h.control('GET', `/organizations/${org.id}/events?type=${type}`)).body.data.length as number;
const merge = (h: Harness, org: Org, survivor: string, source: string) =>
  h.call('POST', `/v4/contacts/${survivor}/merge`, { token: org.primary, body: { source_contact_id: source } });
const forward = (h: Harness, org: Org, kind: string, forward_to: string) =>
  h.call('POST', `/v4/me/numbers/${encodeURIComponent(org.channel(kind).address)}/call-forwarding`, { token: org.primary, body: { forward_to } });

export const probes: Record<string, Probe> = {
  'auth.401-standard-shape': async (h) => typeof (await h.call('GET', '/v4/me')).body.error === 'string',
  'auth.ignore-scopes': async (h, org) => (await h.call('GET', '/v4/api-keys', { token: org.token([]) })).status === 403,
  'auth.read-scope-needs-manage': async (h, org) => (await h.call('GET', '/v4/api-keys', { token: org.token(['apikeys:read']) })).status === 200,
  'auth.scope-refusal-400': async (h, org) => (await h.call('GET', '/v4/api-keys', { token: org.token([]) })).status === 403,
  'contacts.list.identifier-ignored': async (h, org) => {
    await contact(h, org, { name: 'Other' });
    const owner = await contact(h, org, { name: 'Owner', identity: { kind: 'phone', value: '+12025550177' } });
    const listed = (await h.call('GET', '/v4/contacts?identifier=%2B12025550177', { token: org.primary })).body.data as Array<{ id: string }>;
    return listed.length === 1 && listed[0]?.id === owner.id;
  },
  'numbers.purchase.created-201': async (h, org) => (await buy(h, org, { plan: 'dedicated_com', quantity: 1 }, 'probe-201')).status === 202,
  'numbers.purchase.poll-unwrapped': async (h, org) => {
    const id = (await buy(h, org, { plan: 'dedicated_com', quantity: 1 }, 'probe-poll')).body.data.purchase_id as string;
    return (await h.call('GET', `/v4/channels/native/purchases/${id}`, { token: org.primary })).body.data?.purchase_id === id;
  },
  'apikeys.accept-api-key': async (h, org) => (await h.call('GET', '/v4/api-keys', { token: org.primary })).status === 403,
  'apikeys.deprecated-still-authenticates': async (h, org) => {
    await h.call('DELETE', keyPath(org.secondary), { token: org.admin });
    return (await h.call('GET', '/v4/me', { token: org.secondary })).status === 401;
  },
  'apikeys.deprecate-keeps-channels': async (h, org) => {
    await h.call('DELETE', keyPath(org.primary), { token: org.admin });
    return (await h.call('GET', `${keyPath(org.primary)}/channels`, { token: org.admin })).body.data.length === 0;
  },
  'apikeys.delete-not-idempotent': async (h, org) => {
    await h.call('DELETE', keyPath(org.secondary), { token: org.admin });
    return (await h.call('DELETE', keyPath(org.secondary), { token: org.admin })).status === 200;
  },
  'apikeys.ceiling-off-by-one': async (h, org) => {
    await h.control('PATCH', `/organizations/${org.id}/plan`, { active_key_ceiling: 2 });
    return (await h.call('POST', '/v4/api-keys', { token: org.admin, body: { name: 'x' } })).status === 409;
  },
  'apikeys.list-shows-full-key': async (h, org) => !JSON.stringify((await h.call('GET', '/v4/api-keys', { token: org.admin })).body).includes(org.primary),
  'apikeys.create.key-without-prefix': async (h, org) =>
    String((await h.call('POST', '/v4/api-keys', { token: org.admin, body: { name: 'x' } })).body.data.api_key).startsWith('api_'),
  'apikeys.create.fields-missing': async (h, org) =>
    typeof (await h.call('POST', '/v4/api-keys', { token: org.admin, body: { name: 'x' } })).body.data.deprecated === 'boolean',
  'apikeys.create.masked-key': async (h, org) => {
    const created = (await h.call('POST', '/v4/api-keys', { token: org.admin, body: { name: 'x' } })).body.data.api_key as string;
    return (await h.call('GET', '/v4/me', { token: created })).status === 200;
  },
  'apikeys.get-shows-full-key': async (h, org) => !JSON.stringify((await h.call('GET', keyPath(org.secondary), { token: org.admin })).body).includes(org.secondary),
  'apikeys.delete.reported-active': async (h, org) => {
    await h.call('DELETE', keyPath(org.secondary), { token: org.admin });
    return (await h.call('GET', keyPath(org.secondary), { token: org.admin })).body.data.deprecated === true;
  },
  'apikeys.channels.lists-unowned': async (h, org) =>
    !JSON.stringify((await h.call('GET', `${keyPath(org.primary)}/channels`, { token: org.admin })).body).includes(org.channel('native-shared').id),
  'ownership.result-echoes-selector': async (h, org) => {
    const line = org.channel('native-shared');
    const answer = await h.call('PUT', `${keyPath(org.secondary)}/channels/${encodeURIComponent(line.address)}`, { token: org.admin });
    return answer.body.data.channel_id === line.id;
  },
  'ownership.unassign-ignored': async (h, org) => {
    await h.call('DELETE', `${keyPath(org.primary)}/channels/${org.channel('native-dedicated').id}`, { token: org.admin });
    return (await h.call('GET', `${keyPath(org.primary)}/channels`, { token: org.admin })).body.data.length === 0;
  },
  'ownership.malformed-selector-404': async (h, org) => (await h.call('PUT', `${keyPath(org.secondary)}/channels/%2Babc`, { token: org.admin })).status === 400,
  'ownership.assign-non-numbered': async (h, org) =>
    (await h.call('PUT', `${keyPath(org.secondary)}/channels/${org.channel('whatsapp').id}`, { token: org.admin })).status === 422,
  'ownership.no-line-limit': async (h, org) => {
    await h.control('PATCH', `/organizations/${org.id}/plan`, { number_pools: false });
    return (await h.call('PUT', `${keyPath(org.primary)}/channels/${org.channel('native-shared').id}`, { token: org.admin })).status === 400;
  },
  'ownership.reassign-keeps-previous': async (h, org) => {
    const answer = await h.call('PUT', `${keyPath(org.secondary)}/channels/${org.channel('native-dedicated').id}`, { token: org.admin });
    const previous = await h.call('GET', `${keyPath(org.primary)}/channels`, { token: org.admin });
    return answer.body.data.reassigned === true && previous.body.data.length === 0;
  },
  'ownership.unchanged-reported-reassigned': async (h, org) => {
    const answer = await h.call('PUT', `${keyPath(org.primary)}/channels/${org.channel('native-dedicated').id}`, { token: org.admin });
    return answer.body.data.unchanged === true && answer.body.data.reassigned === false;
  },
  'envelope.item-unwrapped': async (h, org) => (await h.call('GET', `/v4/channels/${org.channel('rcs').id}`, { token: org.primary })).body.data?.id === org.channel('rcs').id,
  'time.channels.created-at-seconds': async (h, org) =>
    (await h.call('GET', `/v4/channels/${org.channel('rcs').id}`, { token: org.primary })).body.data.created_at > 1e12,
  'channels.remove.no-event': async (h, org) => {
    await h.call('DELETE', `/v4/channels/${org.channel('native-inbound').id}`, { token: org.primary, body: { reasons: ['x'] } });
    return (await events(h, org, 'number.removed')) === 1;
  },
  'channels.settings.mark-read-anywhere': async (h, org) => (await settings(h, org, 'native-shared', { auto_mark_read: true })).status === 403,
  'channels.settings.share-without-card': async (h, org) => (await settings(h, org, 'native-dedicated-nocard', { auto_share_contact: true })).status === 403,
  'channels.settings.empty-accepted': async (h, org) => (await settings(h, org, 'native-dedicated', {})).status === 422,
  'channels.settings.generic-forbidden-code': async (h, org) =>
    (await settings(h, org, 'native-shared', { auto_mark_read: true })).body.error.code === 'auto_mark_read_not_allowed',
  'channels.profile.accept-unknown-keys': async (h, org) =>
    (await h.call('PUT', `/v4/channels/${org.channel('rcs').id}/profile`, { token: org.primary, body: { colour: 'red' } })).status === 422,
  'numbers.purchase.outcome-not-emitted': async (h, org) => {
    const bought = await buy(h, org, { plan: 'dedicated_com', quantity: 1 }, 'probe-outcome');
    await h.control('POST', `/organizations/${org.id}/purchases/${bought.body.data.purchase_id}/confirm`, {});
    return (await events(h, org, 'number.purchase.completed')) === 1;
  },
  'numbers.feature-check-skipped': async (h, org) => {
    await h.control('PATCH', `/organizations/${org.id}/plan`, { number_purchase_enabled: false });
    return (await h.call('GET', '/v4/channels/native/available', { token: org.primary })).status === 403;
  },
  'numbers.inventory.full-number': async (h, org) => {
    await h.control('POST', `/organizations/${org.id}/inventory`, { numbers: [{ phone_number: '+14155550111', kind: 'shared' }] });
    return !JSON.stringify((await h.call('GET', '/v4/channels/native/available', { token: org.primary })).body).includes('4155550111');
  },
  'numbers.quote.counts-wrong': async (h, org) =>
    (await h.call('GET', '/v4/channels/native/available?type=dedicated&area_code=415', { token: org.primary })).body.matched_count === 0,
  'numbers.purchase.key-optional': async (h, org) => (await buy(h, org, { plan: 'dedicated_com' }, null)).status === 400,
  'numbers.purchase.charge-per-request': async (h, org) => {
    await buy(h, org, { plan: 'dedicated_com' }, 'k');
    await buy(h, org, { plan: 'dedicated_com' }, 'k');
    return (await h.control('GET', `/organizations/${org.id}/charges`)).body.data.length === 1;
  },
  'numbers.purchase.no-line-cap': async (h, org) => (await buy(h, org, { plan: 'dedicated_com', quantity: 11 }, 'k')).status === 400,
  'numbers.purchase.shared-limit-unchecked': async (h, org) => (await buy(h, org, { plan: 'shared_nc' }, 'k')).status === 409,
  'numbers.purchase.sca-no-action-url': async (h, org) => {
    await h.control('PATCH', `/organizations/${org.id}/plan`, { payment_method: 'requires_3ds' });
    return typeof (await buy(h, org, { plan: 'dedicated_com' }, 'k')).body.data.action_url === 'string';
  },
  'priorities.first-not-default': async (h, org) => (await h.call('POST', '/v4/priorities', { token: org.primary, body: { name: 'p' } })).body.data.is_default === true,
  'priorities.patch-merges-channels': async (h, org) => {
    const p = await h.call('POST', '/v4/priorities', { token: org.primary, body: { channels: [{ channel_id: org.channel('rcs').id, priority: 1 }] } });
    const patched = await h.call('PATCH', `/v4/priorities/${p.body.data.id}`, { token: org.primary, body: { channels: [{ channel_id: org.channel('amb').id, priority: 1 }] } });
    return patched.body.data.channels.length === 1;
  },
  'priorities.list-all-keys': async (h, org) => {
    await h.call('POST', '/v4/priorities', { token: org.primary, body: { name: 'p' } });
    return (await h.call('GET', '/v4/priorities', { token: org.secondary })).body.data.length === 0;
  },
  'contacts.list.q-case-sensitive': async (h, org) => {
    await contact(h, org, { name: 'Zed' });
    return (await h.call('GET', '/v4/contacts?q=zED', { token: org.primary })).body.data.length === 1;
  },
  'contacts.list.no-pagination-block': async (h, org) => (await h.call('GET', '/v4/contacts?offset=0', { token: org.primary })).body.pagination !== undefined,
  'contacts.list.offset-with-cursor-allowed': async (h, org) => (await h.call('GET', '/v4/contacts?offset=0&cursor=x', { token: org.primary })).status === 400,
  'contacts.list.cursor-stops-early': async (h, org) => {
    await contact(h, org, { name: 'a' });
    await contact(h, org, { name: 'b' });
    return (await h.call('GET', '/v4/contacts?limit=1', { token: org.primary })).body.has_more === true;
  },
  'contacts.create.duplicate-allowed': async (h, org) => {
    await contact(h, org, { phone: '+15550001234' });
    return (await h.call('POST', '/v4/contacts', { token: org.primary, body: { phone: '+15550001234' } })).status === 409;
  },
  'contacts.identity.duplicate-allowed': async (h, org) => {
    await contact(h, org, { phone: '+15550001236' });
    const other = await contact(h, org, { name: 'Claimant' });
    return (await h.call('POST', `/v4/contacts/${other.id}/identities`, { token: org.primary, body: { phone: '+15550001236' } })).status === 409;
  },
  'contacts.delete.identities-kept': async (h, org) => {
    const c = await contact(h, org, { phone: '+15550001235' });
    await h.call('DELETE', `/v4/contacts/${c.id}`, { token: org.primary });
    return (await h.call('POST', '/v4/contacts', { token: org.primary, body: { phone: '+15550001235' } })).status === 201;
  },
  'errors.validation-as-400': async (h, org) => {
    const c = await contact(h, org, { name: 'v' });
    return (await h.call('PATCH', `/v4/contacts/${c.id}`, { token: org.primary, body: {} })).status === 422;
  },
  'contacts.merge.no-tombstone': async (h, org) => {
    const [a, b] = [await contact(h, org, { name: 'a' }), await contact(h, org, { name: 'b' })];
    await merge(h, org, a.id, b.id);
    return (await h.call('GET', `/v4/contacts/${b.id}`, { token: org.primary })).body.data.merged_into === a.id;
  },
  'contacts.merge.no-tag-union': async (h, org) => {
    const [a, b] = [await contact(h, org, { tags: ['x'] }), await contact(h, org, { tags: ['y'] })];
    return (await merge(h, org, a.id, b.id)).body.data.tags.length === 2;
  },
  'contacts.merge.identities-stay': async (h, org) => {
    const [a, b] = [await contact(h, org, { name: 'a' }), await contact(h, org, { email: 'm@example.com' })];
    return (await merge(h, org, a.id, b.id)).body.data.identities.length === 1;
  },
  'contacts.merge.no-name-fallback': async (h, org) => {
    const [a, b] = [await contact(h, org, {}), await contact(h, org, { name: 'Named' })];
    return (await merge(h, org, a.id, b.id)).body.data.name === 'Named';
  },
  'contacts.merge.repeat-conflicts': async (h, org) => {
    const [a, b] = [await contact(h, org, {}), await contact(h, org, {})];
    await merge(h, org, a.id, b.id);
    return (await merge(h, org, a.id, b.id)).status === 200;
  },
  'contacts.merge.no-event': async (h, org) => {
    const [a, b] = [await contact(h, org, {}), await contact(h, org, {})];
    await merge(h, org, a.id, b.id);
    return (await events(h, org, 'contact.merged')) === 1;
  },
  'account.call-forwarding.any-country': async (h, org) => (await forward(h, org, 'native-dedicated', '+442071234567')).status === 422,
  'account.call-forwarding.any-source': async (h, org) => {
    await h.call('PUT', `${keyPath(org.primary)}/channels/${org.channel('native-shared').id}`, { token: org.admin });
    return (await forward(h, org, 'native-shared', '+14155550123')).status === 403;
  },
};
