// The bus with a recording poster: what each attempt of a delivery sends. The flat v2 body's `timestamp` is
// "when the webhook was sent" (section 6): set at each attempt (first, retry, replay) from the organization's
// clock, and signed as sent; nothing else of the body changes. v4 envelopes are the same bytes every time.
import { afterEach, describe, expect, it } from 'vitest';
import { Store } from '../store/store.js';
import type { Org } from '../store/types.js';
import { resolveVariant } from '../variants.js';
import { ServiceBus } from './bus.js';
import type { OutgoingRequest, Poster } from './post.js';
import { hmacDigest } from './signing.js';
import { createSubscription } from './subscriptions.js';
import type { Subscription } from './types.js';

const HOUR = 3_600_000;

interface Sent {
  req: OutgoingRequest;
  /** The organization's clock when the poster got the request. */
  orgNow: number;
}

let bus: ServiceBus | undefined;
afterEach(() => bus?.engine.close());

/**
 * A bus whose poster answers each subscription's n-th request with `answers[n]` (then 200) and moves the
 * organization's clock an hour after each request.
 */
function setup(answers: number[] = []) {
  const org: Org = new Store().createOrg('t');
  // A day ahead of the process clock, as after the control API's clock/advance.
  org.clockOffsetMs = 24 * HOUR;
  const sent = new Map<string, Sent[]>();
  const poster: Poster = async (req) => {
    const list = sent.get(req.url) ?? [];
    sent.set(req.url, list);
    list.push({ req, orgNow: org.now() });
    org.clockOffsetMs += HOUR;
    return answers[list.length - 1] ?? 200;
  };
  bus = new ServiceBus({ fault: () => false, variant: resolveVariant(undefined) }, { poster, delivery: { retryDelaysMs: [5, 5, 5], attemptTimeoutMs: 1000 } });
  const sub = (format: 'v4' | 'v2', name: string): Subscription =>
    createSubscription(org, { format, url: `http://127.0.0.1:9/${name}`, webhookType: format === 'v2' ? 'all' : null, apiKeyName: 'k' });
  return { org, bus, sent: (s: Subscription) => sent.get(s.url) ?? [], sub };
}

function signedAsSent(req: OutgoingRequest, secret: string): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(req.headers['x-service-signature'] ?? '');
  return match !== null && hmacDigest(secret, `${match[1]}.${req.body}`).toString('hex') === match[2];
}

const flatFields = { chat_id: '+14155550100', external_id: '+14155550100', protocol: 'imessage', internal_id: '+14155550199' };

/** The timestamp of an attempt's flat body, checked to be the organization's clock as it was sent. */
function sentAt(attempt: Sent): number {
  const timestamp = (JSON.parse(attempt.req.body) as { timestamp: unknown }).timestamp;
  expect(Number.isInteger(timestamp)).toBe(true);
  // Set just before the poster got the request: at most the clock then, and not by much.
  expect(attempt.orgNow - (timestamp as number)).toBeGreaterThanOrEqual(0);
  expect(attempt.orgNow - (timestamp as number)).toBeLessThan(HOUR / 2);
  return timestamp as number;
}

const withoutTimestamp = (body: string) => ({ ...(JSON.parse(body) as object), timestamp: null });

describe('flat v2 timestamp: when the webhook was sent', () => {
  it('is set anew at each retry from the organization clock, the body signed as sent; the v4 envelope does not change', async () => {
    const { org, bus, sent, sub } = setup([500, 500]);
    const v2 = sub('v2', 'flat');
    const v4 = sub('v4', 'envelope');
    const event = bus.emit(org, 'message.received', { message_id: 'msg_1', text: 'hi' }, { messageId: 'msg_1', flat: { ...flatFields, text: 'hi', received_at: org.now() } });
    await bus.engine.idle();

    const flat = sent(v2);
    expect(flat).toHaveLength(3);
    const stamps = flat.map(sentAt);
    expect(stamps[1]! - stamps[0]!).toBeGreaterThanOrEqual(HOUR);
    expect(stamps[2]! - stamps[1]!).toBeGreaterThanOrEqual(HOUR);
    for (const attempt of flat) {
      expect(signedAsSent(attempt.req, v2.secret)).toBe(true);
      expect(withoutTimestamp(attempt.req.body)).toEqual(withoutTimestamp(flat[0]!.req.body));
    }
    // The delivery keeps the bytes last sent.
    expect(v2.deliveries[0]!.body).toBe(flat[2]!.req.body);

    const envelopes = sent(v4);
    expect(envelopes.length).toBeGreaterThanOrEqual(1);
    for (const attempt of envelopes) {
      expect(attempt.req.body).toBe(envelopes[0]!.req.body);
      expect(JSON.parse(attempt.req.body)).toMatchObject({ id: event.id, created_at: event.created_at });
    }
  });

  it('is set anew on a replay, which keeps everything else of the original and carries the replay headers', async () => {
    const { org, bus, sent, sub } = setup();
    const v2 = sub('v2', 'flat');
    const event = bus.emit(org, 'message.delivered', { message_id: 'msg_2' }, { messageId: 'msg_2', flat: { ...flatFields, delivered_at: org.now() } });
    await bus.engine.idle();
    org.clockOffsetMs += 5 * HOUR;
    bus.replay(v2, v2.deliveries[0]!, org.now());
    await bus.engine.idle();

    const [first, replayed] = sent(v2);
    expect(sentAt(replayed!) - sentAt(first!)).toBeGreaterThanOrEqual(6 * HOUR);
    expect(withoutTimestamp(replayed!.req.body)).toEqual(withoutTimestamp(first!.req.body));
    expect(signedAsSent(replayed!.req, v2.secret)).toBe(true);
    expect(replayed!.req.headers['x-service-replay']).toBe('true');
    expect(replayed!.req.headers['x-original-event-id']).toBe(event.id);
    expect(first!.req.headers['x-service-replay']).toBeUndefined();
  });

  it('uses the same clock for typing, group and contact events, whose own timestamp stays in data', async () => {
    const { org, bus, sent, sub } = setup();
    const v2 = sub('v2', 'flat');
    const eventTime = org.now();
    bus.emit(org, 'typing.started', { timestamp: eventTime }, { messageId: 'msg_3', flat: { ...flatFields, sender: '+14155550100', is_group: false, timestamp: eventTime } });
    bus.emit(org, 'group.name_changed', { timestamp: eventTime }, { messageId: 'msg_3', flat: { ...flatFields, group_id: 'grp_1', name: 'n', previous_name: null, timestamp: eventTime } });
    await bus.engine.idle();

    const [typing, group] = sent(v2);
    expect(sentAt(typing!)).toBeGreaterThanOrEqual(eventTime);
    expect(sentAt(group!) - eventTime).toBeGreaterThanOrEqual(HOUR);
    expect(JSON.parse(group!.req.body)).toMatchObject({ event: 'group.name_changed', data: { timestamp: eventTime } });
  });
});
