// The oracle's checks of a delivery file (harness/oracle, spec/fields/events.yaml): every field of every
// delivery the file's scenario collected, judged against the action its trigger declared, one check per clause
// so that a contradiction fails the check of the clause it breaks. v2: one check per event type's fields, the
// base fields, the event times and the headers; v4: the envelope's created_at and message.received's data.
import { check, CheckFailure, type CheckContext, type Need } from '../../harness/check/index.js';
import type { EventAction } from '../../harness/oracle/action.js';
import { judgeDelivery } from '../../harness/oracle/deliveries.js';
import { loadEventFields, isSemantic } from '../../spec/fields/index.js';
import type { Delivery } from '../../harness/webhooks/receiver.js';
import type { Subscription } from '../_shared/webhooks.js';

export interface JudgedDeliveries {
  /** Each delivery with its event type and the subscription it reached. */
  deliveries: [string, Delivery, Pick<Subscription, 'api' | 'secret'>][];
  /** Event type -> the action its trigger declared. */
  actions: ReadonlyMap<string, EventAction | undefined>;
  /** Types triggered that never arrived (their deliveries could not be judged). */
  missing: readonly string[];
  /** Types the target could not be made to emit, with why. */
  untriggered: ReadonlyMap<string, string>;
}

interface FieldCheck {
  name: string;
  title: string;
  clauses: string[];
  /** The event types whose deliveries it judges (all when absent). */
  types?: readonly string[];
}

const slug = (type: string) => type.replace(/[._]/g, '-');

/** The checks of `api`'s deliveries, from the field tables. */
export function fieldCheckList(api: 'v4' | 'v2'): FieldCheck[] {
  const tables = loadEventFields();
  if (api === 'v4') {
    return [
      { name: 'v4-created-at-is-the-event-time-in-ms', title: "the v4 envelope's created_at is the event's time in epoch ms: between the action that caused it and the delivery (a value 1000 times too small fails)", clauses: ['events.envelope.v4-created-at-ms'] },
      { name: 'v4-message-received-data-follows-the-message', title: 'the v4 data of message.received names the message received: its id, chat_ id, line type, direction inbound, sender, text and attachments', clauses: ['events.message-received.shape', 'events.envelope.v4-message-received-data'], types: ['message.received'] },
    ];
  }
  const perType = Object.entries(tables.events)
    .filter(([, table]) => (table.flat ?? []).some((rule) => isSemantic(rule.judge) && (rule.clause ?? table.clause) === table.clause))
    .map(([type, table]) => ({ name: `flat-${slug(type)}-fields-follow-the-action`, title: `every field of a flat ${type} body follows the action that caused it (${(table.flat ?? []).map((rule) => rule.field).join(', ')})`, clauses: [table.clause], types: [type] }));
  return [
    ...perType,
    { name: 'flat-base-fields-follow-the-action', title: 'the base fields of every flat body name the event, its message, the other party, the protocol and the line of the action', clauses: ['events.flat.base-fields', 'events.envelope.v2-flat-shape'] },
    { name: 'flat-times-are-epoch-ms-of-the-event', title: 'timestamp, received_at, sent_at, delivered_at and read_at of flat bodies are epoch ms between the action and the delivery (seconds fail)', clauses: ['events.flat.timestamp-ms', 'events.flat.event-times-ms'] },
    { name: 'v2-deliveries-carry-the-service-headers', title: 'deliveries to v2 subscriptions carry Content-Type application/json, X-Service-Event (the type), X-Service-Message-Id (the message) and the signature, as v4 ones do', clauses: ['events.header.content-type-json', 'events.header.event-type', 'events.header.message-id', 'events.header.signature', 'events.header.replay-true'] },
  ];
}

/** Registers the field checks of `api` over what `judged` collects (the file's shared scenario). */
export function fieldChecks(options: { area: string; api: 'v4' | 'v2'; needs: Need[]; judged: (t: CheckContext) => Promise<JudgedDeliveries> }): void {
  for (const spec of fieldCheckList(options.api)) {
    check({ area: options.area, name: spec.name, title: spec.title, clauses: spec.clauses, needs: options.needs }, async (t) => {
      // Faults: the events.fields.*, events.*-seconds and events.header.v2-* ones of reference/events/faults.ts.
      const { deliveries, actions, missing, untriggered } = await options.judged(t);
      const wanted = (type: string) => spec.types === undefined || spec.types.includes(type);
      const unjudged: string[] = [];
      let judged = 0;
      for (const [type, delivery, sub] of deliveries) {
        const action = actions.get(type);
        if (!wanted(type) || action === undefined) continue;
        const verdict = judgeDelivery(delivery, action, { api: sub.api, secret: sub.secret });
        const found = verdict.findings.filter((finding) => finding.clause !== undefined && spec.clauses.includes(finding.clause));
        if (found.length > 0) throw CheckFailure.of(`the ${type} delivery to the ${sub.api} subscription`, found);
        const mine = verdict.judged.filter((j) => spec.clauses.includes(j.clause));
        judged += mine.length;
        if (mine.length === 0) unjudged.push(`${type}: ${verdict.unjudged.map((u) => `${u.field} (${u.reason})`).join('; ') || 'no field of these clauses'}`);
      }
      const lost = missing.filter(wanted);
      if (lost.length > 0) t.notVerifiable(`no delivery of ${lost.join(', ')} arrived, so its fields could not be judged (the routing checks judge the loss)`);
      if (judged > 0) return;
      const unmade = [...untriggered].filter(([type]) => wanted(type));
      if (unmade.length > 0) t.notVerifiable(`${unmade[0]?.[0]} could not be triggered: ${unmade[0]?.[1]}`);
      t.notVerifiable(`no field of ${spec.clauses.join(', ')} could be judged${unjudged.length > 0 ? `: ${unjudged.slice(0, 3).join(' / ')}` : ' (no delivery arrived)'}`);
    });
  }
}
