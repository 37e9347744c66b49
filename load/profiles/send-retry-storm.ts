// send-retry-storm: like send, but a share of the requests (option replay-share, default 0.2) replays
// the key and exact body of an earlier request of this shard — possibly one still in flight, which is
// the hard case for idempotency. Afterwards every key must have produced exactly one message id: in
// the responses, and (with a control API) in the messages the organization really accepted.
// Decision: a replay answered 409 (a concurrent duplicate refused) is a safe outcome, not an error;
// it is counted as a figure.
import { prng, sendBody } from '../bodies.js';
import { listSentMessages } from '../control.js';
import { globalIndex } from '../schedule.js';
import type { Profile, VerifyReport } from '../types.js';
import { apiSetup, checkSend, idempotencyKey, jsonPost, type ApiState } from './common.js';

export interface RetryStormState extends ApiState {
  replayShare: number;
  /** message ids seen per key in accepted responses */
  idsByKey: Map<string, Set<string>>;
  replays: number;
  replayConflicts: number;
}

/** The global index whose key request k carries: itself, or an earlier request of the same shard. */
export function originalIndex(k: number, state: Pick<RetryStormState, 'replayShare' | 'shard' | 'runId'>): number {
  if (k === 0) return globalIndex(0, state.shard);
  const random = prng(hash(state.runId) ^ Math.imul(k, 0x9e3779b1));
  if (random() >= state.replayShare) return globalIndex(k, state.shard);
  // Mostly recent keys (the usual retry), sometimes old ones.
  const back = random() < 0.8 ? 1 + Math.floor(random() * Math.min(k, 50)) : 1 + Math.floor(random() * k);
  return globalIndex(k - back, state.shard);
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

export const sendRetryStorm: Profile<RetryStormState> = {
  name: 'send-retry-storm',
  description: 'POST /messages where a share of requests replays earlier Idempotency-Keys; verifies one message per key',
  async setup(context) {
    const base = await apiSetup(context, 'send-retry-storm');
    const replayShare = Number(context.options['replay-share'] ?? 0.2);
    if (!(replayShare >= 0 && replayShare < 1)) throw new Error('--replay-share must be in [0, 1)');
    return { ...base, replayShare, idsByKey: new Map(), replays: 0, replayConflicts: 0 };
  },
  request(state, k) {
    const g = originalIndex(k, state);
    return jsonPost('/messages', sendBody(g), idempotencyKey(state.runId, g));
  },
  check(response, state, k) {
    const g = originalIndex(k, state);
    const isReplay = g !== globalIndex(k, state.shard);
    if (isReplay) state.replays++;
    if (isReplay && response.status === 409) {
      state.replayConflicts++;
      return { ok: true };
    }
    const verdict = checkSend(response);
    if (verdict.ok && verdict.messageId !== undefined) {
      const key = idempotencyKey(state.runId, g);
      const ids = state.idsByKey.get(key) ?? new Set<string>();
      ids.add(verdict.messageId);
      state.idsByKey.set(key, ids);
    }
    return verdict.ok ? { ok: true } : { ok: false, code: verdict.code };
  },
  async verify(state): Promise<VerifyReport> {
    const findings: string[] = [];
    let keysWithSeveralIds = 0;
    for (const ids of state.idsByKey.values()) if (ids.size > 1) keysWithSeveralIds++;
    if (keysWithSeveralIds > 0) findings.push(`${keysWithSeveralIds} keys answered with more than one message id`);
    const figures: Record<string, number> = { keys: state.idsByKey.size, replays: state.replays, replayConflicts: state.replayConflicts, keysWithSeveralIds };
    if (state.controlUrl !== undefined && state.organization !== undefined) {
      const sent = await listSentMessages(state.controlUrl, state.organization.organizationId);
      const perKey = new Map<string, number>();
      const prefix = idempotencyKey(state.runId, 0).replace(/0$/, '');
      for (const m of sent) if (m.idempotencyKey?.startsWith(prefix)) perKey.set(m.idempotencyKey, (perKey.get(m.idempotencyKey) ?? 0) + 1);
      let duplicated = 0;
      let missing = 0;
      for (const n of perKey.values()) if (n > 1) duplicated++;
      for (const key of state.idsByKey.keys()) if (!perKey.has(key)) missing++;
      figures.keysWithSeveralMessages = duplicated;
      figures.acceptedKeysMissing = missing;
      if (duplicated > 0) findings.push(`${duplicated} keys produced more than one accepted message`);
      if (missing > 0) findings.push(`${missing} accepted keys have no message in the organization`);
    }
    return { ok: findings.length === 0, findings, figures };
  },
};
