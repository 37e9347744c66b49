import { afterEach, describe, expect, it } from 'vitest';
import { DeliveryEngine } from './delivery.js';
import type { OutgoingRequest, Poster } from './post.js';
import type { DeliveryRecord, Subscription } from './types.js';

function subscription(id: string): Subscription {
  return {
    id, orgId: 'org_1', format: 'v4', url: `http://127.0.0.1:9/${id}`, webhookType: null, secret: 's', previousSecret: null,
    createdAt: 0, apiKeyName: 'k', isActive: true, lastTriggered: null, failureCount: 0, deliveries: [], deliveriesById: new Map(),
  };
}

let n = 0;
function record(sub: Subscription, body = '{}'): DeliveryRecord {
  n++;
  return {
    id: `wdel_${n}`, webhookId: sub.id, eventId: `evt_${n}`, eventType: 'message.sent', messageId: null, body, flat: null, status: 'pending',
    attempts: [], createdAt: 0, replay: false, originalEventId: null, replayOf: null, nextAttemptAt: null,
  };
}

const build = (sub: Subscription, r: DeliveryRecord): OutgoingRequest => ({ url: sub.url, headers: {}, body: r.body });
let engine: DeliveryEngine | undefined;
afterEach(() => engine?.close());

describe('DeliveryEngine', () => {
  it('holds a delivery queued with a delay until then, without holding up the ones behind it (variant deliveryJitterMs)', async () => {
    const sent: string[] = [];
    const poster: Poster = async (req) => {
      sent.push(req.body);
      return 200;
    };
    engine = new DeliveryEngine({ retryDelaysMs: [], attemptTimeoutMs: 1000 }, poster, build);
    const sub = subscription('wh_late');
    engine.enqueue(sub, record(sub, '"first"'), 30);
    engine.enqueue(sub, record(sub, '"second"'));
    await engine.idle();
    expect(sent).toEqual(['"second"', '"first"']);
  });

  it('retries a failed delivery on the schedule, then gives up as failed with every attempt recorded', async () => {
    const poster: Poster = async () => 500;
    engine = new DeliveryEngine({ retryDelaysMs: [5, 5], attemptTimeoutMs: 1000 }, poster, build);
    const sub = subscription('wh_a');
    const r = record(sub);
    engine.enqueue(sub, r);
    await engine.idle();
    expect(r.status).toBe('failed');
    expect(r.attempts.map((a) => a.statusCode)).toEqual([500, 500, 500]);
    expect(sub.failureCount).toBe(3);
  });

  it('succeeds on a later attempt after a network error', async () => {
    let calls = 0;
    const poster: Poster = async () => {
      calls++;
      if (calls === 1) throw new Error('ECONNREFUSED');
      return 204;
    };
    engine = new DeliveryEngine({ retryDelaysMs: [5], attemptTimeoutMs: 1000 }, poster, build);
    const sub = subscription('wh_b');
    const r = record(sub);
    engine.enqueue(sub, r);
    await engine.idle();
    expect(r.status).toBe('succeeded');
    expect(r.attempts.map((a) => a.error === null)).toEqual([false, true]);
  });

  it('does not let a stuck subscriber delay another one', async () => {
    const delivered: string[] = [];
    const poster: Poster = (req, _timeout, signal) =>
      req.url.endsWith('stuck')
        ? new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))))
        : (delivered.push(req.body), Promise.resolve(200));
    engine = new DeliveryEngine({ retryDelaysMs: [], attemptTimeoutMs: 60_000 }, poster, build);
    const stuck = subscription('wh_stuck');
    const fine = subscription('wh_fine');
    engine.enqueue(stuck, record(stuck, '"s1"'));
    engine.enqueue(stuck, record(stuck, '"s2"'));
    const f1 = record(fine, '"f1"');
    const f2 = record(fine, '"f2"');
    engine.enqueue(fine, f1);
    engine.enqueue(fine, f2);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(delivered).toEqual(['"f1"', '"f2"']);
    expect([f1.status, f2.status]).toEqual(['succeeded', 'succeeded']);
  });

  it('stops retrying once closed', async () => {
    let calls = 0;
    engine = new DeliveryEngine({ retryDelaysMs: [10, 10, 10], attemptTimeoutMs: 1000 }, async () => (calls++, 500), build);
    const sub = subscription('wh_c');
    const r = record(sub);
    engine.enqueue(sub, r);
    await new Promise((resolve) => setTimeout(resolve, 2));
    engine.close();
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(calls).toBe(1);
    expect(r.status).toBe('pending');
  });
});
