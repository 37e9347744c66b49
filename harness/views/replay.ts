// Replays and sequences compared with the original (issue 39 item 4), the pure half: an idempotent replay's
// answer is the first answer field by field, but for the fields whose value may move on between the two, and
// those may move only as the description's state tables allow. A purchase goes from provisioning to completed
// or failed (polling may say pending), never into a state it never had: a replay of a provisioning purchase
// answering action_required with an action_url is a finding. Returns findings; never throws.
import type { Finding, Json } from './finding.js';
import { agree, isRecord, show } from './compare.js';

/** Section 3 "Number purchase": the states a purchase may be seen in once it was seen in a state (itself included). */
export const purchaseProgress: Readonly<Record<string, readonly string[]>> = {
  // "payment accepted -> provisioning"; provisioning -> completed | failed; "polling may also report pending".
  provisioning: ['provisioning', 'pending', 'completed', 'failed'],
  pending: ['pending', 'provisioning', 'completed', 'failed'],
  // What follows the 3DS/SCA action is not shown: any state the table names but a fresh action_required one.
  action_required: ['action_required', 'provisioning', 'pending', 'completed', 'failed'],
  completed: ['completed'],
  failed: ['failed'],
};

/** Whether a purchase seen in `from` may next be seen in `to` (section 3). Unknown states are the schema's to judge. */
export function purchaseMayMove(from: unknown, to: unknown): boolean {
  if (typeof from !== 'string' || typeof to !== 'string') return true;
  const next = purchaseProgress[from];
  return next === undefined || !(to in purchaseProgress) || next.includes(to);
}

export interface ReplayRules {
  /** The clause a difference breaks. */
  clause: string;
  /** Compare only these fields (an object whose other fields are not shown); all fields both carry when absent. */
  fields?: readonly string[];
  /** Fields whose value may change between the answers, each with the move it may make (`() => true`: any). */
  moving?: Readonly<Record<string, (from: unknown, to: unknown) => boolean>>;
  /** Fields the description lets differ (not compared). */
  differs?: readonly string[];
  /** What the two answers are, for the findings (`first answer`, `replay`). */
  names?: [string, string];
}

/** The findings of a replay: every compared field equal to the first answer's, or moved as `moving` allows. */
export function compareReplay(first: Json, again: Json, rules: ReplayRules): Finding[] {
  const [firstName, againName] = rules.names ?? ['the first answer', 'the replay'];
  const fields = rules.fields ?? [...new Set([...Object.keys(first), ...Object.keys(again)])].filter((f) => f in first && f in again);
  const findings: Finding[] = [];
  for (const field of fields) {
    if (rules.differs?.includes(field)) continue;
    const before = first[field];
    const after = again[field];
    if (before === undefined || after === undefined) continue;
    const move = rules.moving?.[field];
    const ok = move === undefined ? agree(before, after) : agree(before, after) || move(before, after);
    if (!ok) {
      findings.push({
        judge: 'replay',
        clause: rules.clause,
        field,
        expected: move === undefined ? `${againName} shows ${field} as ${firstName} did: ${show(before)}` : `${againName} shows ${field} ${show(before)} or a state that follows it`,
        actual: `${againName}: ${show(after)}`,
        views: [firstName, againName],
      });
    }
  }
  return findings;
}

/**
 * A purchase as answered after one it was answered as (a replay, a poll): the same purchase_id, a status that
 * follows, and an action_url exactly when it is action_required (section 2: "present when status is
 * action_required"; a null or absent one otherwise).
 */
export function comparePurchase(first: Json, later: Json, clause: string, names: [string, string]): Finding[] {
  const findings = compareReplay(first, later, { clause, fields: ['purchase_id', 'status'], moving: { status: purchaseMayMove }, names });
  const url = later.action_url;
  const required = later.status === 'action_required';
  const shownRightly = required ? typeof url === 'string' && url !== '' : url === null || url === undefined;
  if (typeof later.status === 'string' && !shownRightly) {
    findings.push({
      judge: 'replay',
      clause: 'purchases.object.action-url-when-action-required',
      field: 'action_url',
      expected: `an action_url exactly when status is action_required (${names[1]} is ${show(later.status)})`,
      actual: `${names[1]}: action_url ${show(url)}`,
      views: names,
    });
  }
  return findings;
}

export { isRecord };
