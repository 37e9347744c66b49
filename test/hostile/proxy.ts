// A hostile control API in front of a working one: every request is forwarded to the embedded reference's
// control API, except those a rule answers itself (an escape-sequence payload, a hang...). The v4 and v2 APIs
// are the reference's own, so a run gets past the pre-flight and meets the hostile answers mid-run.
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { startReference } from '../../reference/index.js';
import { listenOnLoopback } from './servers.js';

export interface ProxiedReference {
  /** The reference's {base_url}. */
  baseUrl: string;
  v2BaseUrl: string;
  /** The hostile control API: the reference's, behind the rules. */
  controlUrl: string;
  /** Requests the rules answered, as `METHOD path`. */
  answered: string[];
  close(): Promise<void>;
}

/** A rule answers a request itself (returns true) or lets it through to the reference (returns false). */
export type Rule = (request: IncomingMessage, response: ServerResponse) => boolean;

export async function proxiedReference(rule: Rule): Promise<ProxiedReference> {
  const reference = await startReference();
  const target = new URL(reference.urls.control);
  const answered: string[] = [];
  const proxy = createServer((request, response) => {
    if (rule(request, response)) {
      answered.push(`${request.method} ${request.url}`);
      request.resume();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const forwarded = httpRequest(
        { host: target.hostname, port: target.port, method: request.method, path: `${target.pathname.replace(/\/$/, '')}${request.url ?? '/'}`, headers: request.headers },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      forwarded.on('error', () => response.destroy());
      forwarded.end(Buffer.concat(chunks));
    });
  });
  const listening = await listenOnLoopback(proxy);
  return {
    baseUrl: reference.urls.base,
    v2BaseUrl: reference.urls.v2,
    controlUrl: listening.url,
    answered,
    close: async () => {
      await listening.close();
      await reference.close();
    },
  };
}
