// Every duration a flag takes is in seconds, fractions allowed (`--request-timeout 2.5`); a unit may be said
// (`2.5s`, `2500ms`). The flags that took milliseconds before (`--timeout MS`, `--ready-timeout MS`,
// `--drain-ms MS`) are still read as they were, with a warning naming the flag in seconds that replaces each.
// Configuration files and MCS_* variables keep their names, which carry their unit (`timeout_ms`,
// `MCS_MAX_DURATION_S`).
import { UsageError } from './errors.js';

/** A flag in seconds and the flag in milliseconds it replaces. */
export interface RenamedDuration {
  /** The flag in seconds, without its dashes: `request-timeout`. */
  seconds: string;
  /** The old flag in milliseconds: `timeout`. */
  milliseconds: string;
  /** Bounds, in seconds (inclusive). */
  min: number;
  max: number;
}

export const requestTimeout: RenamedDuration = { seconds: 'request-timeout', milliseconds: 'timeout', min: 0.001, max: 600 };

/**
 * Seconds from a flag's text: a number (`1.5`), or one with its unit (`1.5s`, `1500ms`, `2m`). Refused in one
 * line naming the flag and its bounds when it is none of these or out of them.
 */
export function secondsOf(flag: string, text: string, bounds: { min: number; max: number }): number {
  const match = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*(ms|s|m|min)?\s*$/.exec(text);
  const value = match === null ? Number.NaN : Number(match[1]) * (unitSeconds[match[2] ?? 's'] ?? Number.NaN);
  if (!Number.isFinite(value) || value < bounds.min || value > bounds.max) {
    throw new UsageError(`--${flag} must be a number of seconds from ${bounds.min} to ${bounds.max} (fractions allowed; 500ms and 2m too), got '${text}'`);
  }
  return value;
}

const unitSeconds: Record<string, number> = { ms: 0.001, s: 1, m: 60, min: 60 };

/**
 * The milliseconds a renamed duration gives, from its flag in seconds or its old flag in milliseconds (whole
 * milliseconds, as before), or undefined when neither is given. The old flag adds a warning to `warnings`.
 */
export function renamedDurationMs(flags: Readonly<Record<string, unknown>>, renamed: RenamedDuration, warnings: string[]): number | undefined {
  const seconds = flags[renamed.seconds];
  const milliseconds = flags[renamed.milliseconds];
  if (typeof seconds === 'string' && typeof milliseconds === 'string') throw new UsageError(`--${renamed.seconds} and --${renamed.milliseconds} say one thing twice: give --${renamed.seconds} (seconds)`);
  if (typeof seconds === 'string') return Math.round(secondsOf(renamed.seconds, seconds, renamed) * 1000);
  if (typeof milliseconds !== 'string') return undefined;
  const ms = Number(milliseconds.trim());
  if (!/^\d+$/.test(milliseconds.trim()) || ms < renamed.min * 1000 || ms > renamed.max * 1000) throw new UsageError(`--${renamed.milliseconds} must be a ${renamed.min > 0 ? 'positive' : 'non-negative'} whole number of milliseconds, got '${milliseconds}'`);
  warnings.push(`warning: --${renamed.milliseconds} ${milliseconds} (milliseconds) is the old form: durations are in seconds now, --${renamed.seconds} ${ms / 1000}`);
  return ms;
}

/** The flag definitions of a renamed duration, both forms (for parseArgs). */
export function renamedDurationFlags<const S extends string, const M extends string>(seconds: S, milliseconds: M) {
  return { [seconds]: { type: 'string' }, [milliseconds]: { type: 'string' } } as { [K in S | M]: { type: 'string' } };
}
