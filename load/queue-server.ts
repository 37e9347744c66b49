// A server of known capacity (tests, bench): at most `concurrency` requests in service at once, each for
// `serviceMs`, the rest waiting in arrival order. It sustains concurrency / serviceMs requests per ms and
// no more: below that every answer takes serviceMs, above it the queue (and the latency) grows for as long
// as the load lasts. Its capacity is a ratio of its own parameters, whatever the machine's speed.
// `noisy` makes it a deliberately unreliable target: after every pause in its traffic longer than
// `afterIdleMs` it switches between fast and slow (each answer `slowMs` later), so successive runs of one
// load step disagree.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface QueueServerOptions {
  concurrency: number;
  serviceMs: number;
  noisy?: { slowMs: number; afterIdleMs: number };
}

export interface QueueServer {
  url: string;
  /** Requests per second it sustains: concurrency / serviceMs. */
  capacity: number;
  close(): Promise<void>;
}

export async function startQueueServer(options: QueueServerOptions): Promise<QueueServer> {
  const waiting: ServerResponse[] = [];
  let busy = 0;
  let slow = false;
  let lastArrival = 0;
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, run: () => void): void => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  };
  const serve = (res: ServerResponse): void => {
    busy++;
    later(options.serviceMs, () => {
      busy--;
      const next = waiting.shift();
      if (next !== undefined) serve(next);
      const answer = (): void => {
        if (!res.destroyed) res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      };
      if (slow) later(options.noisy?.slowMs ?? 0, answer);
      else answer();
    });
  };
  const server = createServer((req, res) => {
    req.resume();
    const now = performance.now();
    if (options.noisy !== undefined && lastArrival > 0 && now - lastArrival > options.noisy.afterIdleMs) slow = !slow;
    lastArrival = now;
    if (busy < options.concurrency) serve(res);
    else waiting.push(res);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    capacity: (options.concurrency * 1000) / options.serviceMs,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
