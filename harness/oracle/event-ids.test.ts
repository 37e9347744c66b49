import { beforeEach, describe, expect, it } from 'vitest';
import { eventIdClause, eventIdFindings, forgetEventIds } from './event-ids.js';

const envelope = (id: string, type: string, data: Record<string, unknown>) => ({ id, type, created_at: 1, organization_id: 'org_1', data });

describe('the envelope id of a v4 delivery', () => {
  beforeEach(() => forgetEventIds());

  it('may arrive again with the same event, whatever the order of its keys (at least once, a replay)', () => {
    expect(eventIdFindings(envelope('evt_1', 'message.received', { message_id: 'msg_1', text: 'hi' }))).toEqual([]);
    expect(eventIdFindings(envelope('evt_1', 'message.received', { text: 'hi', message_id: 'msg_1' }))).toEqual([]);
  });

  it('never names another event: another type or other data under an id seen fails on the uniqueness clause', () => {
    eventIdFindings(envelope('evt_1', 'message.received', { message_id: 'msg_1' }));
    expect(eventIdFindings(envelope('evt_1', 'message.received', { message_id: 'msg_2' }))).toEqual([expect.objectContaining({ clause: eventIdClause, field: 'id', actual: 'evt_1 on this message.received event' })]);
    expect(eventIdFindings(envelope('evt_1', 'message.sent', { message_id: 'msg_1' }))[0]?.expected).toMatch(/named a message\.received event earlier/);
  });

  it('judges nothing of a body without an id and a type (a v2 flat body)', () => {
    expect(eventIdFindings({ event: 'message.received', message_id: 'msg_1' })).toEqual([]);
    expect(eventIdFindings('not an object')).toEqual([]);
  });
});
