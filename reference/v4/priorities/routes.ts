// Priorities, owned by the calling key (or app token): CRUD and the default rules.
import { randomUUID } from 'node:crypto';
import type { App } from '../../server/app.js';
import { callerId, orgOf } from '../../server/caller.js';
import { notFound, validation } from '../../server/errors.js';
import { created, deletedResult, json, ok, page } from '../../server/reply.js';
import type { Ctx } from '../../server/types.js';
import { objectBody } from '../../server/validate.js';
import { newId } from '../../store/ids.js';
import { cursorPage } from '../../store/pagination.js';
import { ownerPriorities } from '../../store/priorities.js';
import type { Org, PriorityRecord } from '../../store/types.js';
import { either } from '../options.js';
import { priorityView } from '../views.js';
import { parsePriorityChannels } from './parse.js';

// For the fault ids.priorities.per-organization only: a counter per organization instead of global ids.
const sequences = new WeakMap<Org, number>();
function sequentialId(org: Org): string {
  const next = (sequences.get(org) ?? 0) + 1;
  sequences.set(org, next);
  return `pri_${next}`;
}

function ownedPriority(ctx: Ctx): PriorityRecord {
  const priority = orgOf(ctx).priorities.get(ctx.params.priorityId ?? '');
  if (!priority || priority.ownerId !== callerId(ctx)) throw notFound('Priority');
  return priority;
}

/** One default per owner: making one default clears the others. */
function makeDefault(org: Org, priority: PriorityRecord): void {
  for (const other of ownerPriorities(org, priority.ownerId)) other.isDefault = other === priority;
}

function checkFields(body: Record<string, unknown>): void {
  if (body.name !== undefined && body.name !== null && typeof body.name !== 'string') throw validation('name must be a string', { field: 'name' });
  if (body.is_default !== undefined && typeof body.is_default !== 'boolean') throw validation('is_default must be a boolean', { field: 'is_default' });
}

export function registerPriorityRoutes(app: App): void {
  app.route('GET', '/v4/priorities', (ctx) => {
    const org = orgOf(ctx);
    const list = ctx.app.fault('priorities.list-all-keys') ? [...org.priorities.values()] : ownerPriorities(org, callerId(ctx));
    const result = cursorPage(list.map((p) => priorityView(org, p)), ctx.query, ctx.app.variant);
    // Fault: pagination.priorities-skip (a page that has more drops its last item, which the cursor skips).
    if (ctx.app.fault('pagination.priorities-skip') && result.has_more) result.data = result.data.slice(0, -1);
    return page(result);
  }, either);

  app.route('POST', '/v4/priorities', (ctx) => {
    // Fault: priorities.create.404 (the documented endpoint answers 404, as if it did not exist).
    if (ctx.app.fault('priorities.create.404')) throw notFound('Route');
    const org = orgOf(ctx);
    const lenient = ctx.app.fault('priorities.create.non-object-body-accepted');
    const body = lenient && (typeof ctx.body !== 'object' || ctx.body === null || Array.isArray(ctx.body)) ? {} : objectBody(ctx.body);
    checkFields(body);
    const channels = parsePriorityChannels(org, body.channels ?? [], 400);
    const ownerId = callerId(ctx);
    const first = ownerPriorities(org, ownerId).length === 0;
    const honoursFalse = body.is_default === false && !ctx.app.fault('priorities.is-default-false-ignored');
    const isDefault = body.is_default === true || (first && !honoursFalse && !ctx.app.fault('priorities.first-not-default'));
    const priority: PriorityRecord = {
      id: ctx.app.fault('ids.priorities.per-organization') ? sequentialId(org) : ctx.app.variant.uuidPriorityIds ? randomUUID() : newId('pri'),
      orgId: org.id,
      ownerId,
      name: (body.name as string | null | undefined) ?? null,
      isDefault,
      channels,
      createdAt: org.now(),
    };
    org.priorities.set(priority.id, priority);
    org.prioritiesByOwner.set(ownerId, [...(org.prioritiesByOwner.get(ownerId) ?? []), priority.id]);
    if (isDefault) makeDefault(org, priority);
    const view = priorityView(org, priority);
    // Fault: priorities.create.200 (200 where the description says 201).
    return ctx.app.fault('priorities.create.200') ? ok(view) : created(view);
  }, either);

  app.route('GET', '/v4/priorities/:priorityId', (ctx) => {
    const view = priorityView(orgOf(ctx), ownedPriority(ctx));
    // Fault: priorities.get.unwrapped (the bare priority instead of {data: ...}).
    return ctx.app.fault('priorities.get.unwrapped') ? json(200, view) : ok(view);
  }, either);

  app.route('PATCH', '/v4/priorities/:priorityId', (ctx) => {
    const org = orgOf(ctx);
    const priority = ownedPriority(ctx);
    const body = objectBody(ctx.body);
    checkFields(body);
    if (body.channels !== undefined) {
      // PATCH lists no 400 (section 4): a malformed selector is refused as an invalid body.
      const replacement = parsePriorityChannels(org, body.channels, 422);
      // Wholesale replacement; the broken variant merges the new set into the old one.
      priority.channels = ctx.app.fault('priorities.patch-merges-channels')
        ? [...priority.channels.filter((e) => !replacement.some((r) => r.channelId === e.channelId)), ...replacement]
        : replacement;
    }
    // Fault: priorities.patch.name-ignored.
    if (body.name !== undefined && !ctx.app.fault('priorities.patch.name-ignored')) priority.name = body.name as string | null;
    if (body.is_default === true) makeDefault(org, priority);
    if (body.is_default === false) priority.isDefault = false;
    return ok(priorityView(org, priority));
  }, either);

  app.route('DELETE', '/v4/priorities/:priorityId', (ctx) => {
    const org = orgOf(ctx);
    const priority = ownedPriority(ctx);
    if (ctx.app.fault('priorities.delete-keeps')) return deletedResult(ctx.app.variant, priority.id, org.now());
    org.priorities.delete(priority.id);
    org.prioritiesByOwner.set(priority.ownerId, (org.prioritiesByOwner.get(priority.ownerId) ?? []).filter((id) => id !== priority.id));
    return deletedResult(ctx.app.variant, priority.id, org.now());
  }, either);
}
