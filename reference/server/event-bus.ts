// The event bus interface. MESSAGING implements it in reference/events/bus.ts
// (`export function createEventBus(app: App): EventBus`): it stores the event, builds the v4 envelope
// and the flat v2 body, and delivers to subscriptions. Until that module exists, startReference uses
// the recording bus below, which only stores events (so the control API can list them).
import { newId } from '../store/ids.js';
import type { Org } from '../store/types.js';

export interface EventMeta {
  /** The message the event concerns (X-Service-Message-Id and the flat body's message_id). */
  messageId?: string | null;
  /** Fields of the flat v2 body beyond `data` (external_id, protocol, internal_id, chat_id, ...). */
  flat?: Record<string, unknown>;
}

export interface EventRecord {
  id: string; // evt_
  type: string;
  created_at: number;
  organization_id: string;
  data: Record<string, unknown>;
  meta: EventMeta;
}

export interface EventBus {
  /** Store and deliver an event; returns the stored record at once (delivery is asynchronous). */
  emit(org: Org, type: string, data: Record<string, unknown>, meta?: EventMeta): EventRecord;
  /** Events emitted by the organization, oldest first, optionally of one type. */
  list(org: Org, type?: string): EventRecord[];
  /** Stop timers and in-flight deliveries (called by close()). */
  close?(): Promise<void>;
}

export function createRecordingBus(): EventBus {
  const byOrg = new WeakMap<Org, EventRecord[]>();
  return {
    emit(org, type, data, meta = {}) {
      const record: EventRecord = { id: newId('evt'), type, created_at: org.now(), organization_id: org.id, data, meta };
      let list = byOrg.get(org);
      if (!list) byOrg.set(org, (list = []));
      list.push(record);
      return record;
    },
    list(org, type) {
      const list = byOrg.get(org) ?? [];
      return type === undefined ? [...list] : list.filter((e) => e.type === type);
    },
  };
}
