// Benign variants of event bodies where the description is open (reference/variants.ts): event times kept at
// whole-second precision (still epoch ms: a time may then read up to 999 ms before the request that caused
// it), and a group's name left out rather than null while the group has none.
import type { EventMeta } from '../server/event-bus.js';
import type { Variant } from '../variants.js';

type Fields = Record<string, unknown>;

/** The event-time fields of section 6 (the flat `timestamp` is set as each attempt is sent, in bus.ts). */
const timeFields = ['received_at', 'sent_at', 'delivered_at', 'read_at', 'timestamp'];

export function wholeSeconds(ms: number): number {
  return Math.floor(ms / 1000) * 1000;
}

export function withOpenReadings(data: Fields, meta: EventMeta, variant: Pick<Variant, 'eventTimesWholeSeconds' | 'unnamedGroupNameAbsent'>): { data: Fields; meta: EventMeta } {
  if (!variant.eventTimesWholeSeconds && !variant.unnamedGroupNameAbsent) return { data, meta };
  const apply = (fields: Fields): Fields => {
    const out = { ...fields };
    if (variant.eventTimesWholeSeconds) for (const field of timeFields) if (typeof out[field] === 'number') out[field] = wholeSeconds(out[field]);
    if (variant.unnamedGroupNameAbsent && out.is_group === true && out.group_name === null) delete out.group_name;
    return out;
  };
  return { data: apply(data), meta: meta.flat === undefined ? meta : { ...meta, flat: apply(meta.flat) } };
}
