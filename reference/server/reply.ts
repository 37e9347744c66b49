// Success replies. Item responses are `{data: {...}}`; list responses are pages (store/pagination.ts).
import type { Variant } from '../variants.js';
import type { Reply } from './types.js';

export const json = (status: number, body: unknown, headers?: Record<string, string>): Reply =>
  headers ? { status, body, headers } : { status, body };
export const ok = (data: unknown): Reply => ({ status: 200, body: { data } });
export const created = (data: unknown): Reply => ({ status: 201, body: { data } });
export const accepted = (data: unknown): Reply => ({ status: 202, body: { data } });
/** A page object as the body, unwrapped: `{data: [...], has_more, next_cursor, ...}`. */
export const page = (body: object): Reply => ({ status: 200, body });

/**
 * A success whose status or body the description does not show (v2 creates and actions, v4 typing, key
 * deprecation and unassignment): 200 with the body, or under the unshownSuccessForms variant 201 for a
 * creation and 204 with no body for an action.
 */
export function unshownSuccess(variant: Variant, kind: 'created' | 'done', body: unknown): Reply {
  if (!variant.unshownSuccessForms) return { status: 200, body };
  return kind === 'created' ? { status: 201, body } : { status: 204 };
}

/**
 * `200 {data: {id, deleted}}` of a delete: `deleted` true, or under the deletedAsTime variant the time of deletion
 * in epoch ms (the description gives the field's name, not its type: AMBIGUITIES v4 22).
 */
export function deletedResult(variant: Variant, id: string, at: number): Reply {
  return ok({ id, deleted: variant.deletedAsTime ? at : true });
}
