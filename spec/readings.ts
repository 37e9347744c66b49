// The readings the suite accepts where the description is open (spec/AMBIGUITIES.md), as data in one place: the
// checks (suites/) and the answer oracle (harness/oracle) both read it, so a reading accepted in one is never
// refused by the other. Each entry names its AMBIGUITIES item and, for each reading, the benign variant of the
// reference that takes it (reference/variants.ts; `none` is the reference as it is), which the mutants gate runs:
// spec/readings.test.ts fails when a reading has no such variant. Pure data and lookups; no I/O.

/** Where an object may sit in an answer: a dotted path below the body (`''` for the body itself). */
export interface ObjectPlace {
  at: string;
  /** How a message says where the object was found, e.g. `inside data`. */
  where: string;
  /** The benign variant whose answers put it there (`none`: the reference as it is). */
  variant: string;
}

/** An answer whose object may sit in several places: the places in the order they are looked in. */
export interface Wrapping {
  /** The AMBIGUITIES item that chose the places, e.g. `v4 7`; or the section that states the one place. */
  ambiguity: string;
  api: 'v4' | 'v2';
  method: string;
  /** The spec's path template. */
  path: string;
  /** The more specific first: the first that holds a JSON object is where the object is. */
  places: readonly ObjectPlace[];
}

/** Any other open point the suite accepts several readings of: what each reading is, and its variant. */
export interface AcceptedReading {
  ambiguity: string;
  what: string;
  readings: readonly { reading: string; variant: string }[];
}

const body = (variant: string): ObjectPlace => ({ at: '', where: 'the body itself', variant });
const inside = (at: string, variant: string, note = ''): ObjectPlace => ({ at, where: `inside ${at}${note}`, variant });

/** Answers whose object the description leaves in more than one place (or, where it speaks, in one). */
export const wrappings = {
  /** v4 7: GET /webhooks/{webhookId} "returning the v2 webhook record", where v4 items are `{data: {...}}`. */
  'v2-record-on-v4': { ambiguity: 'v4 7', api: 'v4', method: 'GET', path: '/webhooks/{webhookId}', places: [inside('data', 'v2-record-wrapped'), body('none')] },
  /** v4 10: PATCH settings answers "200 updated settings": the GET form's `{settings, available}`, or the settings alone. */
  'settings-patch': { ambiguity: 'v4 10', api: 'v4', method: 'PATCH', path: '/channels/{channel}/settings', places: [inside('data.settings', 'none'), inside('data', 'bare-settings-patch', ' (the bare settings object)')] },
  /** v4 8: the v4 subscription under the item rule. */
  'v4-webhook-created': { ambiguity: 'v4 8', api: 'v4', method: 'POST', path: '/webhooks', places: [inside('data', 'none')] },
  /** Section 9.2: v2 bodies are flat (the creation answer, with its secret, at the top). */
  'v2-webhook-created': { ambiguity: 'section 9.2', api: 'v2', method: 'POST', path: '/webhooks', places: [body('none')] },
} as const satisfies Record<string, Wrapping>;

export type WrappingName = keyof typeof wrappings;

/** The wrapping of an operation (api, method, spec path template), if the list has one. */
export function wrappingOf(api: string, method: string, path: string): Wrapping | undefined {
  return Object.values(wrappings).find((w) => w.api === api && w.method === method && w.path === path);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value at a dotted path below `value` (`''`: the value itself). */
function below(value: unknown, at: string): unknown {
  if (at === '') return value;
  let current = value;
  for (const key of at.split('.')) {
    if (!isObject(current) || !Object.prototype.hasOwnProperty.call(current, key)) return undefined;
    current = current[key];
  }
  return current;
}

/** The object of an answer under `wrapping`, and the place it was found in; undefined when no place holds one. */
export function locateObject(answer: unknown, wrapping: Pick<Wrapping, 'places'>): { object: Record<string, unknown>; place: ObjectPlace } | undefined {
  for (const place of wrapping.places) {
    const value = below(answer, place.at);
    if (isObject(value)) return { object: value, place };
  }
  return undefined;
}

/**
 * Every other open point where the suite accepts several readings, each reading with the variant that takes it.
 * (The wrappings above are listed with theirs.) A reading the suite accepts is added here with its variant.
 */
export const acceptedReadings: readonly AcceptedReading[] = [
  { ambiguity: 'v4 1', what: 'a coded v4 error body', readings: [{ reading: 'the v4 standard shape', variant: 'none' }, { reading: 'the flat shape', variant: 'v4-flat-errors' }] },
  { ambiguity: 'v4 5', what: 'successes whose status or body is not shown', readings: [{ reading: '200 with a body', variant: 'none' }, { reading: '201 for creations, 204 without a body for actions', variant: 'unshown-success-forms' }, { reading: 'POST /api-keys answered 201', variant: 'created-status' }] },
  { ambiguity: 'v4 22', what: '`deleted` of `{id, deleted}` (its type is not shown)', readings: [{ reading: 'true', variant: 'none' }, { reading: 'the time of deletion (epoch ms)', variant: 'deleted-as-time' }] },
  { ambiguity: 'v4 39', what: 'the refusal of a call-forwarding source', readings: [{ reading: '403', variant: 'none' }, { reading: '422', variant: 'forwarding-refusal-422' }] },
  { ambiguity: 'v4 40', what: 'the signature timestamp tolerance', readings: [{ reading: 'a timestamp of the sending clock', variant: 'none' }, { reading: 'a clock 15 minutes behind', variant: 'signature-clock-skew' }] },
  { ambiguity: 'v4 41', what: 'the X-Service-Message-Id of message.reaction', readings: [{ reading: 'the message reacted to', variant: 'none' }, { reading: "the reaction's own message", variant: 'reaction-own-id' }] },
  { ambiguity: 'v4 47', what: 'which of two refusals of auto_share_contact comes first', readings: [{ reading: 'the line type', variant: 'none' }, { reading: 'the missing card', variant: 'card-checked-first' }] },
  { ambiguity: 'v4 56', what: 'how an answer is written', readings: [{ reading: 'UTF-8 with Content-Length', variant: 'none' }, { reading: 'non-ASCII escaped', variant: 'ascii-escaped-json' }, { reading: 'chunked', variant: 'chunked-responses' }] },
  { ambiguity: 'v4 57', what: 'readings a careful implementer avoids (passed with a warning)', readings: [{ reading: 'none of them', variant: 'none' }, { reading: 'a coded v4 error in the flat shape', variant: 'v4-flat-errors' }, { reading: 'a signature timestamp far from the arrival', variant: 'signature-clock-skew' }, { reading: 'a reused Idempotency-Key answered with the first message', variant: 'idempotency-body-ignored' }] },
  { ambiguity: 'v4 58', what: 'how often and in which order deliveries arrive', readings: [{ reading: 'once, in emission order', variant: 'none' }, { reading: 'twice', variant: 'duplicate-deliveries' }, { reading: 'twice, each late at random (any order)', variant: 'deliveries-reordered' }] },
  { ambiguity: 'v4 66', what: "a new organization's stock of numbers", readings: [{ reading: 'none', variant: 'none' }, { reading: 'numbers of its own in several area codes', variant: 'starting-stock' }] },
  { ambiguity: 'v4 70', what: 'a limit above the maximum page size', readings: [{ reading: 'clamped', variant: 'small-pages' }, { reading: 'refused with 400', variant: 'limit-above-max-refused' }] },
  { ambiguity: 'v4 72', what: 'out-of-schema paging values', readings: [{ reading: 'refused', variant: 'none' }, { reading: 'taken (warned)', variant: 'lenient-paging' }] },
  { ambiguity: 'v4 73', what: 'the order of unsorted lists', readings: [{ reading: 'oldest first', variant: 'none' }, { reading: 'newest first', variant: 'newest-first' }] },
  { ambiguity: 'v4 74', what: 'priority ids and cursors', readings: [{ reading: 'prefixed ids, base64url cursors', variant: 'none' }, { reading: 'bare UUIDs', variant: 'uuid-priority-ids' }, { reading: 'base64 cursors', variant: 'cursor-base64' }, { reading: 'counter cursors', variant: 'cursor-counter' }] },
  { ambiguity: 'oracle 7', what: 'the group_name of an unnamed group', readings: [{ reading: 'null', variant: 'none' }, { reading: 'absent', variant: 'unnamed-group-name-absent' }] },
  { ambiguity: 'v4 68', what: 'number purchasing (an optional feature, Features 2)', readings: [{ reading: 'implemented and claimed', variant: 'none' }, { reading: 'neither implemented nor claimed', variant: 'no-number-purchasing' }] },
];
