import { describe, expect, it } from 'vitest';
import type { Org } from '../store/types.js';
import { withCrossedIds } from './crossed-ids.js';

const only = (name: string) => (fault: string) => fault === name;

describe('crossed-id faults', () => {
  it("name the previous event's poll in the data and the flat body alike, the first poll left as it is", () => {
    const org = {} as Org;
    const on = only('events.ids.poll-of-another-action');
    expect(withCrossedIds(org, { poll_id: 'pl_1' }, { flat: { poll_id: 'pl_1' } }, on)).toEqual({ data: { poll_id: 'pl_1' }, meta: { flat: { poll_id: 'pl_1' } } });
    expect(withCrossedIds(org, { poll_id: 'pl_2' }, { flat: { poll_id: 'pl_2' } }, on)).toEqual({ data: { poll_id: 'pl_1' }, meta: { flat: { poll_id: 'pl_1' } } });
    expect(withCrossedIds(org, { poll_id: 'pl_3' }, {}, on).data).toEqual({ poll_id: 'pl_2' });
  });

  it("name the previous event's message in X-Service-Message-Id too, and change nothing when switched off", () => {
    const org = {} as Org;
    const on = only('events.ids.message-of-another-action');
    withCrossedIds(org, { message_id: 'msg_1' }, { messageId: 'msg_1' }, on);
    expect(withCrossedIds(org, { message_id: 'msg_2' }, { messageId: 'msg_2' }, on)).toEqual({ data: { message_id: 'msg_1' }, meta: { messageId: 'msg_1' } });
    expect(withCrossedIds(org, { message_id: 'msg_3' }, { messageId: 'msg_3' }, () => false)).toEqual({ data: { message_id: 'msg_3' }, meta: { messageId: 'msg_3' } });
  });
});
