// Webhook subscriptions and their deliveries as the webhooks suites use them: subscribe (v4 or v2) to an
// endpoint of the file's receiver, read the secret shown once, wait for deliveries, and judge each
// delivery's signature and headers. `useHooks()` at module level gives each check the file's receiver.
import type { CheckContext, Fixtures } from '../../harness/check/index.js';
import { CheckFailure, deliveryFindings, isNothingArrived, NothingArrived, prerequisite, type ApiClient, type ApiResponse } from '../../harness/check/index.js';
import { secrets } from '../../harness/http/mask.js';
import { DeliveryWaitTimeoutError, type Delivery, type WebhookReceiver } from '../../harness/webhooks/receiver.js';
import { verifySignature } from '../../harness/webhooks/signature.js';
import type { EventAction } from '../../harness/oracle/action.js';
import { actionOf } from '../../harness/oracle/deliveries.js';
import { deliveryTimeoutMs, freshEndpointName, useWebhookReceiver } from '../../harness/webhooks-fixture.js';
import { locateObject, wrappings, type WrappingName } from '../../spec/readings.js';
import { fail, isRecord, shown, type Json } from './common.js';
import { webhookViewsAgree } from './views.js';

export const webhookIdPattern = /^wh_[A-Za-z0-9]+$/;
/** After a later delivery arrived, how long a forbidden earlier one may still be on its way. */
export const graceMs = 250;

export interface Subscription {
  api: 'v4' | 'v2';
  /** The `wh_` id, when the creation answer carries one. */
  id: string | undefined;
  secret: string;
  /** The receiver endpoint name its deliveries carry. */
  endpoint: string;
  url: string;
  created: ApiResponse;
}

/** The file's receiver with the run's delivery timeout. */
export class Hooks {
  constructor(
    readonly receiver: WebhookReceiver,
    readonly timeoutMs: number,
    /** The check, for judging in passing every view of a webhook it registers (suites/_shared/views.ts). */
    readonly t?: CheckContext,
  ) {}

  /**
   * POST /webhooks (v4) with a fresh endpoint of the receiver: a step of its own clause (a prerequisite), so that a
   * registration that fails names webhooks.v4.create-secret-once, not the clause of the check that needed it.
   */
  async subscribeV4(client: ApiClient): Promise<Subscription> {
    return prerequisite('createWebhook', async () => {
      const endpoint = freshEndpointName('v4');
      const url = this.receiver.endpoint(endpoint);
      const created = await client.post('/webhooks', { json: { url } });
      if (created.status !== 200 && created.status !== 201) fail('POST /webhooks did not create the subscription', '200 or 201 with signing_secret', shown(created));
      return subscription('v4', created, endpoint, url);
    });
  }

  /** POST /webhooks (v2) of a webhook_type with a fresh endpoint of the receiver. */
  async subscribeV2(client: ApiClient, webhookType: string): Promise<Subscription> {
    const { created, endpoint, url } = await this.postV2(client, webhookType);
    if (created.status < 200 || created.status > 299) fail(`v2 POST /webhooks (${webhookType}) did not create the subscription`, 'a 2xx with signing_secret', shown(created));
    const sub = subscription('v2', created, endpoint, url);
    if (this.t !== undefined) await webhookViewsAgree(this.t, client, { id: sub.id, url, type: webhookType, created }, true);
    return sub;
  }

  /**
   * Like subscribeV2, for a check that only watches through the subscription (what went out): why it could not
   * be had (a refusal, or no secret shown) instead of a failure, which is the subscription checks' to judge.
   */
  async subscribeV2OrWhyNot(client: ApiClient, webhookType: string): Promise<Subscription | string> {
    const { created, endpoint, url } = await this.postV2(client, webhookType);
    if (created.status < 200 || created.status > 299) return `v2 POST /webhooks (${webhookType}) answered ${shown(created)}`;
    const secret = isRecord(created.body) ? (isRecord(created.body.data) ? created.body.data.signing_secret : created.body.signing_secret) : undefined;
    if (typeof secret !== 'string' || secret === '') return `v2 POST /webhooks (${webhookType}) showed no signing_secret: ${shown(created)}`;
    return subscription('v2', created, endpoint, url);
  }

  /**
   * Like subscribeV2, for a webhook_type the creation row does not list (`poll`, spec/AMBIGUITIES.md v2 1):
   * undefined when the target refuses it with 400 or 422, which the description allows.
   */
  async subscribeV2IfTaken(client: ApiClient, webhookType: string): Promise<Subscription | undefined> {
    const { created, endpoint, url } = await this.postV2(client, webhookType);
    if (created.status === 400 || created.status === 422) return undefined;
    if (created.status < 200 || created.status > 299) fail(`v2 POST /webhooks (${webhookType}) did not create the subscription`, 'a 2xx with signing_secret, or 400/422', shown(created));
    return subscription('v2', created, endpoint, url);
  }

  private async postV2(client: ApiClient, webhookType: string): Promise<{ created: ApiResponse; endpoint: string; url: string }> {
    const endpoint = freshEndpointName(`v2${webhookType}`);
    const url = this.receiver.endpoint(endpoint);
    return { created: await client.post('/webhooks', { json: { webhook_url: url, webhook_type: webhookType } }), endpoint, url };
  }

  deliveriesTo(sub: Subscription, type?: string): Delivery[] {
    return this.receiver.deliveries().filter((d) => d.endpoint === sub.endpoint && (type === undefined || eventTypeOf(d) === type));
  }

  /**
   * The first delivery of `type` to `sub` that matches; NothingArrived (a failure) naming what arrived when none
   * does in time. The delivery judges (harness/check/judges.ts) then judge every field of it against the action
   * a trigger declared for it, when exactly one concerns it, and a finding fails the check on the clause it
   * breaks (`judge: false` for a scenario whose own checks judge each field, `replay` for a replay).
   */
  async waitForEvent(sub: Subscription, type: string, matches: (delivery: Delivery) => boolean = () => true, options: { judge?: boolean; replay?: boolean } = {}): Promise<Delivery> {
    let delivery: Delivery;
    try {
      delivery = await this.receiver.waitFor((d) => d.endpoint === sub.endpoint && eventTypeOf(d) === type && matches(d), { timeoutMs: this.timeoutMs });
    } catch (error) {
      if (!(error instanceof DeliveryWaitTimeoutError)) throw error;
      const arrived = this.deliveriesTo(sub).map((d) => eventTypeOf(d) ?? '?');
      // Deliveries of the type whose ids are another action's: not this one's, but what a vendor looks at first.
      const others = this.deliveriesTo(sub, type).filter((d) => !matches(d));
      const otherwise = others.length === 0 ? '' : `; ${others.length} ${type} delivery(ies) name another action's ids: ${others.slice(0, 3).map(idsNamed).join(' / ')}`;
      throw new NothingArrived(`no ${type} delivery of this action reached the ${sub.api} subscription within ${this.timeoutMs} ms`, `a ${type} delivery`, `deliveries to this subscription: ${arrived.length === 0 ? 'none' : arrived.join(', ')}${otherwise}`);
    }
    if (options.judge !== false) {
      const action = actionOf(delivery, type);
      // The digest is judged where the secret is known to be current (a rotation replaces it): here its form only.
      if (action !== undefined) expectFollowsAction(delivery, action, { api: sub.api }, { replay: options.replay === true });
    }
    return delivery;
  }

  /** Waits until `sentinel` resolves (a later delivery arrived), then a short grace: forbidden deliveries had their chance. */
  async settle(sentinel: Promise<unknown>): Promise<void> {
    await sentinel;
    await new Promise((resolve) => setTimeout(resolve, graceMs));
  }
}

/** Registers the file's receiver; call at module level. Each check gets it with `await hooks(t)`. */
export function useHooks(): (t: CheckContext) => Promise<Hooks> {
  const receiverOf = useWebhookReceiver();
  return async (t) => new Hooks(await receiverOf(t.target), deliveryTimeoutMs(t.target), t);
}

/** How a delivery of a watched event is told to be the check's own, and what to say when none is. */
export interface EmittedMatch {
  /** Whether a delivery is this check's (a shared organization's events reach the check's subscription too). */
  matches?: (delivery: Delivery) => boolean;
  /** Why the check is not verifiable when none matched but other deliveries of the type arrived. */
  unattributed?: (others: number) => string;
}

/**
 * Watches for the one `type` event that what the check does next emits: where the control API records the events
 * of an organization of the check's own, exactly one more of them; else a delivery that `matches` to a v4
 * subscription of the check's own, made now (an event reaches only the subscriptions that exist when it happens).
 */
export async function watchEmitted(t: CheckContext, fx: Fixtures, hooksOf: (t: CheckContext) => Promise<Hooks>, type: string): Promise<(match?: EmittedMatch) => Promise<void>> {
  if (fx.source === 'control' && fx.controlOffers('listEmittedEvents')) {
    const before = (await fx.control().events(type)).length;
    return async () => t.expect.that((await fx.control().events(type)).length, `${type} events`).toBe(before + 1);
  }
  const hooks = await hooksOf(t);
  const sub = await hooks.subscribeV4(fx.v4());
  return async ({ matches, unattributed } = {}) => {
    try {
      await hooks.waitForEvent(sub, type, matches);
    } catch (error) {
      // Only a delivery that never came may be another check's: one found wrong fails on its clause.
      if (!isNothingArrived(error)) throw error;
      const others = hooks.deliveriesTo(sub, type).length;
      if (unattributed !== undefined && others > 0) t.notVerifiable(unattributed(others));
      throw error;
    }
  };
}

/**
 * The object of an answer where the readings the suite accepts put it (spec/readings.ts, which the answer oracle
 * reads too: a place one accepts, the other never refuses), and where it was found, for messages.
 */
export function itemOf(response: ApiResponse, wrapping: WrappingName): { object: Json; where: string } {
  const places = wrappings[wrapping].places;
  const found = locateObject(response.body, wrappings[wrapping]);
  if (found === undefined) return fail(`${response.method} ${response.path}: the answer holds no JSON object where the object may be`, places.map((place) => `an object ${place.where}`).join(', or '), shown(response));
  return { object: found.object, where: found.place.where };
}

/** The `wh_` id of a subscription record, whichever field carries it (fields beyond the secret are not shown for v4). */
export function webhookIdIn(record: Json): string | undefined {
  for (const field of ['webhook_id', 'id']) {
    const value = record[field];
    if (typeof value === 'string' && value.startsWith('wh_')) return value;
  }
  return undefined;
}

function subscription(api: 'v4' | 'v2', created: ApiResponse, endpoint: string, url: string): Subscription {
  const { object: record, where } = itemOf(created, api === 'v4' ? 'v4-webhook-created' : 'v2-webhook-created');
  const secret = record.signing_secret;
  if (typeof secret !== 'string' || secret === '') fail(`${api} POST /webhooks: no signing_secret in the creation answer (the subscription found ${where})`, 'signing_secret (string), shown once at creation', shown(created));
  secrets.add(secret);
  return { api, id: webhookIdIn(record), secret, endpoint, url, created };
}

/** The subscription's `wh_` id, or NotVerifiable-style failure when the creation answer named none. */
export function idOf(t: CheckContext, sub: Subscription): string {
  if (sub.id === undefined) return t.notVerifiable(`the ${sub.api} creation answer carries no wh_ id (its fields beyond signing_secret are not shown)`);
  return sub.id;
}

/** The ids a delivery names (its `*_id` fields, at the top and in `data`, and X-Service-Message-Id), for a message. */
export function idsNamed(delivery: Delivery): string {
  const body = safeJson(delivery);
  const record = isRecord(body) ? body : {};
  const fields = (object: Json, where: string) => Object.entries(object).filter(([field, value]) => (field.endsWith('_id') || field === 'address') && typeof value === 'string').map(([field, value]) => `${where}${field}=${String(value)}`);
  const named = [...fields(record, ''), ...(isRecord(record.data) ? fields(record.data, 'data.') : [])];
  const header = headerOf(delivery, 'x-service-message-id');
  if (header !== undefined) named.push(`X-Service-Message-Id=${header}`);
  return named.length === 0 ? '(no id)' : named.join(', ');
}

/** One header's value (the first when repeated), by name. */
export function headerOf(delivery: Delivery, name: string): string | undefined {
  const value = delivery.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** The event type of a delivery: v4 `type`, v2 `event`, else the X-Service-Event header. */
export function eventTypeOf(delivery: Delivery): string | undefined {
  const body = safeJson(delivery);
  if (isRecord(body)) {
    if (typeof body.event === 'string') return body.event;
    if (typeof body.type === 'string') return body.type;
  }
  return headerOf(delivery, 'x-service-event');
}

export function safeJson(delivery: Delivery): unknown {
  try {
    return delivery.json();
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    return undefined;
  }
}

export function bodyOf(delivery: Delivery): Json {
  const body = safeJson(delivery);
  if (!isRecord(body)) fail('a webhook delivery body is not a JSON object', 'a JSON object', clip(delivery.rawBody.toString('utf8')));
  return body;
}

/**
 * Judges the HMAC of a delivery's X-Service-Signature under `secret`, never the age of its `t`: the description
 * shows no tolerance for the timestamp (section 5), and the suites judge deliveries long after they arrived.
 * verifySignature compares the digest before the clock, so `timestamp-outside-tolerance` means the digest
 * matched. Whether `t` is unix seconds is signature-header-format's to judge.
 */
function hmacVerdict(delivery: Delivery, secret: string): { ok: true } | { ok: false; why: string } {
  const result = verifySignature(delivery.rawBody, delivery.headers['x-service-signature'], secret);
  if (result.ok || result.reason === 'timestamp-outside-tolerance') return { ok: true };
  return { ok: false, why: `${result.reason}: ${result.detail}` };
}

/** The delivery's signature verifies with `secret` (HMAC over `<t>.<raw body>`; the age of `t` is not judged). */
export function expectSignedWith(delivery: Delivery, secret: string, what = 'the delivery'): void {
  const verdict = hmacVerdict(delivery, secret);
  if (!verdict.ok) {
    throw new CheckFailure(
      `${what} does not verify with the subscription's signing secret (${verdict.why})`,
      'X-Service-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>"> under the secret',
      `X-Service-Signature: ${String(delivery.headers['x-service-signature'])}`,
    );
  }
}

/** Whether the delivery's HMAC verifies with `secret` (the age of `t` is not judged). */
export function verifiesWith(delivery: Delivery, secret: string): boolean {
  return hmacVerdict(delivery, secret).ok;
}

/** `a` is another copy of delivery `b` (delivery is at least once): the same bytes, signature and X-Service-* headers. */
export function isCopyOf(a: Delivery, b: Delivery): boolean {
  const described = (d: Delivery) =>
    Object.entries(d.headers)
      .filter(([name]) => name.startsWith('x-service-') || name === 'x-original-event-id')
      .map(([name, value]) => `${name}=${String(value)}`)
      .sort()
      .join('\n');
  return a.rawBody.equals(b.rawBody) && described(a) === described(b);
}

/** The usual receiver tolerance for a signature's `t` (the description shows none, section 5). */
export const signatureToleranceS = 300;

/**
 * A warning when the signature's `t` (unix seconds) is more than 300 s from the delivery's arrival: receivers
 * that apply the usual tolerance would refuse it. Not a failure: the description shows no tolerance.
 */
export function warnIfStale(t: CheckContext, type: string, seconds: number, receivedAtMs: number): void {
  const offBy = Math.round(seconds - receivedAtMs / 1000);
  if (Math.abs(offBy) <= signatureToleranceS) return;
  t.warn(`the ${type} delivery's signature timestamp is ${Math.abs(offBy)} s ${offBy < 0 ? 'behind' : 'ahead of'} its arrival: receivers with the usual ${signatureToleranceS} s tolerance refuse it`);
}

/**
 * Every field of `delivery` follows `action` (the delivery judges): a CheckFailure carrying what they found, each
 * finding naming its clause. `clauses` narrows the judgement to findings of those clauses (a check judging one).
 */
export function expectFollowsAction(delivery: Delivery, action: EventAction, sub: { api: 'v4' | 'v2'; secret?: string }, options: { clauses?: readonly string[]; replay?: boolean } = {}): void {
  const findings = deliveryFindings(delivery, action, { api: sub.api, ...(sub.secret === undefined ? {} : { secret: sub.secret }), ...(options.replay ? { replay: true } : {}) });
  const found = findings.filter((finding) => options.clauses === undefined || (finding.clause !== undefined && options.clauses.includes(finding.clause)));
  if (found.length > 0) throw CheckFailure.of(`the ${action.type} delivery to the ${sub.api} subscription`, found);
}

/** `type (first bytes of the body)` of a delivery, for `actual`. */
export function describeDelivery(delivery: Delivery): string {
  return `${eventTypeOf(delivery) ?? '?'}: ${clip(delivery.rawBody.toString('utf8'), 300)}`;
}

export function clip(text: string, max = 600): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
