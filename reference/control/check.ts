// Body checks of the control API: 400 for a malformed request (additionalProperties: false everywhere).
import { httpError } from '../server/errors.js';
import type { Ctx } from '../server/types.js';
import { isJsonObject } from '../server/validate.js';
import type { Org } from '../store/types.js';

export type Body = Record<string, unknown>;

export function controlBody(ctx: Ctx, allowed: readonly string[], required: readonly string[] = [], optionalBody = false): Body {
  const body = ctx.body;
  if (body === undefined && optionalBody) return {};
  if (!isJsonObject(body)) throw malformed('The body must be a JSON object');
  const extra = Object.keys(body).filter((k) => !allowed.includes(k));
  if (extra.length > 0) throw malformed(`Unknown field${extra.length > 1 ? 's' : ''}: ${extra.join(', ')}`);
  const missing = required.filter((k) => !(k in body));
  if (missing.length > 0) throw malformed(`Missing field${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`);
  return body as Body;
}

export function malformed(message: string) {
  return httpError(400, 'bad_request', message);
}

export function controlOrg(ctx: Ctx): Org {
  const id = ctx.params.organizationId ?? '';
  const org = ctx.app.store.org(id);
  if (!org) throw httpError(404, 'not_found', `Unknown organization ${id}`);
  return org;
}

export function optionalString(body: Body, key: string): string | undefined {
  const value = body[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw malformed(`${key} must be a string`);
  return value;
}

export function nullableString(body: Body, key: string): string | null | undefined {
  const value = body[key];
  if (value === null) return null;
  return optionalString(body, key);
}
