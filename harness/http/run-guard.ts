// The bounds of a run as every process of it sees them (the runner and each vitest worker thread): a
// deadline, and a circuit breaker that stops issuing requests after BREAKER_THRESHOLD transport failures in
// a row. Workers are threads with module graphs of their own and vitest's provide/inject only goes from
// the runner to them, once; so the run shares one small folder (`stateDir`), where a worker whose breaker
// trips writes `stop.json` and a fixture set-up that failed writes `fixtures-failed.json`. Reading a file
// is synchronous and needs no server; the runner and the other workers poll it every 200 ms.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RunStopped } from '../target-error.js';

/**
 * Transport failures (no answer: refused, reset, timeout) in a row that make the target unusable. A target
 * that works answers nearly every request, and a reset on a stale keep-alive connection is already sent again
 * (transport.ts); a restart or a short network blip costs a request or two. Six in a row with no answer in
 * between, across the checks running at the time, is no blip: at the default 10 s timeout it is already a
 * minute of waiting per worker, which is what the breaker exists to save.
 */
export const BREAKER_THRESHOLD = 6;

export interface RunBounds {
  /** When the run must end (epoch ms); undefined: no deadline. */
  deadlineEpochMs?: number;
  /** What set the deadline, for the reason of what was not run, e.g. `--max-duration 900`. */
  deadlineSource?: string;
  /** The run's shared folder (see above); undefined: the breaker is per process only. */
  stateDir?: string;
  breakerThreshold?: number;
}

export interface StopNotice {
  kind: 'deadline' | 'breaker';
  reason: string;
}

let bounds: RunBounds = {};
let consecutiveFailures = 0;
let lastFailure = '';
let stop: StopNotice | undefined;
let poller: NodeJS.Timeout | undefined;
const inFlight = new Set<AbortController>();

/** Sets the run's bounds in this process (the runner, or a worker from its RunContext); idempotent. */
export function installRunBounds(next: RunBounds): void {
  if (JSON.stringify(next) === JSON.stringify(bounds)) return;
  bounds = next;
  consecutiveFailures = 0;
  stop = undefined;
  if (poller) clearInterval(poller);
  poller = undefined;
  if (next.deadlineEpochMs !== undefined || next.stateDir !== undefined) {
    poller = setInterval(() => void stopNotice(), 200);
    poller.unref();
  }
}

/** Why requests must no longer be sent, once the deadline passed or a breaker tripped anywhere in the run. */
export function stopNotice(): StopNotice | undefined {
  if (stop) return stop;
  if (bounds.deadlineEpochMs !== undefined && Date.now() >= bounds.deadlineEpochMs) {
    setStop({ kind: 'deadline', reason: `run deadline reached (${bounds.deadlineSource ?? 'max duration'})` });
  } else if (bounds.stateDir !== undefined) {
    const shared = readStopFile(bounds.stateDir);
    if (shared) setStop(shared);
  }
  return stop;
}

/** Before a request: throws RunStopped when the run stopped; else a signal that aborts it if the run stops meanwhile. */
export function beginRequest(): { signal: AbortSignal; end(): void } {
  const notice = stopNotice();
  if (notice) throw new RunStopped(notRunReason(notice));
  const controller = new AbortController();
  inFlight.add(controller);
  return { signal: controller.signal, end: () => inFlight.delete(controller) };
}

/** After a request: an answer closes the breaker again; a transport failure counts towards tripping it. */
export function requestEnded(answered: boolean, failure?: string): void {
  if (bounds.stateDir === undefined && bounds.breakerThreshold === undefined) return; // outside a certification run
  if (answered) {
    consecutiveFailures = 0;
    return;
  }
  consecutiveFailures++;
  lastFailure = failure ?? 'no answer';
  const threshold = bounds.breakerThreshold ?? BREAKER_THRESHOLD;
  if (consecutiveFailures >= threshold && !stop) {
    const notice: StopNotice = { kind: 'breaker', reason: `${consecutiveFailures} requests in a row got no answer (last: ${lastFailure})` };
    setStop(notice);
    if (bounds.stateDir !== undefined) writeOnce(join(bounds.stateDir, 'stop.json'), JSON.stringify(notice));
  }
}

/** When the run must end (epoch ms) and what set it, in this process; undefined without a deadline. */
export function runDeadline(): { epochMs: number; source: string } | undefined {
  return bounds.deadlineEpochMs === undefined ? undefined : { epochMs: bounds.deadlineEpochMs, source: bounds.deadlineSource ?? 'max duration' };
}

/**
 * Stops the run at once as unusable, for a failure that is no blip (a control adapter whose call never
 * settles): like a tripped breaker, every process of the run sees it and the rest is not run.
 */
export function stopRunUnusable(reason: string): void {
  if (stop) return;
  const notice: StopNotice = { kind: 'breaker', reason };
  setStop(notice);
  if (bounds.stateDir !== undefined) writeOnce(join(bounds.stateDir, 'stop.json'), JSON.stringify(notice));
}

/** The reason given to every check the stop left unfinished. */
export function notRunReason(notice: StopNotice): string {
  return notice.kind === 'breaker' ? `not run (target unusable): ${notice.reason}` : `not run: ${notice.reason}`;
}

function setStop(notice: StopNotice): void {
  stop = notice;
  for (const controller of inFlight) controller.abort(new RunStopped(notice.reason));
  inFlight.clear();
}

export function readStopFile(stateDir: string): StopNotice | undefined {
  return readJson<StopNotice>(join(stateDir, 'stop.json'));
}

/** A fixture set-up failure of this run, shared so that no other file retries it. */
export function sharedSetUpFailure(): string | undefined {
  return bounds.stateDir === undefined ? undefined : readJson<{ reason: string }>(join(bounds.stateDir, 'fixtures-failed.json'))?.reason;
}

export function recordSetUpFailure(reason: string): void {
  if (bounds.stateDir !== undefined) writeOnce(join(bounds.stateDir, 'fixtures-failed.json'), JSON.stringify({ reason }));
}

function readJson<T>(file: string): T | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined; // being written: seen at the next look
  }
}

function writeOnce(file: string, text: string): void {
  try {
    writeFileSync(file, text, { flag: 'wx' });
  } catch {
    // another worker wrote it first: its reason stands
  }
}
