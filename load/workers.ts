// Runs one load run on several worker threads, so the generator can use more than one core. Worker w of W
// takes an interleaved share exactly as shards do (schedule.ts): within this process's shard i/N it is
// shard i + N·w of N·W, so its requests are g ≡ i + N·w (mod N·W), its keys never collide with another's,
// and, started from one shared t0, the workers together send the shard's schedule exactly. Each returns
// its partial run and the partials are added exactly (thread-run.ts mergePartials), as `mcs load merge`
// adds shards.
import { Worker } from 'node:worker_threads';
import type { ModelSpec } from './result.js';
import { shardConnections } from './schedule.js';
import type { PartialRun, ThreadRunOptions } from './thread-run.js';
import { mergePartials } from './thread-run.js';
import type { ProfileState, Shard } from './types.js';

/** Where a worker finds the profile: a module exporting `profiles: Record<string, Profile>`, and the key. */
export interface ProfileRef {
  module: string;
  name: string;
}

const READY_TIMEOUT_MS = 60_000;

export const BUILT_IN_PROFILES = new URL('./profiles/index.js', import.meta.url).href;

/** What a worker thread is given (structured-cloned): everything of ThreadRunOptions but live objects. */
export type WorkerInput = Omit<ThreadRunOptions<ProfileState>, 'profile' | 'onTick' | 't0EpochMs'> & { profile: ProfileRef };

export type WorkerMessage = { type: 'ready' } | { type: 'tick'; completed: number; errors: number } | { type: 'done'; partial: PartialRun } | { type: 'failed'; message: string };

/** Worker w's share of shard `shard` split W ways. */
export function workerShard(shard: Shard, w: number, workers: number): Shard {
  return { index: shard.index + shard.count * w, count: shard.count * workers };
}

/** Worker w's share of a count split W ways (connections, in-flight cap, request cap): even, at least 1. */
export function workerShare(total: number, w: number, workers: number): number {
  return shardConnections(total, { index: w, count: workers });
}

function workerModel(model: ModelSpec, w: number, workers: number): ModelSpec {
  return model.kind === 'open' ? { ...model, inFlight: workerShare(model.inFlight, w, workers) } : { kind: 'closed', connections: workerShare(model.connections, w, workers) };
}

/** A profile state for worker w: states that carry their shard (the API profiles) get the worker's. */
function workerState(state: ProfileState, shard: Shard): ProfileState {
  return 'shard' in state ? ({ ...state, shard } as ProfileState) : state;
}

export interface WorkersOptions extends Omit<WorkerInput, 'shard'> {
  shard: Shard;
  workers: number;
  onTick?: (completed: number, errors: number) => void;
  /** A planned common start (--start-at), epoch ms; the workers start there, or at once when already past it. */
  t0EpochMs?: number;
}

/** Starts W workers, lets them load their modules, starts their schedules at one shared t0 and merges their results. */
export async function runOnWorkers(options: WorkersOptions): Promise<PartialRun> {
  const { workers, onTick, shard, t0EpochMs: planned, ...rest } = options;
  const threads = Array.from({ length: workers }, (_, w) => {
    const input: WorkerInput = {
      ...rest,
      model: workerModel(options.model, w, workers),
      shard: workerShard(shard, w, workers),
      state: workerState(options.state, workerShard(shard, w, workers)),
      maxRequests: Math.max(0, workerShare(options.maxRequests, w, workers)),
    };
    return new Worker(new URL('./worker-entry.js', import.meta.url), { workerData: input });
  });
  const ticks = threads.map(() => ({ completed: 0, errors: 0 }));
  let readyCount = 0;
  let go: (() => void) | undefined;
  const allReady = new Promise<void>((resolve) => (go = resolve));
  const results = threads.map(
    (thread, w) =>
      new Promise<PartialRun>((resolve, reject) => {
        thread.on('message', (m: WorkerMessage) => {
          if (m.type === 'ready' && ++readyCount === workers) go?.();
          else if (m.type === 'tick') {
            ticks[w] = { completed: m.completed, errors: m.errors };
            if (w === 0) onTick?.(ticks.reduce((n, t) => n + t.completed, 0), ticks.reduce((n, t) => n + t.errors, 0));
          } else if (m.type === 'done') resolve(m.partial);
          else if (m.type === 'failed') reject(new Error(`load worker ${w}: ${m.message}`));
        });
        thread.once('error', (error) => reject(error));
        thread.once('exit', (code) => reject(new Error(`load worker ${w} exited (code ${code}) before it finished`)));
      }),
  );
  // A worker that cannot even load its modules must not hang the run.
  let readyTimer: NodeJS.Timeout | undefined;
  const notReady = new Promise<never>((_, reject) => {
    readyTimer = setTimeout(() => reject(new Error(`load workers not ready within ${READY_TIMEOUT_MS / 1000} s`)), READY_TIMEOUT_MS);
  });
  try {
    await Promise.race([allReady, Promise.all(results), notReady]).finally(() => clearTimeout(readyTimer));
    // One t0 for all: a little ahead, so every worker is waiting for it rather than late from the start.
    const t0EpochMs = Math.max(planned ?? 0, performance.timeOrigin + performance.now() + 50);
    for (const thread of threads) thread.postMessage({ type: 'go', t0EpochMs });
    return mergePartials(await Promise.all(results));
  } finally {
    await Promise.all(threads.map((t) => t.terminate()));
  }
}
