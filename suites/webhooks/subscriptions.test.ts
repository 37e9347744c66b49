// Webhook subscriptions (description sections 2, 4 and 5): the signing secret is shown once, at creation
// (v4 and v2), and never again; v2 lists its webhooks; a webhook id is `wh_` plus letters and digits; v4
// GET /webhooks/{webhookId} reads a v2-registered webhook as the v2 record, with flat error bodies
// {error, message, status, code}. The fields of the v4 creation answer beyond signing_secret are not shown.
import { check, path } from '../../harness/check/index.js';
import { uniqueToken } from '../_shared/values.js';
import { fail, isRecord, mentions, shown } from '../_shared/common.js';
import { idOf, itemOf, useHooks, webhookIdPattern } from '../_shared/webhooks.js';

const area = 'webhooks';
const hooksOf = useHooks();

/** The 12 fields of the v2 record (section 2) and the type each has. */
const recordFields: Record<string, 'string' | 'integer' | 'boolean'> = {
  webhook_id: 'string',
  webhook_url: 'string',
  webhook_type: 'string',
  scope: 'string',
  api_key_name: 'string',
  integration_name: 'string',
  created_at: 'integer',
  deprecated_at: 'integer',
  valid_until: 'integer',
  last_triggered: 'integer',
  failure_count: 'integer',
  is_active: 'boolean',
};

function typeProblems(record: Record<string, unknown>): string[] {
  return Object.entries(recordFields).flatMap(([field, type]) => {
    const value = record[field];
    const ok = type === 'integer' ? Number.isInteger(value) : typeof value === type;
    return ok ? [] : [`${field} is ${value === undefined ? 'missing' : JSON.stringify(value)} (${type} expected)`];
  });
}

check(
  {
    area,
    name: 'v4-create-shows-the-signing-secret',
    title: 'v4 POST /webhooks {url} answers the subscription with its signing_secret; reading it back does not show the secret',
    clauses: ['webhooks.v4.create-secret-once', 'webhooks.secret.only-at-creation'],
    // GET /webhooks/{webhookId} of a v4-registered webhook is not shown (only the v2 record of a v2-registered
    // one): its status and body are left unjudged but for the secret. The creation answer is validated by the
    // other checks that subscribe through v4 (the delivery and event-rule files).
    responses: 'off',
  },
  async (t) => {
    // Faults: events.create.no-secret (the creation answer), events.v2-record.leaks-secret (v2 half, below).
    const fx = await t.fixtures();
    const hooks = await hooksOf(t);
    const sub = await hooks.subscribeV4(fx.v4());
    const read = await fx.v4().get(path`/webhooks/${idOf(t, sub)}`);
    if (mentions(read.body, sub.secret)) fail('GET /webhooks/{webhookId} shows the signing secret again', 'the secret only in the creation answer', `${read.status} (body holds the secret)`);
  },
);

check(
  {
    area,
    name: 'v2-create-shows-the-signing-secret-once',
    title: 'v2 POST /webhooks answers signing_secret once; neither the v2 list nor v4 GET /webhooks/{webhookId} shows it again',
    clauses: ['v2.webhooks.create-secret-once', 'webhooks.secret.only-at-creation'],
    needs: ['v2'],
  },
  async (t) => {
    // Faults: events.create.no-secret, events.v2-list.leaks-secret, events.v2-record.leaks-secret.
    const fx = await t.fixtures();
    const hooks = await hooksOf(t);
    const sub = await hooks.subscribeV2(fx.v2(), 'all');
    const list = await fx.v2().get('/webhooks');
    t.expect.hasStatus(list, 200);
    if (mentions(list.body, sub.secret)) fail('v2 GET /webhooks shows the signing secret again', 'the secret only in the creation answer', 'the list holds the secret');
    const read = await fx.v4().get(path`/webhooks/${idOf(t, sub)}`);
    if (mentions(read.body, sub.secret)) fail('v4 GET /webhooks/{webhookId} shows the signing secret of the v2 webhook', 'the secret only in the creation answer', `${read.status} (body holds the secret)`);
  },
);

check(
  {
    area,
    name: 'v2-list-includes-the-webhook',
    title: 'v2 GET /webhooks lists a webhook registered through v2',
    clauses: ['v2.webhooks.list'],
    needs: ['v2'],
  },
  async (t) => {
    // Fault: events.v2-list.empty.
    const fx = await t.fixtures();
    const hooks = await hooksOf(t);
    const sub = await hooks.subscribeV2(fx.v2(), 'message');
    const list = await fx.v2().get('/webhooks');
    t.expect.hasStatus(list, 200);
    // The list's shape is not shown: the webhook is there when its id (or URL) appears in the answer.
    if (!mentions(list.body, sub.id ?? sub.url)) fail('v2 GET /webhooks does not list the webhook just registered', `an entry for ${sub.id ?? sub.url}`, shown(list));
  },
);

check(
  {
    area,
    name: 'webhook-ids-match-the-pattern',
    title: 'webhook ids (v2 and v4 creation, the v2 record) are wh_ followed by letters and digits',
    clauses: ['webhooks.v4.id-pattern', 'webhooks.v2-record.id-pattern'],
    needs: ['v2'],
  },
  async (t) => {
    // Fault: events.webhook-id.bad-pattern.
    const fx = await t.fixtures();
    const hooks = await hooksOf(t);
    const v2 = await hooks.subscribeV2(fx.v2(), 'all');
    const v4 = await hooks.subscribeV4(fx.v4());
    // The creation answers' fields beyond signing_secret are not shown: an id they carry must match.
    for (const sub of [v2, v4]) {
      if (sub.id !== undefined && !webhookIdPattern.test(sub.id)) fail(`the ${sub.api} creation answer's webhook id is not wh_ + letters and digits`, '/^wh_[A-Za-z0-9]+$/', sub.id);
    }
    const v2Id = idOf(t, v2);
    const { object: record, where } = itemOf(await fx.v4().get(path`/webhooks/${v2Id}`), 'v2-record-on-v4');
    if (typeof record.webhook_id !== 'string' || !webhookIdPattern.test(record.webhook_id)) fail(`the v2 record read back (found ${where}) has no webhook_id of the pattern`, 'webhook_id: wh_ + letters and digits', JSON.stringify(record.webhook_id));
  },
);

check(
  {
    area,
    name: 'v4-get-returns-the-v2-record',
    title: 'v4 GET /webhooks/{webhookId} of a v2-registered webhook returns the v2 record: its twelve fields with their types, no secret',
    clauses: ['webhooks.v4.get-v2-record', 'webhooks.v2-record.shape'],
    needs: ['v2'],
  },
  async (t) => {
    // Faults: events.v2-record.no-failure-count, events.v2-record.leaks-secret.
    const fx = await t.fixtures();
    const hooks = await hooksOf(t);
    const sub = await hooks.subscribeV2(fx.v2(), 'message');
    const read = await fx.v4().get(path`/webhooks/${idOf(t, sub)}`);
    t.expect.hasStatus(read, 200);
    // Bare or wrapped in {data}: spec/AMBIGUITIES.md v4 7.
    const { object: record, where } = itemOf(read, 'v2-record-on-v4');
    const problems = typeProblems(record);
    if (record.webhook_id !== sub.id) problems.push(`webhook_id is ${JSON.stringify(record.webhook_id)}, not ${sub.id}`);
    if (record.webhook_url !== sub.url) problems.push(`webhook_url is ${JSON.stringify(record.webhook_url)}, not the URL registered`);
    if (record.webhook_type !== 'message') problems.push(`webhook_type is ${JSON.stringify(record.webhook_type)}, not message`);
    if ('signing_secret' in record) problems.push('it carries signing_secret');
    if (problems.length > 0) fail(`GET /webhooks/{webhookId} is not the v2 webhook record (found ${where})`, 'webhook_id, webhook_url, webhook_type, scope, api_key_name, integration_name, created_at, deprecated_at, valid_until, last_triggered, failure_count, is_active', `${problems.join('; ')} — ${shown(read)}`);
  },
);

check(
  {
    area,
    name: 'v4-get-errors-are-flat',
    title: 'v4 GET /webhooks/{webhookId} of an unknown webhook answers 404 with the flat body {error, message, status, code}',
    clauses: ['webhooks.v4.get-flat-errors'],
  },
  async (t) => {
    // Fault: events.v2-record.standard-errors.
    const fx = await t.fixtures();
    const response = await fx.v4().get(path`/webhooks/${`wh_${uniqueToken(12)}0`}`);
    t.expect.errorShape(response, 404, 'flat');
    const body = isRecord(response.body) ? response.body : {};
    if (body.status !== 404 || typeof body.code !== 'string') fail('the 404 of GET /webhooks/{webhookId} is not {error, message, status, code}', '{error: string, message: string, status: 404, code: string}', shown(response));
  },
);
