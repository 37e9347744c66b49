// A hostile control API in front of a working one: every request is forwarded to the embedded reference's
// control API, except those a rule answers itself (an escape-sequence payload, a hang...). The v4 and v2 APIs
// are the reference's own, so a run gets past the pre-flight and meets the hostile answers mid-run.
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { startReference } from '../../reference/index.js';

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
  const sockets = new Set<Socket>();
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
  proxy.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: reference.urls.base,
    v2BaseUrl: reference.urls.v2,
    controlUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    answered,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await reference.close();
    },
  };
}
