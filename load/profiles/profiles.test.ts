// The profiles against local stand-ins: a correct one passes verification, a faulty one is caught.
import { afterEach, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type Delivery } from '../../harness/webhooks/receiver.js';
import { signPayload } from '../../harness/webhooks/signer.js';
import { verifySignature } from '../../harness/webhooks/signature.js';
import { EVENT_TYPES } from '../events.js';
import type { ModelSpec } from '../result.js';
import { runLoad } from '../runner.js';
import { withProfile } from '../session.js';
import { startStubApi, type StubApi, type StubApiOptions } from '../stub-api.js';
import type { Profile, ProfileContext, ProfileState, Target } from '../types.js';
import { profiles } from './index.js';
import { analyse } from './webhook-delivery.js';
import { timeLimit } from '../../test/support/pace.js';

const stubs: StubApi[] = [];
afterEach(async () => {
  await Promise.all(stubs.splice(0).map((s) => s.close()));
});

async function stub(options: StubApiOptions = {}): Promise<StubApi> {
  const s = await startStubApi(options);
  stubs.push(s);
  return s;
}

function context(target: Target, options: Record<string, string> = {}): ProfileContext {
  return { target, shard: { index: 0, count: 1 }, runId: 'ptest', options, log: () => undefined };
}

async function run(name: string, target: Target, model: ModelSpec, options: Record<string, string> = {}, durationMs = 1000) {
  const profile = profiles[name] as Profile<ProfileState>;
  return withProfile(profile, context(target, options), async (state) => (await runLoad({ profile, state, model, shard: { index: 0, count: 1 }, runId: 'ptest', durationMs, maxRequests: 5000, timeoutMs: timeLimit({ requests: 1 }) })).result);
}

describe('send', () => {
  it('sends unique keys and counts 201 with a message id as ok', async () => {
    const api = await stub();
    const result = await run('send', { v4Url: api.baseUrl, apiKey: 'k' }, { kind: 'open', rate: 100, inFlight: 8 });
    expect(result.counts.ok).toBe(100);
    expect(api.keys.size).toBe(100);
  });

  it('reports errors by status and code', async () => {
    const api = await stub();
    const result = await run('send', { v4Url: `${api.baseUrl}/nowhere`, apiKey: 'k' }, { kind: 'open', rate: 50, inFlight: 4 });
    expect(result.counts.ok).toBe(0);
    expect(result.counts.byStatus).toEqual({ '404': 50 });
    expect(result.counts.byCode).toEqual({ not_found: 50 });
    expect(result.errorRatePercent).toBe(100);
  });
});

describe('send-retry-storm', () => {
  for (const model of [{ kind: 'open', rate: 200, inFlight: 16 }, { kind: 'closed', connections: 4 }] as ModelSpec[]) {
    it(`passes against an idempotent server (${model.kind} model)`, async () => {
      const api = await stub();
      const result = await run('send-retry-storm', { v4Url: api.baseUrl, apiKey: 'k' }, model, { 'replay-share': '0.3' });
      expect(result.verify?.ok).toBe(true);
      expect(result.verify?.figures.replays).toBeGreaterThan(0);
      expect(result.verify?.figures.keysWithSeveralIds).toBe(0);
      // A wrong pairing of responses to requests would give some key two ids; the closed model may
      // stop with a request per connection in flight, whose response is never read.
      expect(result.verify?.figures.keys).toBeLessThanOrEqual(api.keys.size);
      expect(result.verify?.figures.keys).toBeGreaterThanOrEqual(api.keys.size - 16);
    });
  }

  it('catches a server that ignores Idempotency-Key', async () => {
    const api = await stub({ ignoreIdempotency: true });
    const result = await run('send-retry-storm', { v4Url: api.baseUrl, apiKey: 'k' }, { kind: 'open', rate: 200, inFlight: 16 }, { 'replay-share': '0.3' });
    expect(result.verify?.ok).toBe(false);
    expect(result.verify?.findings.join()).toMatch(/more than one message id/);
  });
});

describe('webhook-delivery', () => {
  it('measures end-to-end latency of verified deliveries and loses none', async () => {
    const api = await stub();
    const result = await run('webhook-delivery', { v4Url: api.baseUrl, apiKey: 'k' }, { kind: 'open', rate: 100, inFlight: 8 }, { 'drain-ms': '3000' });
    expect(result.delivery).toMatchObject({ expected: 100, delivered: 100, lost: 0, duplicated: 0, badlySigned: 0 });
    expect(result.delivery?.latency.count).toBe(100);
    expect(result.verify?.ok).toBe(true);
  });

  it('counts badly signed deliveries (and the sends they leave undelivered)', async () => {
    const api = await stub({ badSignatures: true });
    const result = await run('webhook-delivery', { v4Url: api.baseUrl, apiKey: 'k' }, { kind: 'open', rate: 50, inFlight: 8 }, { 'drain-ms': '500' });
    expect(result.delivery).toMatchObject({ expected: 50, delivered: 0, lost: 50, badlySigned: 50 });
    expect(result.verify?.ok).toBe(false);
  });

  it('counts duplicated deliveries of one event', async () => {
    const api = await stub({ duplicateDeliveries: true });
    const result = await run('webhook-delivery', { v4Url: api.baseUrl, apiKey: 'k' }, { kind: 'open', rate: 50, inFlight: 8 }, { 'drain-ms': '3000' });
    expect(result.delivery).toMatchObject({ expected: 50, delivered: 50, lost: 0 });
    // The stub posts the same body (same event id) twice: every second copy is a duplicate.
    expect(result.delivery?.duplicated).toBe(50);
  });
});

describe('webhook-receiver', () => {
  it('fires correctly signed deliveries of every event type in both shapes', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const secret = 'whsec_load_test_secret';
      const result = await run('webhook-receiver', { v4Url: 'http://127.0.0.1/', receiverUrl: receiver.endpoint('sized'), receiverSecret: secret }, { kind: 'open', rate: 2 * EVENT_TYPES.length * 10, inFlight: 8 });
      const deliveries = receiver.deliveries();
      expect(result.counts.ok).toBe(deliveries.length);
      expect(deliveries.length).toBe(2 * EVENT_TYPES.length * 10);
      expect(deliveries.every((d) => verifySignature(d.rawBody, d.headers['x-service-signature'], secret).ok)).toBe(true);
      const types = new Set(deliveries.map((d) => d.headers['x-service-event']));
      expect(types).toEqual(new Set(EVENT_TYPES));
      const shapes = new Set(deliveries.map((d) => ('type' in (d.json() as object) ? 'v4' : 'v2')));
      expect(shapes).toEqual(new Set(['v4', 'v2']));
    } finally {
      await receiver.close();
    }
  });
});

describe('delivery analysis', () => {
  const secret = 'whsec_analysis';
  const delivery = (seq: number, messageId: string, eventId: string, t: number, receivedAt: number, key = secret): Delivery => {
    const body = JSON.stringify({ id: eventId, type: 'message.sent', created_at: receivedAt, organization_id: 'org_x', data: { message_id: messageId } });
    return {
      seq,
      path: '/hooks',
      endpoint: 'hooks',
      method: 'POST',
      headers: { 'x-service-signature': signPayload(body, key, t), 'x-service-message-id': messageId },
      rawBody: Buffer.from(body),
      receivedAt,
      json: () => JSON.parse(body) as unknown,
    };
  };

  it('judges signatures as at arrival, counts lost, duplicated, badly signed and unmatched', () => {
    // Signed and received long ago: still valid, because the check is as at arrival.
    const arrived = 1_600_000_000_000;
    const acceptedAt = new Map([
      ['msg_a', arrived - 40],
      ['msg_b', arrived - 10],
      ['msg_lost', arrived],
    ]);
    const report = analyse(
      [
        delivery(1, 'msg_a', 'evt_1', arrived / 1000, arrived),
        delivery(2, 'msg_a', 'evt_1', arrived / 1000, arrived + 5),
        delivery(3, 'msg_b', 'evt_2', arrived / 1000, arrived),
        delivery(4, 'msg_b', 'evt_3', arrived / 1000, arrived, 'wrong'),
        delivery(5, 'msg_other', 'evt_4', arrived / 1000, arrived),
      ],
      { acceptedAt, secret },
    );
    expect(report).toMatchObject({ expected: 3, delivered: 2, lost: 1, duplicated: 1, badlySigned: 1, unmatched: 1 });
    expect(report.latenciesUs.sort((a, b) => a - b)).toEqual([10_000, 40_000]);
  });
});
