// Benign variants: behaviours the description leaves open. A conformant client (and the suite) must
// accept every one of them; the suite's self-tests run it against each.
export interface Variant {
  /** Add an unknown field to every object of every success body. */
  extraFields: boolean;
  /** Cursor encoding: base64url JSON (default), standard base64 JSON, or a bare counter. */
  cursorFormat: 'base64url' | 'base64' | 'opaque-counter';
  /** Largest page; a larger `limit` is clamped to it. */
  maxPageSize: number;
  /** Page size when `limit` is absent. */
  defaultPageSize: number;
  /** Other human-readable error messages (codes stay the same). */
  errorMessages: 'standard' | 'alternate';
  /** Emit object keys in reverse order. */
  shuffleKeys: boolean;
  /** Delay before every answer, in ms. */
  latencyMs: number;
  /** Answer 201 instead of 200 where the description allows both (POST /api-keys). */
  createdStatus: boolean;
  /** Refuse an owned shared or non-native call-forwarding source with 422 instead of 403 (both documented). */
  forwardingRefusal422: boolean;
  /** POST /contacts takes only the fields the description names: `tags` and a missing `name` get 422. */
  strictContactCreate: boolean;
  /** Refuse auto_share_contact for a missing contact card before looking at the line type (no order is given). */
  cardCheckedFirst: boolean;
  /** Sign webhook deliveries with a clock this many seconds behind (the timestamp tolerance is not shown). */
  signatureClockSkewS: number;
  /**
   * Where the description shows no success status or body: v2 creates answer 201; v2 typing, read and
   * reactions, v4 typing, key deprecation and unassignment answer 204 with no body.
   */
  unshownSuccessForms: boolean;
  /** message.reaction events name the reaction's own msg_ id, not the reacted-to message ("associated" is open). */
  reactionOwnId: boolean;
  /** Every coded v4 error in the flat shape `{error, message, status, code}` ("some v4 responses" are flat; which is not shown). */
  v4FlatErrors: boolean;
  /** A send reusing an Idempotency-Key with another body is answered with the first reply (not shown; warns). */
  idempotencyBodyIgnored: boolean;
  /** Every webhook delivery is POSTed twice (at-least-once: the description promises no exactly-once). */
  duplicateDeliveries: boolean;
  /** JSON answers escape every non-ASCII character as \uXXXX (the same JSON text, ASCII bytes only). */
  asciiEscapedJson: boolean;
  /** Answers with a body are sent chunked (no Content-Length), in two chunks split inside the body's bytes. */
  chunkedResponses: boolean;
  /** A `limit` above maxPageSize is refused with 400 instead of clamped (the maximum is not shown, nor what exceeding it does). */
  limitAboveMaxRefused: boolean;
  /**
   * Out-of-schema paging values are taken instead of refused: a negative `offset` as 0, a fractional or zero
   * `limit` rounded down to at least 1. A reading a careful implementer avoids (offset is "integer >= 0"): warns.
   */
  lenientPaging: boolean;
  /** Lists whose order is not promised (cursor lists without a sort) answer their items newest first. */
  newestFirst: boolean;
  /** Priority ids are bare UUIDs (the description shows no prefix for them). */
  uuidPriorityIds: boolean;
  /** Every object of every delivery body (v4 envelope, its data, flat bodies) has an unknown field. */
  eventExtraFields: boolean;
  /** Every object of every delivery body has its keys in reverse order (the flat body's `timestamp` too). */
  eventKeysReversed: boolean;
  /** Event times (created_at, received_at..., the flat timestamp) in epoch ms at whole-second precision. */
  eventTimesWholeSeconds: boolean;
  /** Events of a group without a name leave `group_name` out rather than null. */
  unnamedGroupNameAbsent: boolean;
  /**
   * List rows whose fields the description does not show carry fewer than the item (GET /api-keys, a key's
   * channels, v2 GET /webhooks and GET /contacts): only what finds the object and a field or two.
   */
  leanListRows: boolean;
  /** Lists catch up with a write this many ms after its answer (a key's deprecation, a contact's rename): effects that arrive later. */
  lateListsMs: number;
  /** GET /v4/webhooks/{id} of a v2-registered webhook answers the record inside `{data}` (v4 item rule; AMBIGUITIES v4 7). */
  v2RecordWrapped: boolean;
  /** PATCH /channels/{channel}/settings answers the bare settings object in `data`, without `available` (AMBIGUITIES v4 10). */
  bareSettingsPatch: boolean;
  /** Every organization starts with stock of its own: numbers of each line type in several area codes. */
  startingStock: boolean;
  /** Each delivery (and each copy) waits a random 0 to this many ms before it is sent: deliveries arrive in any order. */
  deliveryJitterMs: number;
  /** Delete answers give `deleted` as the time of deletion (epoch ms) instead of true (its type is not shown, AMBIGUITIES v4 22). */
  deletedAsTime: boolean;
  /** The target implements no number purchasing: browsing and purchases answer 404 (a feature a target claims or not). */
  noNumberPurchasing: boolean;
}

export const defaultVariant: Variant = {
  extraFields: false,
  cursorFormat: 'base64url',
  maxPageSize: 100,
  defaultPageSize: 20,
  errorMessages: 'standard',
  shuffleKeys: false,
  latencyMs: 0,
  createdStatus: false,
  forwardingRefusal422: false,
  strictContactCreate: false,
  cardCheckedFirst: false,
  signatureClockSkewS: 0,
  unshownSuccessForms: false,
  reactionOwnId: false,
  v4FlatErrors: false,
  idempotencyBodyIgnored: false,
  duplicateDeliveries: false,
  asciiEscapedJson: false,
  chunkedResponses: false,
  limitAboveMaxRefused: false,
  lenientPaging: false,
  newestFirst: false,
  uuidPriorityIds: false,
  eventExtraFields: false,
  eventKeysReversed: false,
  eventTimesWholeSeconds: false,
  unnamedGroupNameAbsent: false,
  leanListRows: false,
  lateListsMs: 0,
  v2RecordWrapped: false,
  bareSettingsPatch: false,
  startingStock: false,
  deliveryJitterMs: 0,
  deletedAsTime: false,
  noNumberPurchasing: false,
};

/** Named bundles the suite's self-tests iterate over. */
export const namedVariants: Record<string, Partial<Variant>> = {
  'extra-fields': { extraFields: true },
  'cursor-base64': { cursorFormat: 'base64' },
  'cursor-counter': { cursorFormat: 'opaque-counter' },
  'small-pages': { maxPageSize: 5, defaultPageSize: 3 },
  'alternate-messages': { errorMessages: 'alternate' },
  'shuffled-keys': { shuffleKeys: true },
  'slow': { latencyMs: 25 },
  'created-status': { createdStatus: true },
  'forwarding-refusal-422': { forwardingRefusal422: true },
  'strict-contact-create': { strictContactCreate: true },
  'card-checked-first': { cardCheckedFirst: true },
  'signature-clock-skew': { signatureClockSkewS: 900 },
  'unshown-success-forms': { unshownSuccessForms: true },
  'reaction-own-id': { reactionOwnId: true },
  'v4-flat-errors': { v4FlatErrors: true },
  'idempotency-body-ignored': { idempotencyBodyIgnored: true },
  'duplicate-deliveries': { duplicateDeliveries: true },
  'ascii-escaped-json': { asciiEscapedJson: true },
  'chunked-responses': { chunkedResponses: true },
  'limit-above-max-refused': { maxPageSize: 50, limitAboveMaxRefused: true },
  'lenient-paging': { lenientPaging: true },
  'newest-first': { newestFirst: true },
  'uuid-priority-ids': { uuidPriorityIds: true },
  'event-extra-fields': { eventExtraFields: true },
  'event-keys-reversed': { eventKeysReversed: true },
  'event-times-whole-seconds': { eventTimesWholeSeconds: true },
  'unnamed-group-name-absent': { unnamedGroupNameAbsent: true },
  'lean-list-rows': { leanListRows: true },
  'late-lists': { lateListsMs: 400 },
  'v2-record-wrapped': { v2RecordWrapped: true },
  'bare-settings-patch': { bareSettingsPatch: true },
  'starting-stock': { startingStock: true },
  // At least once and in no promised order (AMBIGUITIES v4 58): every delivery late by up to a second, and twice.
  'deliveries-reordered': { deliveryJitterMs: 1_000, duplicateDeliveries: true },
  'deleted-as-time': { deletedAsTime: true },
  'no-number-purchasing': { noNumberPurchasing: true },
};

export function resolveVariant(patch: Partial<Variant> | undefined): Variant {
  const variant = { ...defaultVariant, ...patch };
  if (!Number.isInteger(variant.maxPageSize) || variant.maxPageSize < 1) throw new Error('variant.maxPageSize must be an integer >= 1');
  if (!Number.isInteger(variant.defaultPageSize) || variant.defaultPageSize < 1) {
    throw new Error('variant.defaultPageSize must be an integer >= 1');
  }
  variant.defaultPageSize = Math.min(variant.defaultPageSize, variant.maxPageSize);
  if (!(variant.latencyMs >= 0)) throw new Error('variant.latencyMs must be >= 0');
  if (!(variant.lateListsMs >= 0)) throw new Error('variant.lateListsMs must be >= 0');
  if (!(variant.deliveryJitterMs >= 0)) throw new Error('variant.deliveryJitterMs must be >= 0');
  return variant;
}
