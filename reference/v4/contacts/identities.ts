// Contact identities: list, attach, rename in place.
import type { App } from '../../server/app.js';
import { orgOf } from '../../server/caller.js';
import { httpError, notFound, validation } from '../../server/errors.js';
import { created, ok, page } from '../../server/reply.js';
import { objectBody } from '../../server/validate.js';
import { attachIdentity, changeIdentity, contactIdentities } from '../../store/contacts.js';
import { cursorPage } from '../../store/pagination.js';
import { either } from '../options.js';
import { identityView } from '../views.js';
import { identityInput, pathContact, writableContact } from './input.js';

export function registerIdentityRoutes(app: App): void {
  app.route('GET', '/v4/contacts/:contactId/identities', (ctx) => {
    const contact = pathContact(ctx);
    // Fault: contacts.identities.list-empty.
    const held = ctx.app.fault('contacts.identities.list-empty') ? [] : contactIdentities(orgOf(ctx), contact);
    const result = cursorPage(held.map(identityView), ctx.query, ctx.app.variant);
    // The fault drops the last item of every page that has more: the cursor still moves past it.
    if (ctx.app.fault('pagination.identities-skip') && result.has_more) result.data = result.data.slice(0, -1);
    return page(result);
  }, either);

  app.route('POST', '/v4/contacts/:contactId/identities', (ctx) => {
    const org = orgOf(ctx);
    const contact = writableContact(ctx);
    const input = identityInput(objectBody(ctx.body));
    if (!input) throw validation('An identity needs a phone or an email', { fields: ['phone', 'email'] });
    // attachIdentity moves updated_at, once the identity is attached: a refused attach changes nothing.
    const view = identityView(attachIdentity(org, contact, input, ctx.app.fault('contacts.identity.duplicate-allowed')));
    // Faults: contacts.identity.id-without-prefix (the id without cid_), contacts.identity.attach-200 (200 where the description says 201).
    if (ctx.app.fault('contacts.identity.id-without-prefix')) view.id = String(view.id).replace(/^cid_/, '');
    return ctx.app.fault('contacts.identity.attach-200') ? ok(view) : created(view);
  }, either);

  app.route('PATCH', '/v4/contacts/:contactId/identities/:identityId', (ctx) => {
    const org = orgOf(ctx);
    // A tombstone: 409 like the attach (the row lists 404 and a default error response).
    const contact = writableContact(ctx);
    const id = ctx.params.identityId ?? '';
    if (!/^cid_[A-Za-z0-9]+$/.test(id)) throw httpError(400, 'invalid_identity_id', 'The identity id must be a cid_ id', { identity_id: id });
    const identity = org.identities.get(id);
    if (!identity || identity.deleted || identity.contactId !== contact.id) throw notFound('Identity');
    const body = objectBody(ctx.body);
    const input = identityInput({ ...body, name: undefined });
    if (body.name !== undefined && body.name !== null && typeof body.name !== 'string') throw validation('name must be a string', { field: 'name' });
    if (input) changeIdentity(org, identity, input);
    if (typeof body.name === 'string') {
      // Fault: contacts.identity.rename-skips-identity (only the parent contact takes the name).
      if (!ctx.app.fault('contacts.identity.rename-skips-identity')) identity.name = body.name;
      if (!ctx.app.fault('contacts.identity.rename-skips-contact')) contact.name = body.name;
    }
    contact.updatedAt = org.now();
    return ok(identityView(identity));
  }, either);
}
