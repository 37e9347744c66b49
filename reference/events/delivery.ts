// The delivery engine: a queue per subscription, so that a slow or failing subscriber never delays
// another; first attempts leave each queue in emission order, one at a time; a failed attempt is
// retried later with backoff without holding up the deliveries behind it. Every delivery stays
// recorded on its subscription (for the deliveries list, logs and replay) whatever its outcome.
import { setMaxListeners } from 'node:events';
import type { OutgoingRequest, Poster } from './post.js';
import type { DeliveryRecord, Subscription } from './types.js';

export interface DeliveryConfig {
  /** Delay before each retry: attempt n+1 waits retryDelaysMs[n-1]; the list's length bounds the retries. */
  retryDelaysMs: readonly number[];
  /** Time allowed for one attempt (connect, send, answer headers). */
  attemptTimeoutMs: number;
}

/** 10 attempts over about 4 minutes, then the delivery is `failed` (and still replayable). */
export const defaultDeliveryConfig: DeliveryConfig = {
  retryDelaysMs: [1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000],
  attemptTimeoutMs: 10_000,
};

/** Builds the request of one attempt: signing happens per attempt, with the subscription's current secret. */
export type RequestBuilder = (sub: Subscription, record: DeliveryRecord) => OutgoingRequest;

interface Lane {
  sub: Subscription;
  queue: DeliveryRecord[];
  running: boolean;
}

export class DeliveryEngine {
  private readonly lanes = new Map<string, Lane>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly abort = new AbortController();
  private readonly waiters: Array<() => void> = [];
  private inFlight = 0;
  private closed = false;

  constructor(
    private readonly config: DeliveryConfig,
    private readonly post: Poster,
    private readonly build: RequestBuilder,
    private readonly clock: () => number = Date.now,
  ) {
    // Every delivery in flight listens to the one close signal: as many as there are lanes, not a leak.
    setMaxListeners(0, this.abort.signal);
  }

  /** Queues the delivery now, or after `delayMs` (variant deliveryJitterMs: deliveries then leave in any order). */
  enqueue(sub: Subscription, record: DeliveryRecord, delayMs = 0): void {
    if (this.closed) return;
    if (delayMs > 0) return this.later(delayMs, () => this.enqueue(sub, record));
    let lane = this.lanes.get(sub.id);
    if (!lane) this.lanes.set(sub.id, (lane = { sub, queue: [], running: false }));
    lane.queue.push(record);
    this.pump(lane);
  }

  /** Resolves once nothing is queued, in flight or waiting for a retry (tests and shutdown). */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Stops every timer and in-flight request; pending deliveries stay recorded as `pending`. */
  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.abort.abort();
    this.lanes.clear();
    this.wake();
  }

  private isIdle(): boolean {
    if (this.inFlight > 0 || this.timers.size > 0) return false;
    for (const lane of this.lanes.values()) if (lane.queue.length > 0) return false;
    return true;
  }

  private wake(): void {
    if (!this.closed && !this.isIdle()) return;
    for (const resolve of this.waiters.splice(0)) resolve();
  }

  private pump(lane: Lane): void {
    if (lane.running || this.closed) return;
    const record = lane.queue.shift();
    if (!record) {
      this.wake();
      return;
    }
    lane.running = true;
    this.inFlight++;
    void this.attempt(lane.sub, record).finally(() => {
      this.inFlight--;
      lane.running = false;
      this.pump(lane);
      this.wake();
    });
  }

  private async attempt(sub: Subscription, record: DeliveryRecord): Promise<void> {
    record.nextAttemptAt = null;
    const started = this.clock();
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      statusCode = await this.post(this.build(sub, record), this.config.attemptTimeoutMs, this.abort.signal);
      if (statusCode < 200 || statusCode > 299) error = `answered ${statusCode}`;
    } catch (cause) {
      error = cause instanceof Error ? cause.message : String(cause);
    }
    if (this.closed) return;
    record.attempts.push({ at: started, statusCode, error, durationMs: Math.max(0, this.clock() - started) });
    sub.lastTriggered = started;
    if (error === null) {
      record.status = 'succeeded';
      return;
    }
    sub.failureCount++;
    const delay = this.config.retryDelaysMs[record.attempts.length - 1];
    if (delay === undefined) {
      record.status = 'failed';
      return;
    }
    record.nextAttemptAt = started + delay;
    this.later(delay, () => this.enqueue(sub, record));
  }

  /** Runs `then` after `delayMs`, counted as pending work until it has run (idle() waits for it, close() drops it). */
  private later(delayMs: number, then: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      then();
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }
}
