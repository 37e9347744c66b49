// Fault switches that make a delivery name an id of another action of the same run: each event carrying the id
// (a poll's, a message's, a group's, a chat's) names the one the organization's previous such event named, when
// that was another. Every field keeps its documented form; only a suite that pairs a delivery with the action that
// caused it by what the action knows, not by arrival order, sees that the event is another action's.
import type { EventMeta } from '../server/event-bus.js';
import type { Org } from '../store/types.js';
import type { FaultDecl } from '../faults.js';
import type { Fields, Switch } from './field-faults.js';

interface CrossedId {
  decl: FaultDecl;
  /** The field that names the id, in the v4 data and the flat body alike. */
  field: string;
  on(f: Switch): boolean;
}

const pollShapes = ['events.poll-received.shape', 'events.poll-created.shape', 'events.poll-voted.shape'];
/** Each id's deliveries then reach no check as their action's: the routing checks miss them. */
const routing = ['events.routing.v4-receives-all', 'events.routing.v2-message-events', 'events.routing.v2-poll-events'];

const crossedIds: CrossedId[] = [
  {
    field: 'poll_id',
    on: (f) => f('events.ids.poll-of-another-action'),
    decl: { name: 'events.ids.poll-of-another-action', description: "Poll events name the poll of the organization's previous poll event (another action of the run), not their own.", clauses: [...pollShapes, ...routing] },
  },
  {
    field: 'message_id',
    on: (f) => f('events.ids.message-of-another-action'),
    decl: {
      name: 'events.ids.message-of-another-action',
      description: "Events name the message of the organization's previous event that named one (another action of the run), in the body and X-Service-Message-Id.",
      clauses: ['events.message-received.shape', 'events.envelope.v4-message-received-data', 'events.header.message-id', 'events.flat.base-fields', ...routing],
    },
  },
  {
    field: 'group_id',
    on: (f) => f('events.ids.group-of-another-action'),
    decl: { name: 'events.ids.group-of-another-action', description: "Group events name the group of the organization's previous group event (another action of the run).", clauses: ['events.group-name-changed.shape', 'events.group-icon-changed.shape', 'events.message-received.shape', 'events.typing-started.shape', ...pollShapes, 'events.routing.v2-group-events-all-only', ...routing] },
  },
  {
    field: 'chat_id',
    on: (f) => f('events.ids.chat-of-another-action'),
    decl: { name: 'events.ids.chat-of-another-action', description: "Events name the chat of the organization's previous event that named one (another action of the run).", clauses: ['events.envelope.v4-message-received-data', 'events.envelope.v2-flat-shape', 'events.message-received.shape', ...pollShapes, ...routing] },
  },
];

export const crossedIdDecls: FaultDecl[] = crossedIds.map((c) => c.decl);

/** Per organization: the last id each field named (what the next event names under the fault). */
const lastNamed = new WeakMap<Org, Map<string, string>>();

/** The id `field` names in the event: its flat fields', its data's, or (message_id) the event's message. */
function namedId(field: string, data: Fields, meta: EventMeta): string | undefined {
  const value = (field === 'message_id' ? meta.messageId : undefined) ?? meta.flat?.[field] ?? data[field];
  return typeof value === 'string' ? value : undefined;
}

/** The event's data and flat fields with the ids of every active crossed-id fault replaced by the previous event's. */
export function withCrossedIds(org: Org, data: Fields, meta: EventMeta, f: Switch): { data: Fields; meta: EventMeta } {
  const active = crossedIds.filter((c) => c.on(f));
  if (active.length === 0) return { data, meta };
  let last = lastNamed.get(org);
  if (last === undefined) lastNamed.set(org, (last = new Map()));
  for (const { field } of active) {
    const own = namedId(field, data, meta);
    if (own === undefined) continue;
    const other = last.get(field);
    last.set(field, own);
    if (other === undefined || other === own) continue;
    const swap = (fields: Fields): Fields => (field in fields ? { ...fields, [field]: other } : fields);
    data = swap(data);
    meta = { ...meta, ...(meta.flat === undefined ? {} : { flat: swap(meta.flat) }), ...(field === 'message_id' && typeof meta.messageId === 'string' ? { messageId: other } : {}) };
  }
  return { data, meta };
}
