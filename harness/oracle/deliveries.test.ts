import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Delivery } from '../webhooks/receiver.js';
import type { EventAction } from './action.js';
import { actionOf, judgeDelivery } from './deliveries.js';
import { declareAction } from './action.js';

const now = 1_800_000_000_000;
const secret = 'whsec_test';

function delivery(body: Record<string, unknown>, headers: Record<string, string> = {}, receivedAt = now + 500): Delivery {
  const raw = Buffer.from(JSON.stringify(body), 'utf8');
  const t = Math.floor(receivedAt / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.`).update(raw).digest('hex');
  const all: Record<string, string> = { 'content-type': 'application/json', 'x-service-signature': `t=${t},v1=${v1}`, ...headers };
  return { seq: 1, path: '/h', endpoint: 'h', method: 'POST', headers: all, rawBody: raw, receivedAt, json: () => JSON.parse(raw.toString('utf8')) as unknown };
}

const reaction: EventAction = {
  type: 'message.reaction',
  startedAt: now,
  subject: { message_id: 'msg_1', chat_id: 'chat_1', external_id: '+14155550100', line: '+14155550199', protocol: 'imessage', group_id: null },
  did: { direction: 'inbound', reaction: 'love', action: 'add', sender: '+14155550123' },
  before: { text: 'hello' },
  setup: { is_group: false },
};

const flatReaction = {
  event: 'message.reaction',
  message_id: 'msg_1',
  timestamp: now + 100,
  chat_id: '+14155550100',
  external_id: '+14155550100',
  protocol: 'imessage',
  internal_id: '+14155550199',
  direction: 'inbound',
  reaction: 'love',
  action: 'add',
  sender: '+14155550123',
  original_text: 'hello',
};
const headers = { 'x-service-event': 'message.reaction', 'x-service-message-id': 'msg_1' };

describe('judgeDelivery', () => {
  it('finds nothing wrong with a flat body that follows its action, and says what it judged', () => {
    const verdict = judgeDelivery(delivery(flatReaction, headers), reaction, { api: 'v2', secret });
    expect(verdict.findings).toEqual([]);
    expect(verdict.judged.map((j) => j.field)).toEqual(expect.arrayContaining(['action', 'direction', 'reaction', 'sender', 'original_text', 'timestamp', 'X-Service-Event', 'X-Service-Message-Id', 'X-Service-Signature']));
  });

  it('names the field, its clause, expected and actual when a value contradicts the action, and what it judged', () => {
    const verdict = judgeDelivery(delivery({ ...flatReaction, action: 'remove' }, headers), reaction, { api: 'v2', secret });
    expect(verdict.findings).toEqual([{ field: 'action', clause: 'events.message-reaction.shape', expected: '"add"', actual: '"remove"', about: { operation: 'message.reaction', as: 'delivery' } }]);
  });

  it('fails a time in seconds that is still an integer, and says so', () => {
    const verdict = judgeDelivery(delivery({ ...flatReaction, timestamp: Math.floor((now + 100) / 1000) }, headers), reaction, { api: 'v2', secret });
    expect(verdict.findings).toHaveLength(1);
    expect(verdict.findings[0]?.clause).toBe('events.flat.timestamp-ms');
    expect(verdict.findings[0]?.actual).toMatch(/in seconds, not milliseconds/);
  });

  it('accepts a time equal to the request start, or a second before it (whole-second clocks)', () => {
    for (const timestamp of [now, now - 999]) expect(judgeDelivery(delivery({ ...flatReaction, timestamp }, headers), reaction, { api: 'v2', secret }).findings).toEqual([]);
  });

  it('fails a header missing on a v2 delivery as on a v4 one', () => {
    const verdict = judgeDelivery(delivery(flatReaction, { 'x-service-event': 'message.reaction' }), reaction, { api: 'v2', secret });
    expect(verdict.findings.map((c: { field: string; clause?: string }) => c.field)).toEqual(['X-Service-Message-Id']);
  });

  it('leaves unjudged what the action does not state, never failing it', () => {
    const { sender: _sender, ...did } = reaction.did ?? {};
    const verdict = judgeDelivery(delivery({ ...flatReaction, sender: 'anyone' }, headers), { ...reaction, did }, { api: 'v2', secret });
    expect(verdict.findings).toEqual([]);
    expect(verdict.unjudged.map((u) => u.field)).toContain('sender');
  });

  it('judges a chat_id against every chat the action names, and leaves it unjudged where one is not known (a message the business wrote first)', () => {
    expect(judgeDelivery(delivery({ ...flatReaction, chat_id: 'chat_9' }, headers), reaction, { api: 'v2', secret }).findings.map((c: { field: string; clause?: string }) => c.field)).toEqual(['chat_id']);
    const { chat_id: _chat, ...subject } = reaction.subject ?? {};
    const verdict = judgeDelivery(delivery({ ...flatReaction, chat_id: 'chat_9' }, headers), { ...reaction, subject }, { api: 'v2', secret });
    expect(verdict.findings).toEqual([]);
    expect(verdict.unjudged.map((u) => u.field)).toContain('chat_id');
  });

  it('accepts extra fields and any field order', () => {
    const reversed = Object.fromEntries(Object.entries({ ...flatReaction, x_extra: 1 }).reverse());
    expect(judgeDelivery(delivery(reversed, headers), reaction, { api: 'v2', secret }).findings).toEqual([]);
  });

  it('accepts null or absence for a group name the set-up left unnamed, and requires the null the description states', () => {
    const received: EventAction = { type: 'message.received', startedAt: now, subject: { message_id: 'msg_2', external_id: 'grp_1', group_id: 'grp_1', line: '+14155550199', protocol: 'imessage' }, did: { sender: '+1415', direction: 'inbound' }, sent: { text: 'x', attachments: [] }, setup: { is_group: true, group_name: null, members: ['+1415'] } };
    const body = { event: 'message.received', message_id: 'msg_2', timestamp: now, external_id: 'grp_1', protocol: 'imessage', internal_id: '+14155550199', text: 'x', attachments: [], received_at: now, sender: '+1415', is_group: true, group_id: 'grp_1', participants: [{ contact_id: 'ct_1', identifier: '+1415', name: null }] };
    const h = { 'x-service-event': 'message.received', 'x-service-message-id': 'msg_2' };
    expect(judgeDelivery(delivery(body, h), received, { api: 'v2' }).findings).toEqual([]);
    expect(judgeDelivery(delivery({ ...body, group_name: null }, h), received, { api: 'v2' }).findings).toEqual([]);
    expect(judgeDelivery(delivery({ ...body, group_name: 'x' }, h), received, { api: 'v2' }).findings.map((c: { field: string; clause?: string }) => c.field)).toEqual(['group_name']);
    const renamed: EventAction = { type: 'group.name_changed', startedAt: now, subject: { group_id: 'grp_1', external_id: 'grp_1', line: '+1', protocol: 'imessage' }, sent: { name: 'new' }, before: { name: null } };
    const change = { event: 'group.name_changed', message_id: 'msg_3', timestamp: now, external_id: 'grp_1', protocol: 'imessage', internal_id: '+1', group_id: 'grp_1', name: 'new' };
    expect(judgeDelivery(delivery(change, { 'x-service-event': 'group.name_changed' }), renamed, { api: 'v2' }).findings.map((c: { field: string; clause?: string }) => c.field)).toEqual(['previous_name']);
  });

  it('judges the v4 envelope: created_at 1000 times too small fails', () => {
    const v4 = { id: 'evt_1', type: 'message.reaction', created_at: Math.floor(now / 1000), organization_id: 'org_1', data: {} };
    const verdict = judgeDelivery(delivery(v4, headers), reaction, { api: 'v4', secret });
    expect(verdict.findings.map((c: { field: string; clause?: string }) => `${c.field} ${c.clause}`)).toEqual(['created_at events.envelope.v4-created-at-ms']);
    expect(verdict.unjudged.map((u) => u.field)).toContain('data.*');
  });

  it('finds the declared action a delivery concerns, and none when two could be', () => {
    const mine = declareAction({ ...reaction, eventIds: ['evt_mine'], subject: { ...reaction.subject, external_id: '+19995550100' } });
    expect(actionOf(delivery({ ...flatReaction, external_id: '+19995550100' }, headers))).toBe(mine);
    declareAction({ ...reaction, subject: { ...reaction.subject, external_id: '+19995550100' } });
    expect(actionOf(delivery({ ...flatReaction, external_id: '+19995550100' }, headers))).toBeUndefined();
  });

  it('never takes an action of the same party but another message for the delivery (a test recipient is in many)', () => {
    const read: EventAction = { type: 'message.read', startedAt: now, subject: { message_id: 'msg_theirs', external_id: '+18885550100' } };
    declareAction(read);
    const body = { event: 'message.read', message_id: 'msg_mine', external_id: '+18885550100' };
    expect(actionOf(delivery(body, { 'x-service-message-id': 'msg_mine' }))).toBeUndefined();
    expect(actionOf(delivery({ ...body, message_id: 'msg_theirs' }, { 'x-service-message-id': 'msg_theirs' }))).toBe(read);
  });
});
