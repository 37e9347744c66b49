// API keys (app token only): list, create, get, deprecate.
import type { App } from '../../server/app.js';
import { orgOf } from '../../server/caller.js';
import { httpError, notFound, validation } from '../../server/errors.js';
import { json, ok, page, unshownSuccess } from '../../server/reply.js';
import { objectBody } from '../../server/validate.js';
import { releaseAll } from '../../store/channels.js';
import { cursorPage, demandLimit } from '../../store/pagination.js';
import type { ApiKeyRecord } from '../../store/types.js';
import { appOnly } from '../options.js';
import { apiKeyView } from '../views.js';
import { registerAssignmentRoutes } from './assignment.js';
import { pathKey } from './path-key.js';


/** The key with all but its first characters hidden (what a broken create response shows). */
function maskedKey(secret: string): string {
  return `${secret.slice(0, 8)}${'*'.repeat(Math.max(0, secret.length - 8))}`;
}

function activeKeyCount(keys: Iterable<ApiKeyRecord>): number {
  let count = 0;
  for (const key of keys) if (!key.deprecated) count += 1;
  return count;
}

/** When each key was deprecated (wall clock), for the variant late-lists. */
const deprecatedAt = new WeakMap<ApiKeyRecord, number>();

export function registerApiKeyRoutes(app: App): void {
  app.route('GET', '/v4/api-keys', (ctx) => {
    // Fault: pagination.limit-required (GET /api-keys, /contacts and /channels answer 400 without a limit).
    demandLimit(ctx.query, ctx.app.fault('pagination.limit-required'));
    const keys = [...orgOf(ctx).apiKeys.values()];
    const leak = ctx.app.fault('apikeys.list-shows-full-key');
    // Faults: apikeys.list.deprecated-reported-active (a deprecated key is listed as active),
    // apikeys.list.blocked-reported (every listed key says blocked while its item read says not).
    const activeListed = ctx.app.fault('apikeys.list.deprecated-reported-active');
    const blockedListed = ctx.app.fault('apikeys.list.blocked-reported');
    // Variants: lean-list-rows (a listed key shows its id, name and state only), late-lists (a deprecation
    // reaches the list a moment after its answer).
    const { leanListRows, lateListsMs } = ctx.app.variant;
    const late = (k: ApiKeyRecord) => lateListsMs > 0 && k.deprecated && Date.now() - (deprecatedAt.get(k) ?? 0) < lateListsMs;
    const view = (k: ApiKeyRecord) => {
      const full: Record<string, unknown> = { ...apiKeyView(k), ...(late(k) ? { deprecated: false } : {}) };
      return leanListRows ? { api_key: full.api_key, name: full.name, deprecated: full.deprecated } : full;
    };
    const row = (k: ApiKeyRecord) => ({ ...view(k), ...(leak ? { api_key: k.secret } : {}), ...(activeListed ? { deprecated: false } : {}), ...(blockedListed ? { blocked: true } : {}) });
    const result = cursorPage(keys.map(row), ctx.query, ctx.app.variant);
    // Fault: pagination.api-keys-skip (a page that has more drops its last item, which the cursor skips).
    if (ctx.app.fault('pagination.api-keys-skip') && result.has_more) result.data = result.data.slice(0, -1);
    return page(result);
  }, appOnly('apikeys:read'));

  app.route('POST', '/v4/api-keys', (ctx) => {
    const org = orgOf(ctx);
    const body = objectBody(ctx.body);
    if (typeof body.name !== 'string' || body.name.trim() === '') throw validation('name must be a non-empty string', { field: 'name' });
    const ceiling = org.plan.active_key_ceiling + (ctx.app.fault('apikeys.ceiling-off-by-one') ? 1 : 0) - (ctx.app.fault('apikeys.ceiling-one-early') ? 1 : 0);
    if (activeKeyCount(org.apiKeys.values()) >= ceiling) {
      throw httpError(409, 'api_key_limit_reached', 'The organization has reached its ceiling of active API keys', { limit: org.plan.active_key_ceiling });
    }
    const key = ctx.app.store.createApiKey(org, body.name, ctx.app.fault('apikeys.create.key-without-prefix') ? 'key' : 'api');
    const data: Record<string, unknown> = { ...apiKeyView(key), api_key: ctx.app.fault('apikeys.create.masked-key') ? maskedKey(key.secret) : key.secret, key_id: key.id };
    // Faults: apikeys.create.created-at-seconds, apikeys.create.valid-until-past (before its creation), apikeys.create.name-ignored.
    if (ctx.app.fault('apikeys.create.created-at-seconds')) data.created_at = Math.floor(key.createdAt / 1000);
    if (ctx.app.fault('apikeys.create.valid-until-past')) data.valid_until = key.createdAt - 86_400_000;
    if (ctx.app.fault('apikeys.create.name-ignored')) data.name = 'API key';
    if (ctx.app.fault('apikeys.create.fields-missing')) {
      delete data.blocked;
      delete data.deprecated;
    }
    return json(ctx.app.variant.createdStatus ? 201 : 200, { data });
  }, appOnly('apikeys:manage'));

  app.route('GET', '/v4/api-keys/:apiKey', (ctx) => {
    const key = pathKey(ctx);
    const view = apiKeyView(key);
    if (ctx.app.fault('apikeys.get-shows-full-key')) view.api_key = key.secret;
    if (ctx.app.fault('apikeys.delete.reported-active')) view.deprecated = false;
    return ok(view);
  }, appOnly('apikeys:read'));

  app.route('DELETE', '/v4/api-keys/:apiKey', (ctx) => {
    const key = pathKey(ctx);
    if (key.deprecated && ctx.app.fault('apikeys.delete-not-idempotent')) throw notFound('API key');
    if (!key.deprecated) deprecatedAt.set(key, Date.now());
    key.deprecated = true;
    if (!ctx.app.fault('apikeys.deprecate-keeps-channels')) releaseAll(orgOf(ctx), key.id);
    return unshownSuccess(ctx.app.variant, 'done', { data: apiKeyView(key) });
  }, appOnly('apikeys:manage'));

  registerAssignmentRoutes(app);
}
