// "Ids are prefixed and globally unique" (section 2), for the id of a v4 envelope: it names one event. The same
// event delivered again (at least once, a retry, a replay, a second subscription) carries the same id by design;
// another event under an id already seen (another type, or other data) breaks the clause. What each id named is
// kept for the life of the process (a worker runs many checks), as a digest, and bounded.
import { createHash } from 'node:crypto';
import type { Finding } from '../checks/failure.js';

export const eventIdClause = 'ids.prefix.globally-unique';

/** Most ids remembered: beyond it the oldest are forgotten (a run delivers far fewer). */
const remembered = 50_000;
const seen = new Map<string, { digest: string; type: string }>();

/** The findings of a v4 envelope whose id an earlier delivery carried with another event; none for a v2 body. */
export function eventIdFindings(body: unknown): Finding[] {
  if (!isRecord(body) || typeof body.id !== 'string' || typeof body.type !== 'string') return [];
  const digest = digestOf(body.type, body.data);
  const before = seen.get(body.id);
  if (before === undefined) {
    if (seen.size >= remembered) seen.delete(seen.keys().next().value as string);
    seen.set(body.id, { digest, type: body.type });
    return [];
  }
  if (before.digest === digest) return [];
  const what = before.type === body.type ? `another ${body.type} event (other data)` : `a ${before.type} event`;
  return [{ clause: eventIdClause, field: 'id', expected: `an id no other event carries (${body.id} named ${what} earlier in the run)`, actual: `${body.id} on this ${body.type} event` }];
}

/** Forgets every id (tests). */
export function forgetEventIds(): void {
  seen.clear();
}

function digestOf(type: string, data: unknown): string {
  return createHash('sha256').update(type).update('\0').update(stableJson(data)).digest('base64');
}

/** JSON with every object's keys sorted, so that two deliveries of one event compare equal whatever their key order. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (isRecord(value)) return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${stableJson(value[key])}`).join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
