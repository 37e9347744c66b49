// Success replies. Item responses are `{data: {...}}`; list responses are pages (store/pagination.ts).
import type { Reply } from './types.js';

export const json = (status: number, body: unknown, headers?: Record<string, string>): Reply =>
  headers ? { status, body, headers } : { status, body };
export const ok = (data: unknown): Reply => ({ status: 200, body: { data } });
export const created = (data: unknown): Reply => ({ status: 201, body: { data } });
export const accepted = (data: unknown): Reply => ({ status: 202, body: { data } });
/** A page object as the body, unwrapped: `{data: [...], has_more, next_cursor, ...}`. */
export const page = (body: object): Reply => ({ status: 200, body });
