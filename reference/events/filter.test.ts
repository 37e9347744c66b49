import { describe, expect, it } from 'vitest';
import type { EventRecord } from '../server/event-bus.js';
import { flatText, flatTextAt, v4Envelope } from './envelope.js';

/** The flat body of `event` as sent at `sentAtMs`, parsed. */
const flatBody = (event: EventRecord, sentAtMs: number): Record<string, unknown> => JSON.parse(flatTextAt(flatText(event), sentAtMs)) as Record<string, unknown>;
import { flatEventTypes, v2Receives } from './filter.js';

describe('v2Receives (section 6 webhook_type filter)', () => {
  it.each([
    ['message.received', ['message', 'all']],
    ['message.reaction', ['message', 'all']],
    ['poll.voted', ['poll', 'all']],
    ['typing.started', ['all']],
    ['group.name_changed', ['all']],
    ['contact.shared', ['all']],
    ['contact.merged', ['all']],
  ] as const)('%s reaches exactly %j (of message, poll, all)', (type, allowed) => {
    for (const webhookType of ['message', 'poll', 'all'] as const) {
      expect(v2Receives(webhookType, type)).toBe((allowed as readonly string[]).includes(webhookType));
    }
  });

  it('sends contact.merged, a contact event, to `all` only (AMBIGUITIES v2 9), and number.* to no v2 subscription', () => {
    expect(flatEventTypes).toContain('contact.merged');
    expect(v2Receives('all', 'contact.merged')).toBe(true);
    for (const webhookType of ['message', 'status', 'poll'] as const) expect(v2Receives(webhookType, 'contact.merged')).toBe(false);
    expect(v2Receives('all', 'number.removed')).toBe(false);
  });
});

const event: EventRecord = {
  id: 'evt_1',
  type: 'message.received',
  created_at: 1_700_000_000_123,
  organization_id: 'org_1',
  data: { message_id: 'msg_1', chat_id: 'chat_1' },
  meta: { messageId: 'msg_1', flat: { chat_id: '+14155550100', external_id: '+14155550100', protocol: 'imessage', internal_id: '+14155550199', text: 'hi' } },
};

describe('bodies', () => {
  it('v4 envelope is {id, type, created_at ms, organization_id, data}', () => {
    expect(v4Envelope(event)).toEqual({ id: 'evt_1', type: 'message.received', created_at: 1_700_000_000_123, organization_id: 'org_1', data: event.data });
    expect(v4Envelope(event, { secondsTimestamp: true }).created_at).toBe(1_700_000_000);
  });

  it('flat body carries the base fields, the extra fields at the top level, and data', () => {
    const flat = flatBody(event, 42);
    expect(flat).toMatchObject({ event: 'message.received', message_id: 'msg_1', chat_id: '+14155550100', external_id: '+14155550100', protocol: 'imessage', internal_id: '+14155550199', timestamp: 42, text: 'hi', data: event.data });
  });

  it('flat text is one JSON object with its timestamp left open, right after event and message_id', () => {
    const text = flatText(event);
    expect(flatTextAt(text, 42)).toBe(JSON.stringify(flatBody(event, 42)));
    expect(Object.keys(flatBody(event, 7)).slice(0, 3)).toEqual(['event', 'message_id', 'timestamp']);
  });

  it("the event's own timestamp (typing, group, contact.shared) never replaces the moment of sending", () => {
    const typing: EventRecord = { ...event, type: 'typing.started', data: { timestamp: 5 }, meta: { messageId: 'msg_1', flat: { ...event.meta.flat, timestamp: 5 } } };
    expect(flatBody(typing, 42)).toMatchObject({ timestamp: 42, data: { timestamp: 5 } });
  });
});
