// One HTTP POST of a delivery, over node:http(s) without connection reuse, so that nothing outlives
// the reference after close(). Resolves with the response status; rejects on network errors and timeout.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface OutgoingRequest {
  url: string;
  /** POST unless a fault says otherwise. */
  method?: string;
  headers: Record<string, string>;
  body: string;
}

export type Poster = (req: OutgoingRequest, timeoutMs: number, signal: AbortSignal) => Promise<number>;

export const httpPoster: Poster = (req, timeoutMs, signal) =>
  new Promise<number>((resolve, reject) => {
    const url = new URL(req.url);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const body = Buffer.from(req.body, 'utf8');
    const outgoing = send(
      url,
      {
        method: req.method ?? 'POST',
        agent: false,
        signal,
        headers: { ...req.headers, 'content-length': String(body.length), connection: 'close' },
      },
      (res) => {
        // The answer's body is not used; drain it so the socket closes.
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    outgoing.setTimeout(timeoutMs, () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    outgoing.on('error', reject);
    outgoing.end(body);
  });
