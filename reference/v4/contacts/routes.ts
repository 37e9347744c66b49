// Contacts: list, create, get, rename, soft delete, merge.
import type { App } from '../../server/app.js';
import type { Ctx } from '../../server/types.js';
import { orgOf } from '../../server/caller.js';
import { httpError, notFound, validation } from '../../server/errors.js';
import { created, deletedResult, ok, page } from '../../server/reply.js';
import { objectBody } from '../../server/validate.js';
import { createContact, softDeleteContact, uniqueTags } from '../../store/contacts.js';
import { mergeContacts } from '../../store/merge.js';
import { createdIdentities, createdNames, movedBy, rememberCreated, renamedAt } from './history.js';
import type { ContactRecord } from '../../store/types.js';
import { either } from '../options.js';
import { contactView } from '../views.js';
import { identityInput, pathContact, refuseUnnamedFields, tagsInput, writableContact } from './input.js';
import { listContacts } from './list.js';
import { demandLimit } from '../../store/pagination.js';
import { registerIdentityRoutes } from './identities.js';

export function registerContactRoutes(app: App): void {
  app.route('GET', '/v4/contacts', (ctx) => {
    demandLimit(ctx.query, ctx.app.fault('pagination.limit-required'));
    const org = orgOf(ctx);
    const result = listContacts(org, ctx.query, ctx.app.variant, {
      qCaseSensitive: ctx.app.fault('contacts.list.q-case-sensitive'),
      // Fault: contacts.list.q-ignored (q switches to offset mode but does not narrow the list).
      qIgnored: ctx.app.fault('contacts.list.q-ignored'),
      identifierIgnored: ctx.app.fault('contacts.list.identifier-ignored'),
      noPaginationBlock: ctx.app.fault('contacts.list.no-pagination-block'),
      offsetWithCursorAllowed: ctx.app.fault('contacts.list.offset-with-cursor-allowed'),
      offsetWithCursor422: ctx.app.fault('contacts.list.offset-with-cursor-422'),
      offsetBlockUntrue: ctx.app.fault('pagination.offset-block-untrue'),
      sortPerPage: ctx.app.fault('contacts.list.sort-per-page'),
      tagCaseSensitive: ctx.app.fault('contacts.list.tag-case-sensitive'),
      sortIgnored: ctx.app.fault('contacts.list.sort-ignored'),
      filterIgnored: ctx.app.fault('contacts.list.filter-ignored'),
      directionFilterIgnored: ctx.app.fault('contacts.list.direction-filter-ignored'),
      recentOldestSwapped: ctx.app.fault('contacts.list.recent-oldest-swapped'),
      directionFilterAnyMessage: ctx.app.fault('contacts.list.direction-filter-any-message'),
    });
    // Fault: contacts.list.row-stale-name (a listed contact shows the name it was created with, as a search index never refreshed would).
    const staleName = ctx.app.fault('contacts.list.row-stale-name');
    // Variant late-lists: a rename reaches the list a moment after its answer.
    const lateName = (c: ContactRecord) => {
      const renamed = renamedAt.get(c);
      return ctx.app.variant.lateListsMs > 0 && renamed !== undefined && Date.now() - renamed.at < ctx.app.variant.lateListsMs ? { name: renamed.before } : {};
    };
    const data = result.data.map((c) => (staleName && createdNames.has(c) ? { ...contactView(org, c), name: createdNames.get(c) } : { ...contactView(org, c), ...lateName(c) }));
    // Fault: contacts.list.filtered-rows-without-tags (rows of a listing by tag or has_tags show tags [], though they are the right contacts).
    const byTags = ctx.query.get('tag') !== null || ctx.query.get('filter') === 'has_tags';
    const rows = byTags && ctx.app.fault('contacts.list.filtered-rows-without-tags') ? data.map((row) => ({ ...row, tags: [] })) : data;
    if (ctx.app.fault('contacts.list.cursor-stops-early') && !('pagination' in result)) return page({ data: rows, has_more: false, next_cursor: null });
    return page({ ...result, data: rows });
  }, either);

  app.route('POST', '/v4/contacts', (ctx) => {
    const org = orgOf(ctx);
    const body = objectBody(ctx.body, true);
    const nested = body.identity;
    if (nested !== undefined && (typeof nested !== 'object' || nested === null || Array.isArray(nested))) {
      throw validation('identity must be an object', { field: 'identity' });
    }
    const identity = identityInput({ ...(nested as Record<string, unknown> | undefined), ...body, name: undefined });
    if (body.name !== undefined && body.name !== null && typeof body.name !== 'string') throw validation('name must be a string', { field: 'name' });
    if (ctx.app.variant.strictContactCreate) refuseUnnamedFields(body);
    const allowDuplicate = ctx.app.fault('contacts.create.duplicate-allowed');
    const name = (body.name as string | null | undefined) ?? null;
    const contact = createContact(org, name === null ? null : storedName(ctx, name), identity, tagsInput(body.tags) ?? [], allowDuplicate);
    rememberCreated(contact);
    const view = contactView(org, contact);
    // Fault: contacts.create.id-without-prefix (the created contact's id without ct_).
    if (ctx.app.fault('contacts.create.id-without-prefix')) view.id = contact.id.replace(/^ct_/, '');
    // Fault: contacts.create.200 (200 where the description says 201).
    return ctx.app.fault('contacts.create.200') ? ok(view) : created(view);
  }, either);

  app.route('GET', '/v4/contacts/:contactId', (ctx) => {
    const tombstone = orgOf(ctx).contacts.get(ctx.params.contactId ?? '');
    if (tombstone?.deleted && ctx.app.fault('contacts.delete.still-readable')) return ok(contactView(orgOf(ctx), tombstone));
    const contact = pathContact(ctx, 400);
    const view = contactView(orgOf(ctx), contact);
    // Fault: contacts.object.identities-stale (the item carries only the identities the contact was created with).
    const first = createdIdentities.get(contact);
    if (ctx.app.fault('contacts.object.identities-stale') && first !== undefined) view.identities = (view.identities as Array<{ id: string }>).filter((identity) => first.includes(identity.id));
    return ok(view);
  }, either);

  app.route('PATCH', '/v4/contacts/:contactId', (ctx) => {
    const org = orgOf(ctx);
    // A tombstone: 422, as the row lists no 409 (404 would contradict GET, which still reads it).
    const contact = writableContact(ctx, 422);
    const body = objectBody(ctx.body);
    if (typeof body.name !== 'string') {
      if (ctx.app.fault('errors.validation-as-400')) throw httpError(400, 'bad_request', 'name is required');
      throw validation('name is required and must be a string', { field: 'name' });
    }
    const tags = tagsInput(body.tags);
    const before = contact.name;
    contact.name = storedName(ctx, body.name);
    renamedAt.set(contact, { at: Date.now(), before });
    if (tags) contact.tags = uniqueTags(tags);
    contact.updatedAt = org.now();
    // Fault: contacts.update.answer-shows-old-name (the rename is stored; the answer shows the name before it).
    if (ctx.app.fault('contacts.update.answer-shows-old-name')) return ok({ ...contactView(org, contact), name: before });
    return ok(contactView(org, contact));
  }, either);

  app.route('DELETE', '/v4/contacts/:contactId', (ctx) => {
    const org = orgOf(ctx);
    const contact = pathContact(ctx);
    if (ctx.app.fault('contacts.delete.identities-kept')) contact.deleted = true;
    else softDeleteContact(org, contact);
    return deletedResult(ctx.app.variant, contact.id, org.now());
  }, either);

  app.route('POST', '/v4/contacts/:contactId/merge', async (ctx) => {
    const org = orgOf(ctx);
    const survivor = pathContact(ctx, 400);
    const f = (name: string) => ctx.app.fault(`contacts.merge.${name}`);
    // Fault: contacts.merge.non-object-body-422 (only a real survivor's merge reads the body).
    if (f('non-object-body-422') && ctx.body !== undefined && (typeof ctx.body !== 'object' || ctx.body === null || Array.isArray(ctx.body))) throw validation('The body must be a JSON object');
    const body = objectBody(ctx.body);
    const sourceId = body.source_contact_id;
    if (sourceId === undefined) throw validation('source_contact_id is required', { field: 'source_contact_id' });
    if (typeof sourceId !== 'string' || !/^ct_[A-Za-z0-9]+$/.test(sourceId)) {
      if (f('malformed-id-404')) throw notFound('Source contact');
      // Only a string is named back: any other value could be anything, and huge.
      throw httpError(400, 'invalid_contact_id', 'source_contact_id must be a ct_ id', { source_contact_id: typeof sourceId === 'string' ? sourceId : null });
    }
    if (sourceId === survivor.id) {
      if (f('self-allowed')) return ok(contactView(org, survivor));
      throw httpError(400, 'cannot_merge_self', 'A contact cannot be merged into itself');
    }
    const source = org.contacts.get(sourceId);
    // Fault: contacts.merge.unknown-source-200 (an unknown source is taken as nothing to merge).
    if ((!source || source.deleted) && f('unknown-source-200')) return ok(contactView(org, survivor));
    if (!source || source.deleted) throw notFound('Source contact');
    // The fault lets a second survivor take a source already merged elsewhere.
    if (f('remerge-allowed') && source.mergedInto !== null && source.mergedInto !== survivor.id) source.mergedInto = null;
    const survivorName = survivor.name;
    // Fault: contacts.merge.concurrent-race (the state is read, then written after a pause, as a store without
    // a transaction would: a second merge of the pair arriving meanwhile merges again from what it read).
    if (f('concurrent-race') && source.mergedInto === null) {
      const seen = { identityIds: [...source.identityIds], tags: [...source.tags] };
      await new Promise((resolve) => setTimeout(resolve, 50));
      source.mergedInto = null;
      source.identityIds = seen.identityIds;
      source.tags = seen.tags;
    }
    const outcome = mergeContacts(org, survivor, source, {
      noTombstone: f('no-tombstone'),
      noTagUnion: f('no-tag-union'),
      identitiesStay: f('identities-stay'),
      noNameFallback: f('no-name-fallback'),
      repeatConflicts: f('repeat-conflicts'),
    });
    // Fault: contacts.merge.tags-concatenated (the union keeps a tag both contacts carry twice).
    if (outcome.kind === 'merged' && f('tags-concatenated')) survivor.tags = [...survivor.tags, ...source.tags];
    if (outcome.kind === 'merged' && f('source-name-wins') && source.name !== null && survivorName !== null) survivor.name = source.name;
    if (outcome.kind === 'merged' && !f('no-event')) {
      ctx.app.bus.emit(
        org,
        'contact.merged',
        { contact_id: survivor.id, survivor_contact_id: survivor.id, source_contact_id: source.id, identity_ids: outcome.movedIdentityIds },
        { messageId: null },
      );
    }
    if (outcome.kind === 'merged') movedBy.set(source, outcome.movedIdentityIds);
    const view = contactView(org, survivor);
    // Fault: contacts.merge.replay-answers-before (a repeat answers the survivor without what this merge moved to it).
    const moved = movedBy.get(source) ?? [];
    if (outcome.kind === 'unchanged' && f('replay-answers-before')) return ok({ ...view, identities: (view.identities as Array<{ id: string }>).filter((identity) => !moved.includes(identity.id)) });
    // Fault: contacts.merge.answer-drops-survivor-tags (the answer shows the source's tags only; the store has the union).
    if (f('answer-drops-survivor-tags')) return ok({ ...view, tags: [...source.tags] });
    return ok(view);
  }, either);

  registerIdentityRoutes(app);
}

/** A name as stored; fault contacts.name.non-ascii-mangled reads its UTF-8 bytes as Latin-1. */
function storedName(ctx: Ctx, name: string): string {
  return ctx.app.fault('contacts.name.non-ascii-mangled') ? Buffer.from(name, 'utf8').toString('latin1') : name;
}
