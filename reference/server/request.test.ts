// Bodies read by the request class (server/request.ts): whole when they come in pieces, refused once they
// pass the limit though no Content-Length announced them, and given up when the client left before reading.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness, type Org } from '../test-helpers.js';
import { timeLimit } from '../../test/support/pace.js';

let h: Harness;
let org: Org;

beforeAll(async () => {
  h = await startHarness({ log: () => {} });
  org = await h.newOrg();
});
afterAll(() => h.close());

/** POSTs `pieces` as a chunked body (no Content-Length), a few milliseconds apart so that they arrive apart. */
async function postChunked(path: string, pieces: string[]): Promise<{ status: number; body: { data?: { name?: string }; error?: { code?: string } } }> {
  const encoder = new TextEncoder();
  let next = 0;
  const stream = new ReadableStream({
    async pull(controller) {
      if (next > 0) await new Promise((resolve) => setTimeout(resolve, 5));
      if (next < pieces.length) controller.enqueue(encoder.encode(pieces[next++]));
      else controller.close();
    },
  });
  const answer = await fetch(`${h.ref.urls.v4}${path}`, {
    method: 'POST',
    body: stream,
    duplex: 'half',
    headers: { authorization: `Bearer ${org.primary}`, 'content-type': 'application/json' },
  } as RequestInit);
  return { status: answer.status, body: (await answer.json()) as { data?: { name?: string }; error?: { code?: string } } };
}

describe('request bodies', () => {
  it('joins a body sent in pieces', async () => {
    const answer = await postChunked('/contacts', ['{"na', 'me":"Ada', ' Lovelace"}']);
    expect(answer.status).toBe(201);
    expect(answer.body.data?.name).toBe('Ada Lovelace');
  });

  it('answers 413 to a chunked body past the limit', async () => {
    const piece = 'x'.repeat(64 * 1024);
    const answer = await postChunked('/contacts', ['{"name":"', ...Array.from({ length: 17 }, () => piece), '"}']);
    expect(answer.status).toBe(413);
    expect(answer.body.error?.code).toBe('payload_too_large');
  });
});

describe('a client that leaves during a configured delay', () => {
  it('is given up once the delay ends (the pipeline does not wait for a body that will never come)', async () => {
    const logged: string[] = [];
    const slow = await startHarness({ log: (line) => logged.push(line), variant: { latencyMs: 1000 } });
    try {
      const who = await slow.newOrg();
      // The client leaves as soon as its whole request is sent, so it is gone during the delay however slow this
      // machine is (a fixed 300 ms could pass before the request even left, on a busy one).
      await new Promise<void>((resolve) => {
        const sent = request(`${slow.ref.urls.v4}/contacts`, { method: 'POST', headers: { authorization: `Bearer ${who.primary}`, 'content-type': 'application/json' } });
        sent.on('error', () => resolve());
        sent.on('close', () => resolve());
        sent.on('finish', () => sent.destroy());
        sent.end(JSON.stringify({ name: 'Gone' }));
      });
      await expect.poll(() => logged.some((line) => line.includes('the request was aborted')), { timeout: timeLimit({ requests: 1 }) }).toBe(true);
    } finally {
      await slow.close();
    }
  });
});
