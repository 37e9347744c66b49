// What a check did, declared once: the action record the oracle judges deliveries and answers against.
// Its parts name where an expected value comes from (spec/fields/*.yaml `from`): `subject` the object acted
// on, `did` the action taken (its enum values), `sent` the values sent, `before` the values before the action,
// `setup` what the set-up decided (flags, group members). A part or key left out is not derivable: the field
// it would judge is then left unjudged, never failed (a vendor target's sandbox decides what it decides).

export type ActionPart = 'subject' | 'did' | 'sent' | 'before' | 'setup';

export interface EventAction {
  /** The event type the action causes. */
  type: string;
  /** Epoch ms just before the action was asked for: no event time of it can be earlier. */
  startedAt: number;
  subject?: {
    message_id?: string;
    /** The v4 `chat_` id. */
    chat_id?: string;
    /** The other party as flat bodies name it (phone number, email or group id). */
    external_id?: string;
    /** The organization's line that handled it (its address). */
    line?: string;
    protocol?: string;
    channel_type?: string;
    /** The group's id, or null for a 1:1 chat. */
    group_id?: string | null;
    poll_id?: string;
  };
  did?: Record<string, unknown>;
  sent?: Record<string, unknown>;
  before?: Record<string, unknown>;
  setup?: Record<string, unknown>;
  /** Event ids the control API reported for it, when it did. */
  eventIds?: string[];
  /** The event may name another message than subject.message_id (a reaction's own id, AMBIGUITIES v4 41). */
  mayNameOtherMessage?: boolean;
}

/** Sentinel: the action does not state the value (the field is not derivable for it). */
export const underived = Symbol('underived');
export type Derived = unknown | typeof underived;

/** The value at `path` (`subject.chat_id`, `did.type`, `literal.null`) of the action, or `underived`. */
export function derive(action: EventAction, path: string): Derived {
  if (path === 'literal.null') return null;
  if (path === 'did.type') return action.type;
  const [part, ...rest] = path.split('.');
  const key = rest.join('.');
  const source = (action as unknown as Record<string, unknown>)[part ?? ''];
  if (typeof source !== 'object' || source === null || !Object.prototype.hasOwnProperty.call(source, key)) return underived;
  const value = (source as Record<string, unknown>)[key];
  return value === undefined ? underived : value;
}

/**
 * The actions declared in this process (a worker runs many checks): the oracle finds the one a delivery
 * concerns when a check waits for it. Bounded: the oldest are forgotten first.
 */
const declared: EventAction[] = [];
const kept = 2000;

export function declareAction(action: EventAction): EventAction {
  declared.push(action);
  if (declared.length > kept) declared.splice(0, declared.length - kept);
  return action;
}

export function declaredActions(): readonly EventAction[] {
  return declared;
}
