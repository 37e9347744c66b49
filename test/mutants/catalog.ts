// What the self-verification runs: every fault switch of the reference, and the benign variants a conformant
// implementation may legitimately have. Faults are declared by the reference (reference/faults.ts); the
// variants are the reference's named ones plus one this harness adds: every benign difference at once.
import type { FaultDecl } from '../../reference/faults.js';
import { listFaults } from '../../reference/faults.js';
import { namedVariants, type Variant } from '../../reference/variants.js';
import { loadFeatures } from '../../spec/index.js';

export type { FaultDecl };
export { listFaults };

export interface NamedVariant {
  name: string;
  patch: Partial<Variant>;
  /** The features such a target claims, where it implements fewer than all (certify --claim). */
  claims?: string[];
}

/** Target settings for what the reference serves beyond the description (reference/target-settings.ts). */
export { referenceTargetEnv } from '../../reference/target-settings.js';

/** The reference exactly as it is: the baseline every fault is measured against, and a benign case itself. */
export const baselineVariantName = 'none';

const extraVariants: Record<string, Partial<Variant>> = {
  // An implementation may differ in every open respect at once (latency aside, to keep the run short).
  'all-benign': {
    extraFields: true,
    cursorFormat: 'base64',
    maxPageSize: 7,
    defaultPageSize: 4,
    errorMessages: 'alternate',
    shuffleKeys: true,
    createdStatus: true,
    forwardingRefusal422: true,
    strictContactCreate: true,
    cardCheckedFirst: true,
    signatureClockSkewS: 900,
    unshownSuccessForms: true,
    reactionOwnId: true,
    v4FlatErrors: true,
    idempotencyBodyIgnored: true,
    duplicateDeliveries: true,
    asciiEscapedJson: true,
    chunkedResponses: true,
    eventExtraFields: true,
    eventKeysReversed: true,
    eventTimesWholeSeconds: true,
    unnamedGroupNameAbsent: true,
    limitAboveMaxRefused: true,
    lenientPaging: true,
    newestFirst: true,
    uuidPriorityIds: true,
    leanListRows: true,
    lateListsMs: 400,
    v2RecordWrapped: true,
    bareSettingsPatch: true,
    startingStock: true,
    deliveryJitterMs: 1_000,
    deletedAsTime: true,
  },
};

/** Variants of a target that implements fewer features than all: what it claims (every other feature). */
const claimsOf: Readonly<Record<string, string[]>> = {
  'no-number-purchasing': loadFeatures().map((feature) => feature.id).filter((id) => id !== 'number-purchasing'),
};

/** Every benign variant, the baseline first. */
export function listVariants(): NamedVariant[] {
  const all: Record<string, Partial<Variant>> = { [baselineVariantName]: {}, ...namedVariants, ...extraVariants };
  return Object.entries(all).map(([name, patch]) => ({ name, patch, ...(claimsOf[name] === undefined ? {} : { claims: claimsOf[name] }) }));
}

/**
 * The kinds of fault issue 4 asks the self-verification to span, each recognised by the clauses a fault
 * breaks (so a new fault is classified without anyone maintaining a list).
 */
export const faultKinds: Record<string, RegExp> = {
  pagination: /cursor|offset|pagination/,
  idempotency: /idempoten|charge-once-per-key|replay-same-purchase|retry-safe/,
  merge: /\.merge\./,
  assignment: /\.assign\.|^ownership\.|limits\.assignment\./,
  // 401 has no code, only the flat shape.
  'error codes': /^errors\.(40[02-9]|4[1-9]\d|5\d\d)\.[a-z]/,
  'error shapes': /^errors\.shape\.|flat-401|flat-errors|errors\.401\./,
  'status codes': /status-codes|send-202|^errors\.success\./,
  'auth and scopes': /^auth\./,
  'field types and units': /^time\.|\.fields$|row-shape|never-full-number|top-level-counts/,
  'id prefixes': /^ids\.prefix\./,
  'wrapped vs unwrapped bodies': /^envelope\.(item|send|list)\./,
  limits: /^limits\./,
  'state transitions': /\.state\.|^apikeys\.delete\.|source-tombstoned|action-required/,
  'signing and delivery': /^webhooks\.signature\.|^events\.header\.|^events\.envelope\.|^events\.routing\./,
};

/** The kinds a fault belongs to (by any of its clauses). */
export function kindsOf(fault: Pick<FaultDecl, 'clauses'>): string[] {
  return Object.entries(faultKinds)
    .filter(([, pattern]) => fault.clauses.some((clause) => pattern.test(clause)))
    .map(([kind]) => kind);
}
