// A coordinated start: every shard of a run waits until one wall-clock instant (--start-at), then starts
// its schedule there, so N shards offer the total rate together. A shard that arrives after the instant
// starts at once and says how late it was; each shard records the window it really ran in, which is what
// `mcs load merge` checks the overlap of (load/overlap.ts).

/** The furthest ahead a start may be set: a load run is bounded in time, its wait included. */
export const MAX_START_LEAD_MS = 3_600_000;

/** Where a shard's run really was, in epoch ms (the result's `window`). */
export interface RunWindow {
  startEpochMs: number;
  endEpochMs: number;
  /** The --start-at instant, when one was given. */
  plannedStartEpochMs?: number;
  /** How much after the planned instant the schedule started (0 when the shard was there in time). */
  lateByMs?: number;
}

/**
 * Parses --start-at: epoch milliseconds, or an ISO 8601 date-time with its offset (Z or ±hh:mm; a local
 * time would mean different instants on pods in different time zones). Throws with a one-line reason.
 */
export function parseStartAt(text: string, nowEpochMs: number): number {
  const trimmed = text.trim();
  let epochMs: number;
  if (/^\d{10,16}(\.\d+)?$/.test(trimmed)) epochMs = Number(trimmed);
  else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(trimmed)) epochMs = Date.parse(trimmed);
  else throw new Error(`--start-at must be epoch milliseconds or an ISO 8601 time with its offset, e.g. 2026-11-26T05:00:00Z (got '${text}')`);
  if (!Number.isFinite(epochMs)) throw new Error(`--start-at: '${text}' is not a valid time`);
  if (epochMs - nowEpochMs > MAX_START_LEAD_MS) throw new Error(`--start-at is more than ${MAX_START_LEAD_MS / 60_000} minutes ahead (${new Date(epochMs).toISOString()})`);
  return epochMs;
}

export interface WallClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export interface StartOutcome {
  plannedStartEpochMs: number;
  /** True when the shard was ready before the instant and waited for it. */
  waited: boolean;
  /** 0 when it waited; otherwise how long after the instant it got here. */
  lateByMs: number;
}

/** Waits until the instant (epoch ms); a shard already past it goes at once and records its lateness. */
export async function awaitStart(plannedStartEpochMs: number, clock: WallClock): Promise<StartOutcome> {
  const early = plannedStartEpochMs - clock.now();
  if (early <= 0) return { plannedStartEpochMs, waited: false, lateByMs: -early };
  await clock.sleep(early);
  return { plannedStartEpochMs, waited: true, lateByMs: 0 };
}

/** The window a run really took, in epoch ms, with its lateness against a planned start. */
export function runWindow(startEpochMs: number, elapsedMs: number, plannedStartEpochMs: number | undefined): RunWindow {
  const round = (n: number): number => Math.round(n * 1000) / 1000;
  const window: RunWindow = { startEpochMs: round(startEpochMs), endEpochMs: round(startEpochMs + elapsedMs) };
  if (plannedStartEpochMs !== undefined) {
    window.plannedStartEpochMs = plannedStartEpochMs;
    window.lateByMs = round(Math.max(0, startEpochMs - plannedStartEpochMs));
  }
  return window;
}
