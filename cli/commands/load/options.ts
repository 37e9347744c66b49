// Flags shared by `mcs load <profile>` and `mcs load capacity`, parsed and checked into plain values.
import { errorCodes, McsError } from '../../../spec/errors.js';
import { randomBytes } from 'node:crypto';
import { parseSlo, type SloClause } from '../../../load/slo.js';
import { parseShard } from '../../../load/schedule.js';
import { parseStartAt } from '../../../load/start-at.js';
import type { Shard } from '../../../load/types.js';
import { targetUrlFlags } from '../../target-flags.js';
import { renamedDurationFlags, renamedDurationMs, requestTimeout, type RenamedDuration } from '../../durations.js';

export class LoadUsageError extends McsError {
  override name = 'LoadUsageError';
  override readonly code = errorCodes.loadUsage;
}

export const runFlags = {
  duration: { type: 'string' },
  connections: { type: 'string' },
  rate: { type: 'string' },
  'in-flight': { type: 'string' },
  slo: { type: 'string' },
  ...targetUrlFlags,
  out: { type: 'string' },
  html: { type: 'string' },
  hgrm: { type: 'string' },
  shard: { type: 'string' },
  'run-id': { type: 'string' },
  'allow-remote': { type: 'boolean' },
  'max-requests': { type: 'string' },
  ...renamedDurationFlags('request-timeout', 'timeout'),
  'receiver-url': { type: 'string' },
  'secret-env': { type: 'string' },
  'replay-share': { type: 'string' },
  shape: { type: 'string' },
  chats: { type: 'string' },
  'chat-ids': { type: 'string' },
  drive: { type: 'string' },
  ...renamedDurationFlags('drain', 'drain-ms'),
  samples: { type: 'string' },
  warmup: { type: 'string' },
  'start-at': { type: 'string' },
  workers: { type: 'string' },
  quiet: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export type RunFlagValues = { [K in keyof typeof runFlags]?: (typeof runFlags)[K]['type'] extends 'boolean' ? boolean : string };

export interface RunSettings {
  durationMs: number;
  maxRequests: number;
  timeoutMs: number | undefined;
  rate: number | undefined;
  connections: number | undefined;
  inFlight: number | undefined;
  slo: { text: string; clauses: SloClause[] } | undefined;
  shard: Shard;
  runId: string;
  allowRemote: boolean;
  /** --start-at, epoch ms. */
  startAtEpochMs: number | undefined;
  /** Profile-specific options, passed through. */
  profileOptions: Record<string, string | undefined>;
}

export const DEFAULT_DURATION_S = 10;
export const DEFAULT_MAX_REQUESTS = 1_000_000;
/** Longest run one invocation accepts: a load run is bounded by design. */
const MAX_DURATION_S = 3600;

export function number(flag: string, text: string | undefined, check: (n: number) => boolean, rule: string): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n) || !check(n)) throw new LoadUsageError(`--${flag} must be ${rule} (got '${text}')`);
  return n;
}

/** webhook-delivery's wait for deliveries after the run: --drain S, or the old --drain-ms MS. */
const drain: RenamedDuration = { seconds: 'drain', milliseconds: 'drain-ms', min: 0, max: 3600 };

/**
 * The settings of a run from its flags. A flag of the old millisecond form (--timeout, --drain-ms) is read as
 * before, and `warn` says its replacement in seconds (cli/durations.ts); the load progress goes to stderr, so
 * does that line.
 */
export function runSettings(v: RunFlagValues, warn: (line: string) => void = (line) => process.stderr.write(`mcs load: ${line}\n`)): RunSettings {
  const warnings: string[] = [];
  const timeoutMs = renamedDurationMs(v, requestTimeout, warnings);
  const drainMs = renamedDurationMs(v, drain, warnings);
  for (const warning of warnings) warn(warning);
  const duration = number('duration', v.duration, (n) => n > 0 && n <= MAX_DURATION_S, `a number of seconds in (0, ${MAX_DURATION_S}]`) ?? DEFAULT_DURATION_S;
  let shard: Shard = { index: 0, count: 1 };
  if (v.shard !== undefined) {
    try {
      shard = parseShard(v.shard);
    } catch (error) {
      throw new LoadUsageError((error as Error).message);
    }
  }
  let startAtEpochMs: number | undefined;
  if (v['start-at'] !== undefined) {
    try {
      startAtEpochMs = parseStartAt(v['start-at'], Date.now());
    } catch (error) {
      throw new LoadUsageError((error as Error).message);
    }
  }
  let slo: RunSettings['slo'];
  if (v.slo !== undefined) {
    try {
      slo = { text: v.slo, clauses: parseSlo(v.slo) };
    } catch (error) {
      throw new LoadUsageError(`--slo: ${(error as Error).message}`);
    }
  }
  return {
    durationMs: duration * 1000,
    maxRequests: number('max-requests', v['max-requests'], (n) => Number.isInteger(n) && n >= 1, 'a positive integer') ?? DEFAULT_MAX_REQUESTS,
    timeoutMs,
    rate: number('rate', v.rate, (n) => n > 0 && n <= 1_000_000, 'a rate in requests per second, > 0'),
    connections: number('connections', v.connections, (n) => Number.isInteger(n) && n >= 1 && n <= 10_000, 'an integer in [1, 10000]'),
    inFlight: number('in-flight', v['in-flight'], (n) => Number.isInteger(n) && n >= 1 && n <= 100_000, 'an integer in [1, 100000]'),
    slo,
    shard,
    runId: v['run-id'] ?? randomBytes(4).toString('hex'),
    allowRemote: v['allow-remote'] === true,
    startAtEpochMs,
    profileOptions: {
      'replay-share': v['replay-share'],
      shape: v.shape,
      chats: v.chats,
      'chat-ids': v['chat-ids'],
      drive: v.drive,
      'drain-ms': drainMs === undefined ? undefined : String(drainMs),
    },
  };
}

export function checkRunId(runId: string): void {
  if (!/^[A-Za-z0-9-]{1,40}$/.test(runId)) throw new LoadUsageError('--run-id must be 1-40 letters, digits or dashes');
}
