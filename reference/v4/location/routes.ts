// Device location sharing: friends sharing their location with the linked device account.
import type { App } from '../../server/app.js';
import { orgOf } from '../../server/caller.js';
import { notFound } from '../../server/errors.js';
import { ok } from '../../server/reply.js';
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

export function registerLocationRoutes(app: App): void {
  app.route('GET', '/v4/location/contacts', (ctx) => ok([...orgOf(ctx).locationContacts.values()].map(view)), either);
  app.route('GET', '/v4/location/contacts/refresh', refresh, either);
  app.route('POST', '/v4/location/contacts/refresh', refresh, either);
  app.route('GET', '/v4/location/contacts/:handle', (ctx) => {
    const contact = orgOf(ctx).locationContacts.get((ctx.params.handle ?? '').toLowerCase());
    if (!contact) throw notFound('Location contact');
    return ok(view(contact));
  }, either);
}
