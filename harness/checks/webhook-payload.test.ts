import { describe, expect, it } from 'vitest';
import { describedEventTypes, webhookPayloadProblems } from './webhook-payload.js';

const envelope = { id: 'evt_a1', type: 'message.received', created_at: 1_700_000_000_000, organization_id: 'org_a1' };
const receivedData = { message_id: 'msg_a1', chat_id: 'chat_a1', channel_type: 'native', direction: 'inbound', sender: '+14155550100', text: 'hi', attachments: [] };
const flatReceived = {
  event: 'message.received',
  message_id: 'msg_a1',
  external_id: '+14155550100',
  protocol: 'imessage',
  timestamp: 1_700_000_000_000,
  internal_id: '+14155550199',
  text: 'hi',
  attachments: [],
  received_at: 1_700_000_000_000,
  sender: '+14155550100',
  is_group: false,
};

describe('webhook payloads against the spec', () => {
  it('lists the event types each API describes', () => {
    expect(describedEventTypes('v4')).toContain('number.removed');
    expect(describedEventTypes('v2')).toContain('typing.started');
    expect(describedEventTypes('v2')).not.toContain('number.removed');
  });

  it('accepts the v4 envelope and names what is wrong with a broken one', () => {
    expect(webhookPayloadProblems('v4', 'message.received', { ...envelope, data: receivedData })).toEqual([]);
    expect(webhookPayloadProblems('v4', 'message.received', { ...envelope, organization_id: 'a1', data: receivedData }).join(' ')).toMatch(/organization_id/);
    expect(webhookPayloadProblems('v4', 'message.received', { ...envelope, data: { ...receivedData, chat_id: '+14155550100' } }).join(' ')).toMatch(/chat_id/);
  });

  it('accepts the flat v2 body and refuses the v4 envelope in its place', () => {
    expect(webhookPayloadProblems('v2', 'message.received', flatReceived)).toEqual([]);
    expect(webhookPayloadProblems('v2', 'message.received', { ...envelope, data: receivedData }).length).toBeGreaterThan(0);
    const { text: _text, ...withoutText } = flatReceived;
    expect(webhookPayloadProblems('v2', 'message.received', withoutText).join(' ')).toMatch(/text/);
  });

  it('says so for an event type the spec does not describe', () => {
    expect(webhookPayloadProblems('v2', 'number.removed', {})).toEqual(['the v2 spec describes no delivery of event type "number.removed"']);
  });
});
