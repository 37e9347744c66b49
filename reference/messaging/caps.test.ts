import { describe, expect, it } from 'vitest';
import { HttpError } from '../server/errors.js';
import { addChannel } from '../store/channels.js';
import { Store } from '../store/store.js';
import type { ChannelKind, PlanFacts } from '../store/types.js';
import type { SendBody } from './body.js';
import { DAY_MS } from './caps.js';
import { commitSend, prepareSend } from './send.js';

const app = { fault: () => false };
const body: SendBody = { to: [], text: 'hello', attachments: [], interactive: null, richLink: null, from: null, invitationId: null, dryRun: false, metadata: null };

function setup(plan: Partial<PlanFacts>, kind: ChannelKind = 'native-dedicated') {
  const org = new Store().createOrg('caps', plan);
  const line = addChannel(org, { kind });
  const other = addChannel(org, { kind });
  const send = (to: string, channel = line) => {
    const prepared = prepareSend(app, org, { channel, peers: [to], group: false, chat: null }, body);
    return commitSend(org, prepared, body, { keyName: 'k', idempotencyKey: null }).message;
  };
  const refusal = (to: string, channel = line) => {
    try {
      send(to, channel);
    } catch (error) {
      if (error instanceof HttpError) return { status: error.status, code: error.code, fields: error.extra };
      throw error;
    }
    return null;
  };
  return { org, line, other, send, refusal };
}

describe('new-contact cap (rolling 24 hours)', () => {
  it('refuses the contact beyond the organization cap with limit, current and mode, and never an existing one', () => {
    const { send, refusal } = setup({ outbound_cap_per_organization: 2 });
    send('+14155550001');
    send('+14155550002');
    expect(refusal('+14155550003')).toEqual({ status: 429, code: 'outbound_limit_reached', fields: { limit: 2, current: 2, mode: 'organization' } });
    expect(refusal('+14155550001')).toBeNull();
  });

  it('counts per number with mode number', () => {
    const { send, refusal, other } = setup({ outbound_cap_per_number: 1 });
    send('+14155550001');
    expect(refusal('+14155550002')).toMatchObject({ status: 429, fields: { limit: 1, current: 1, mode: 'number' } });
    expect(refusal('+14155550002', other)).toBeNull();
  });

  it('frees the window 24 hours later on the organization clock', () => {
    const { org, send, refusal } = setup({ outbound_cap_per_organization: 1 });
    send('+14155550001');
    expect(refusal('+14155550002')?.status).toBe(429);
    org.clockOffsetMs += DAY_MS + 1;
    expect(refusal('+14155550002')).toBeNull();
  });
});

describe('new-conversation cap (shared plan, daily)', () => {
  it('refuses a new conversation with plan_id, cap and current while existing conversations still send', () => {
    const { org, send, refusal } = setup({ new_conversation_cap: 1 }, 'native-shared');
    send('+14155550001');
    const refused = refusal('+14155550002');
    expect(refused).toMatchObject({ status: 429, code: 'new_conversation_limit_reached', fields: { cap: 1, current: 1 } });
    expect(typeof refused?.fields?.plan_id).toBe('string');
    expect(refusal('+14155550001')).toBeNull();
    org.clockOffsetMs += DAY_MS;
    expect(refusal('+14155550002')).toBeNull();
  });

  it('does not apply to dedicated lines', () => {
    const { send, refusal } = setup({ new_conversation_cap: 1 });
    send('+14155550001');
    expect(refusal('+14155550002')).toBeNull();
  });
});

describe('first message', () => {
  it('with attachments and no text is refused in a brand-new conversation only', () => {
    const { send, line, org } = setup({});
    const attachmentOnly: SendBody = { ...body, text: null, attachments: ['https://example.com/a.png'] };
    const attempt = () => prepareSend(app, org, { channel: line, peers: ['+14155550001'], group: false, chat: null }, attachmentOnly);
    expect(attempt).toThrowError(expect.objectContaining({ status: 400, code: 'attachment_first_message_not_allowed' }));
    send('+14155550001');
    expect(attempt).not.toThrow();
  });
});
