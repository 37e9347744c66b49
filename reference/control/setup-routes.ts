// Control API: organizations, plan facts, keys, tokens, channels, inventory, location contacts, clock.
import type { App } from '../server/app.js';
import { referenceTargetSettings } from '../target-settings.js';
import { referenceControlOperations } from './operations.js';
import { created, ok } from '../server/reply.js';
import type { Scope } from '../server/types.js';
import { isChannelKind, hasPhoneAddress } from '../store/channel-kinds.js';
import { addChannel } from '../store/channels.js';
import { planPatchError } from '../store/plan.js';
import type { PlanFacts } from '../store/types.js';
import { channelFixture, createOrganizationWithFixtures, keyFixture, tokenFixture } from './fixtures.js';
import { controlBody, controlOrg, malformed, nullableString, optionalString } from './check.js';
import { HttpError, httpError } from '../server/errors.js';

const opts = { auth: 'none', version: 'control' } as const;
const scopes = new Set<Scope>(['apikeys:read', 'apikeys:manage', 'numbers:read', 'numbers:manage']);
const e164 = /^\+[1-9][0-9]{1,14}$/;

export function registerSetupRoutes(app: App): void {
  app.route('GET', '/__control', () => ok({ version: '1', operations: referenceControlOperations, target_settings: referenceTargetSettings }), opts);

  app.route('POST', '/__control/organizations', (ctx) => {
    const body = controlBody(ctx, ['name', 'plan', 'with_channels'], [], true);
    const name = optionalString(body, 'name') ?? 'Conformance organization';
    const plan = body.plan ?? {};
    const planError = planPatchError(plan);
    if (planError) throw malformed(planError);
    if (body.with_channels !== undefined && typeof body.with_channels !== 'boolean') throw malformed('with_channels must be a boolean');
    const { fixtures } = createOrganizationWithFixtures(ctx.app.store, name, plan as Partial<PlanFacts>, body.with_channels !== false);
    return created(fixtures);
  }, opts);

  app.route('PATCH', '/__control/organizations/:organizationId/plan', (ctx) => {
    const org = controlOrg(ctx);
    const planError = planPatchError(ctx.body);
    if (planError) throw malformed(planError);
    Object.assign(org.plan, ctx.body as Partial<PlanFacts>);
    return ok(org.plan);
  }, opts);

  app.route('POST', '/__control/organizations/:organizationId/api-keys', (ctx) => {
    const org = controlOrg(ctx);
    const body = controlBody(ctx, ['name'], [], true);
    const key = ctx.app.store.createApiKey(org, optionalString(body, 'name') ?? `dashboard key ${org.apiKeys.size + 1}`);
    return created(keyFixture(key));
  }, opts);

  app.route('POST', '/__control/organizations/:organizationId/app-tokens', (ctx) => {
    const org = controlOrg(ctx);
    const body = controlBody(ctx, ['scopes'], ['scopes']);
    const list = body.scopes;
    if (!Array.isArray(list) || !list.every((s): s is Scope => typeof s === 'string' && scopes.has(s as Scope))) {
      throw malformed('scopes must be an array of apikeys:read, apikeys:manage, numbers:read, numbers:manage');
    }
    return created(tokenFixture(ctx.app.store.createAppToken(org, list)));
  }, opts);

  app.route('POST', '/__control/organizations/:organizationId/channels', (ctx) => {
    const org = controlOrg(ctx);
    const body = controlBody(ctx, ['kind', 'owner_api_key', 'alias', 'address'], ['kind']);
    if (!isChannelKind(body.kind)) throw malformed('kind is not a channel kind');
    const kind = body.kind;
    const ownerRef = nullableString(body, 'owner_api_key');
    const alias = nullableString(body, 'alias');
    const address = optionalString(body, 'address');
    if (address !== undefined && hasPhoneAddress(kind) && !e164.test(address)) throw malformed('address must be E.164');
    const owner = ownerRef ? ctx.app.store.findApiKey(org, ownerRef) : undefined;
    if (ownerRef && !owner) throw httpError(404, 'not_found', 'Unknown owner_api_key');
    try {
      const channel = addChannel(org, { kind, alias: alias ?? null, ownerKeyId: owner?.id ?? null, ...(address !== undefined ? { address } : {}) });
      return created(channelFixture(org, channel));
    } catch (error) {
      if (error instanceof HttpError && error.status === 409) throw malformed(error.message);
      throw error;
    }
  }, opts);

  app.route('POST', '/__control/organizations/:organizationId/inventory', (ctx) => {
    const org = controlOrg(ctx);
    const body = controlBody(ctx, ['numbers'], ['numbers']);
    if (!Array.isArray(body.numbers)) throw malformed('numbers must be an array');
    const rows = body.numbers.map((row: unknown) => {
      const r = row as Record<string, unknown>;
      const extra = typeof r === 'object' && r !== null ? Object.keys(r).filter((k) => !['phone_number', 'kind', 'location'].includes(k)) : [];
      if (typeof r !== 'object' || r === null || extra.length > 0) throw malformed('each number is {phone_number, kind, location?}');
      if (typeof r.phone_number !== 'string' || !e164.test(r.phone_number)) throw malformed('phone_number must be E.164');
      if (r.kind !== 'shared' && r.kind !== 'dedicated' && r.kind !== 'inbound') throw malformed('kind must be shared, dedicated or inbound');
      if (r.location !== undefined && typeof r.location !== 'string') throw malformed('location must be a string');
      return { phoneNumber: r.phone_number, kind: r.kind, location: (r.location as string | undefined) ?? null } as const;
    });
    org.inventory.push(...rows);
    return created({ count: rows.length });
  }, opts);

  app.route('POST', '/__control/organizations/:organizationId/location-contacts', (ctx) => {
    const org = controlOrg(ctx);
    const body = controlBody(ctx, ['handle', 'name'], ['handle']);
    const handle = optionalString(body, 'handle') ?? '';
    if (handle === '') throw malformed('handle must be a non-empty string');
    const name = optionalString(body, 'name') ?? null;
    // A deterministic position per handle, so a refresh reports stable coordinates.
    const seed = [...handle].reduce((a, c) => (a * 31 + c.charCodeAt(0)) % 100_000, 7);
    org.locationContacts.set(handle.toLowerCase(), {
      handle,
      name,
      latitude: 37 + (seed % 1000) / 1000,
      longitude: -122 + (seed % 997) / 1000,
      updatedAt: org.now(),
    });
    return created({});
  }, opts);

  app.route('POST', '/__control/organizations/:organizationId/clock/advance', (ctx) => {
    const org = controlOrg(ctx);
    const body = controlBody(ctx, ['milliseconds'], ['milliseconds']);
    const ms = body.milliseconds;
    if (!Number.isInteger(ms) || (ms as number) < 0) throw malformed('milliseconds must be an integer >= 0');
    org.clockOffsetMs += ms as number;
    return ok({ now: org.now() });
  }, opts);
}
