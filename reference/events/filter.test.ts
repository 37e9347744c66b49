import { describe, expect, it } from 'vitest';
import type { EventRecord } from '../server/event-bus.js';
import { flatBody, v4Envelope } from './envelope.js';
import { flatEventTypes, v2Receives } from './filter.js';

describe('v2Receives (section 6 webhook_type filter)', () => {
  it.each([
    ['message.received', ['message', 'all']],
    ['message.reaction', ['message', 'all']],
    ['poll.voted', ['poll', 'all']],
    ['typing.started', ['all']],
    ['group.name_changed', ['all']],
    ['contact.shared', ['all']],
  ] as const)('%s reaches exactly %j (of message, poll, all)', (type, allowed) => {
    for (const webhookType of ['message', 'poll', 'all'] as const) {
      expect(v2Receives(webhookType, type)).toBe((allowed as readonly string[]).includes(webhookType));
    }
  });

  it('sends events without a flat body (contact.merged, number.*) to no v2 subscription', () => {
    expect(flatEventTypes).not.toContain('contact.merged');
    expect(v2Receives('all', 'contact.merged')).toBe(false);
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
});
