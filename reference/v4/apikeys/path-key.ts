// The key named by the `{apiKey}` path parameter: its public id or its full key (404 otherwise).
import { orgOf } from '../../server/caller.js';
import { notFound } from '../../server/errors.js';
import type { Ctx } from '../../server/types.js';
import type { ApiKeyRecord } from '../../store/types.js';

export function pathKey(ctx: Ctx): ApiKeyRecord {
  const key = ctx.app.store.findApiKey(orgOf(ctx), ctx.params.apiKey ?? '');
  if (!key) throw notFound('API key');
  return key;
}
