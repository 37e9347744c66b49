// A test server that stalls on a known schedule: in every period of `periodMs` (aligned to the epoch),
// the first `stallMs` are a stall, and a request arriving during one is answered when it ends; any other
// request is answered at once. Because the schedule is a function of the clock alone, the true latency
// of any request is known from its start time (stall-truth.ts). Used by the tests and the bench.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StallSchedule {
  periodMs: number;
  stallMs: number;
}

export function epochNow(): number {
  return performance.timeOrigin + performance.now();
}

/** How long a request arriving at epoch time `t` waits for the stall to end (0 outside a stall). */
export function stallWait(t: number, s: StallSchedule): number {
  const phase = ((t % s.periodMs) + s.periodMs) % s.periodMs;
  return phase < s.stallMs ? s.stallMs - phase : 0;
}

export interface StallServer {
  url: string;
  close(): Promise<void>;
}

export async function startStallServer(schedule: StallSchedule, body = '{"id":"msg_stall"}', status = 201): Promise<StallServer> {
  const timers = new Set<NodeJS.Timeout>();
  const answer = (res: ServerResponse): void => {
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    // Judged when the request starts arriving; the body is drained so the connection stays reusable.
    const wait = stallWait(epochNow(), schedule);
    req.resume();
    req.on('end', () => {
      if (wait <= 0) return answer(res);
      const timer = setTimeout(() => {
        timers.delete(timer);
        answer(res);
      }, wait);
      timers.add(timer);
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
