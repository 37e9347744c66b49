// A minimal stand-in for the v4 send path, for the load tool's own tests: POST /v4/messages answers 201
// with a message id (the same id for a repeated Idempotency-Key), POST /v4/webhooks registers a URL and
// every accepted message then emits one signed `message.sent` delivery to it. Options inject faults
// (a duplicate message per key, a wrong signature) so the tests can show the checks catch them.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { signPayload } from '../harness/webhooks/signer.js';

export interface StubApiOptions {
  /** Ignore Idempotency-Key: every request makes a new message (a faulty server). */
  ignoreIdempotency?: boolean;
  /** Sign deliveries with a wrong secret. */
  badSignatures?: boolean;
  /** Deliver every event twice. */
  duplicateDeliveries?: boolean;
}

export interface StubApi {
  baseUrl: string;
  keys: Map<string, string>;
  requests: number;
  close(): Promise<void>;
}

export async function startStubApi(options: StubApiOptions = {}): Promise<StubApi> {
  let counter = 0;
  const keys = new Map<string, string>();
  const hooks: Array<{ url: string; secret: string }> = [];
  const deliveries = new Set<Promise<unknown>>();
  const stub: StubApi = { baseUrl: '', keys, requests: 0, close: async () => undefined };

  const deliver = (messageId: string): void => {
    for (const hook of hooks) {
      const body = JSON.stringify({ id: `evt_${randomBytes(6).toString('hex')}`, type: 'message.sent', created_at: Date.now(), organization_id: 'org_stub', data: { message_id: messageId } });
      const secret = options.badSignatures ? 'wrong-secret' : hook.secret;
      const send = (): void => {
        const p = request(hook.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-service-event': 'message.sent', 'x-service-message-id': messageId, 'x-service-signature': signPayload(body, secret, Math.floor(Date.now() / 1000)) },
          body,
        })
          .then((r) => r.body.dump())
          .catch(() => undefined)
          .finally(() => deliveries.delete(p));
        deliveries.add(p);
      };
      send();
      if (options.duplicateDeliveries) send();
    }
  };

  const json = (res: ServerResponse, status: number, value: unknown): void => {
    const text = JSON.stringify(value);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      stub.requests++;
      if (req.headers.authorization === undefined) return json(res, 401, { error: 'unauthorized', message: 'missing key', status: 401 });
      if (req.method === 'POST' && req.url === '/v4/messages') {
        const key = req.headers['idempotency-key'];
        if (typeof key === 'string' && !options.ignoreIdempotency) {
          const known = keys.get(key);
          if (known !== undefined) return json(res, 201, { id: known, status: 'queued' });
        }
        const id = `msg_${(++counter).toString(36)}`;
        if (typeof key === 'string') keys.set(key, id);
        json(res, 201, { id, status: 'queued' });
        deliver(id);
        return;
      }
      if (req.method === 'POST' && req.url === '/v4/webhooks') {
        const { url } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { url: string };
        const secret = randomBytes(16).toString('hex');
        hooks.push({ url, secret });
        return json(res, 201, { data: { id: `wh_${hooks.length}`, url, signing_secret: secret } });
      }
      json(res, 404, { error: { code: 'not_found', message: 'no route', details: {} } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  stub.baseUrl = `http://127.0.0.1:${port}/v4`;
  stub.close = async () => {
    await Promise.all([...deliveries]);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return stub;
}
