// Device location sharing: friends sharing their location with the linked device account.
import type { App } from '../../server/app.js';
import { orgOf } from '../../server/caller.js';
import { notFound } from '../../server/errors.js';
import { json, ok } from '../../server/reply.js';
import type { Ctx, Reply } from '../../server/types.js';
import type { LocationContact } from '../../store/types.js';
import { either } from '../options.js';

const view = (c: LocationContact) => ({ handle: c.handle, name: c.name, latitude: c.latitude, longitude: c.longitude, updated_at: c.updatedAt });

function refresh(ctx: Ctx): Reply {
  const org = orgOf(ctx);
  const now = org.now();
  for (const contact of org.locationContacts.values()) contact.updatedAt = now;
  return ok({ refreshed_at: now, contacts: [...org.locationContacts.values()].map(view) });
}

function list(ctx: Ctx): Reply {
  const contacts = ctx.app.fault('location.list.empty') ? [] : [...orgOf(ctx).locationContacts.values()].map(view);
  return ctx.app.fault('location.list.unwrapped') ? json(200, contacts) : ok(contacts);
}

function one(ctx: Ctx): Reply {
  const raw = ctx.params.handle ?? '';
  const handle = ctx.app.fault('location.contact.phone-not-decoded') ? raw.replace(/^\+/, '%2B') : raw;
  const contact = orgOf(ctx).locationContacts.get(handle.toLowerCase());
  if (contact) return ok(view(contact));
  if (ctx.app.fault('location.contact.unknown-200')) return ok(null);
  if (ctx.app.fault('location.contact.no-details')) return json(404, { error: { code: 'not_found', message: 'Location contact not found' } });
  throw notFound('Location contact');
}

export function registerLocationRoutes(app: App): void {
  app.route('GET', '/v4/location/contacts', list, either);
  // Fault: location.refresh.get-missing (only the POST form exists).
  app.route('GET', '/v4/location/contacts/refresh', (ctx) => {
    if (ctx.app.fault('location.refresh.get-missing')) throw notFound('Route');
    return refresh(ctx);
  }, either);
  app.route('POST', '/v4/location/contacts/refresh', (ctx) => {
    if (ctx.app.fault('location.refresh.post-missing')) throw notFound('Route');
    return refresh(ctx);
  }, either);
  app.route('GET', '/v4/location/contacts/:handle', one, either);
}
