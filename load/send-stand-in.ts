// A minimal send endpoint that is never the bottleneck: every request is answered at once with 201 and a
// send response (`{"id":"msg_…"}`), nothing stored. The bench measures the load generator against it
// (in its own process, see bench/), where the reference would only measure the reference.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** First request index of runs against the stand-in (warm-ups, calibration): far from any real run's keys. */
export const STAND_IN_FIRST_INDEX = 2 ** 40;

export interface SendStandIn {
  url: string;
  close(): Promise<void>;
}

export async function startSendStandIn(port = 0): Promise<SendStandIn> {
  let counter = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    // The body is drained (not parsed) so the connection stays reusable.
    req.resume();
    req.on('end', () => {
      const body = `{"id":"msg_${(++counter).toString(36)}","status":"queued"}`;
      res.writeHead(201, { 'content-type': 'application/json', 'content-length': body.length });
      res.end(body);
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
