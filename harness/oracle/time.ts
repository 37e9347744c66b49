// The time window of an action: an event or answer time in epoch ms lies between the request's start and
// the arrival, give or take a skew between the target's clock and ours. A control API that moves a test
// organization's clock forward (advanceClock) moves the upper end by as much; the oracle learns of every
// advance from the answers it sees. A value that fits the window once multiplied by 1000 is in seconds.

/** Clocks of the target and the suite may differ this much (the description shows no tolerance; AMBIGUITIES). */
export const clockSkewMs = 5 * 60_000;

let advancedMs = 0;

/** An organization's clock was moved forward by `ms` (a control API's clock advance). */
export function noteClockAdvance(ms: number): void {
  if (Number.isFinite(ms) && ms > 0) advancedMs += ms;
}

export function clockAdvancedMs(): number {
  return advancedMs;
}

export interface Window {
  /** Epoch ms before the action; undefined when not known (only the arrival bounds the value). */
  from?: number;
  /** Epoch ms of the arrival. */
  to: number;
}

/** Why `value` is not an epoch-ms time of the window, or undefined when it is. */
export function timeProblem(value: unknown, window: Window): string | undefined {
  if (typeof value !== 'number' || !Number.isInteger(value)) return `${JSON.stringify(value)} is not an integer of epoch milliseconds`;
  const low = window.from === undefined ? 1e11 : window.from - clockSkewMs;
  const high = window.to + clockSkewMs + advancedMs;
  if (value >= low && value <= high) return undefined;
  const asMs = value * 1000;
  if (asMs >= low - 1000 && asMs <= high + 1000) return `${value} is in seconds, not milliseconds (${asMs} ms would be in the window)`;
  const when = (ms: number) => new Date(ms).toISOString();
  return `${value} (${Number.isFinite(value) && Math.abs(value) < 8.64e15 ? when(value) : 'out of range'}) is outside the action's window ${window.from === undefined ? '' : `${when(window.from)} `}to ${when(window.to)} (±${clockSkewMs / 1000} s)`;
}

/** Why `value` is not an epoch-ms time at or before the arrival (a record made earlier), or undefined. */
export function pastTimeProblem(value: unknown, arrivedAt: number): string | undefined {
  return timeProblem(value, { to: arrivedAt });
}
