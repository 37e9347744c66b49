// HTTP tests of the v4 send endpoints and the error codes they can produce (section 7).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, type Fixture } from './test-kit.js';

let fx: Fixture;
beforeAll(async () => {
  fx = await fixture();
});
afterAll(() => fx.close());

const phone = (n: number) => `+1415555${String(n).padStart(4, '0')}`;
let next = 1000;
const fresh = () => phone(next++);

describe('POST /messages', () => {
  it('answers 201 with the message object at the top level', async () => {
    const res = await fx.v4('POST', '/messages', { to: fresh(), text: 'hello' });
    expect(res.status).toBe(201);
    expect(res.body.data).toBeUndefined();
    expect(res.body).toMatchObject({ status: 'queued', direction: 'outbound' });
    expect(res.body.id).toMatch(/^msg_/);
    expect(res.body.chat_id).toMatch(/^chat_/);
  });

  it('makes one message per Idempotency-Key, also for concurrent duplicates', async () => {
    const body = { to: fresh(), text: 'once' };
    const headers = { 'idempotency-key': 'idem-concurrent' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => fx.v4('POST', '/messages', body, headers)));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    const later = await fx.v4('POST', '/messages', body, headers);
    expect(later.body.id).toBe(answers[0]!.body.id);
    const sent = await fx.control('GET', '/messages?idempotency_key=idem-concurrent');
    expect(sent.body.data).toHaveLength(1);
  });

  it('refuses the same key with another body with 409', async () => {
    const headers = { 'idempotency-key': 'idem-reuse' };
    expect((await fx.v4('POST', '/messages', { to: fresh(), text: 'a' }, headers)).status).toBe(201);
    const reused = await fx.v4('POST', '/messages', { to: fresh(), text: 'b' }, headers);
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe('idempotency_key_reused');
  });

  it('replays a channel send retried with the channel spelled another way (E.164 instead of ch_ id)', async () => {
    const sms = fx.channels.sms_provider!;
    const headers = { 'idempotency-key': 'idem-spelling' };
    const body = { to: fresh(), text: 'once' };
    const first = await fx.v4('POST', `/channels/${sms.id}/messages`, body, headers);
    const again = await fx.v4('POST', `/channels/${encodeURIComponent(sms.address)}/messages`, body, headers);
    expect(first.status).toBe(201);
    expect([again.status, again.body.id]).toEqual([201, first.body.id]);
  });

  it('pins the sender with from (E.164, alias or ch_ id)', async () => {
    const sms = fx.channels.sms_provider!;
    const res = await fx.v4('POST', '/messages', { to: fresh(), text: 'pinned', from: sms.address });
    expect(res.status).toBe(201);
    expect(res.body.channel_id).toBe(sms.id);
    const byId = await fx.v4('POST', '/messages', { to: fresh(), text: 'pinned', from: sms.id });
    expect(byId.body.channel_id).toBe(sms.id);
  });

  it('answers 404 for an unknown from and 400 for a malformed one', async () => {
    expect((await fx.v4('POST', '/messages', { to: fresh(), text: 'x', from: 'ch_doesnotexist' })).status).toBe(404);
    expect((await fx.v4('POST', '/messages', { to: fresh(), text: 'x', from: '+0123' })).status).toBe(400);
  });

  it('answers 400 for a non-object body and 422 for an invalid one', async () => {
    expect((await fx.v4('POST', '/messages', ['not', 'an', 'object'])).status).toBe(400);
    const noTo = await fx.v4('POST', '/messages', { text: 'x' });
    expect(noTo.status).toBe(422);
    expect(noTo.body.error.code).toBe('validation_error');
    expect((await fx.v4('POST', '/messages', { to: fresh() })).status).toBe(422);
  });

  it('refuses a first message without text with 400 attachment_first_message_not_allowed', async () => {
    const res = await fx.v4('POST', '/messages', { to: fresh(), attachments: ['https://example.com/a.png'] });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('attachment_first_message_not_allowed');
  });
});

describe('POST /channels/{channel}/messages', () => {
  it('previews a dry run with 200 and records nothing', async () => {
    const before = (await fx.control('GET', '/messages')).body.data.length;
    const res = await fx.v4('POST', `/channels/${encodeURIComponent(fx.channels['native-dedicated']!.address)}/messages`, { to: fresh(), text: 'x', dry_run: true });
    expect(res.status).toBe(200);
    expect(res.body.dry_run).toBe(true);
    expect((await fx.control('GET', '/messages')).body.data.length).toBe(before);
  });

  it('makes one group thread for several recipients on a native channel', async () => {
    const res = await fx.v4('POST', `/channels/${fx.channels['native-dedicated']!.id}/messages`, { to: [fresh(), fresh()], text: 'group' });
    expect(res.status).toBe(201);
    expect(res.body.is_group).toBe(true);
    expect(res.body.group_id).toMatch(/^grp_/);
  });

  it("keeps a group message's recipients when a new member writes to the group later", async () => {
    const line = fx.channels['native-dedicated']!.id;
    const [a, b, newcomer] = [fresh(), fresh(), fresh()];
    const sent = await fx.v4('POST', `/channels/${line}/messages`, { to: [a, b], text: 'group' });
    expect(sent.status).toBe(201);
    const joined = await fx.control('POST', '/inbound/messages', { channel_id: line, sender: newcomer, text: 'me too', group: { group_id: sent.body.group_id } });
    expect(joined.status).toBeLessThan(300);
    const listed = (await fx.control('GET', '/messages')).body.data.find((m: { message_id: string }) => m.message_id === sent.body.id);
    expect(listed.to).toEqual([a, b]);
  });

  it('fans out on other channels: 201 when all are accepted, 207 with mixed results', async () => {
    const sms = fx.channels.sms_provider!.id;
    const all = await fx.v4('POST', `/channels/${sms}/messages`, { to: [fresh(), fresh()], text: 'fan' });
    expect(all.status).toBe(201);
    expect(all.body.results).toHaveLength(2);
    const mixed = await fx.v4('POST', `/channels/${sms}/messages`, { to: [fresh(), 'not-a-phone'], text: 'fan' });
    expect(mixed.status).toBe(207);
    expect(mixed.body.results.map((r: { status: number }) => r.status)).toEqual([201, 501]);
  });

  it('refuses more than 100 fan-out recipients with 422', async () => {
    const to = Array.from({ length: 101 }, (_, i) => phone(5000 + i));
    const res = await fx.v4('POST', `/channels/${fx.channels.sms_provider!.id}/messages`, { to, text: 'many' });
    expect(res.status).toBe(422);
  });

  it('answers 404 for an unknown channel', async () => {
    expect((await fx.v4('POST', '/channels/ch_unknown/messages', { to: fresh(), text: 'x' })).status).toBe(404);
  });

  it('refuses an inbound-plan number to a recipient who has not written with 403', async () => {
    const res = await fx.v4('POST', `/channels/${fx.channels['native-inbound']!.id}/messages`, { to: fresh(), text: 'x' });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('inbound_only_no_prior_inbound');
  });

  it('answers 501 for interactive content the channel cannot send', async () => {
    const interactive = { kind: 'quick_reply', items: [{ id: 'a', title: 'A' }, { id: 'b', title: 'B' }] };
    const res = await fx.v4('POST', `/channels/${fx.channels.sms_provider!.id}/messages`, { to: fresh(), interactive });
    expect(res.status).toBe(501);
  });
});

describe('business chat (amb)', () => {
  async function ambChat(): Promise<string> {
    const inbound = await fx.control('POST', '/inbound/messages', { channel_id: fx.channels.amb!.id, sender: `customer-${next++}`, text: 'hi' });
    return inbound.body.data.chat_id as string;
  }
  const quickReply = (n: number) => ({ kind: 'quick_reply', summary_text: 'Pick', items: Array.from({ length: n }, (_, i) => ({ id: `o${i}`, title: `Option ${i}` })) });

  it('refuses a business-first message to a customer who has not written', async () => {
    const res = await fx.v4('POST', `/channels/${fx.channels.amb!.id}/messages`, { to: 'customer-never-wrote', text: 'hello' });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('customer_initiated_only');
  });

  it('replies to the chat id, in the same thread', async () => {
    const chatId = await ambChat();
    const res = await fx.v4('POST', `/chats/${chatId}/messages`, { interactive: quickReply(3) });
    expect(res.status).toBe(201);
    expect(res.body.chat_id).toBe(chatId);
  });

  it('takes 2 to 5 quick-reply choices and no text with interactive', async () => {
    const chatId = await ambChat();
    expect((await fx.v4('POST', `/chats/${chatId}/messages`, { interactive: quickReply(1) })).status).toBe(422);
    expect((await fx.v4('POST', `/chats/${chatId}/messages`, { interactive: quickReply(6) })).status).toBe(422);
    expect((await fx.v4('POST', `/chats/${chatId}/messages`, { interactive: quickReply(5) })).status).toBe(201);
    expect((await fx.v4('POST', `/chats/${chatId}/messages`, { text: 'and text', interactive: quickReply(2) })).status).toBe(422);
  });

  it('sends an approved invitation first to a customer who opted in on that line, and nothing else first', async () => {
    const amb = fx.channels.amb!.id;
    const customer = `customer-${next++}`;
    const invitation = await fx.control('POST', '/amb/invitations', { text: 'Chat with us about your order' });
    expect(invitation.status).toBe(201);
    const invite = { to: customer, invitation_id: invitation.body.data.invitation_id };
    expect((await fx.v4('POST', `/channels/${amb}/messages`, invite)).body.error.code).toBe('customer_initiated_only');
    expect((await fx.control('POST', '/amb/opt-ins', { channel_id: amb, customer_id: customer })).status).toBe(201);
    const sent = await fx.v4('POST', `/channels/${amb}/messages`, invite);
    expect(sent.status).toBe(201);
    expect(sent.body.text).toBe('Chat with us about your order');
    // Only the invitation goes first: anything else still waits for the customer.
    expect((await fx.v4('POST', `/chats/${sent.body.chat_id}/messages`, { text: 'Hello?' })).body.error.code).toBe('customer_initiated_only');
    expect((await fx.v4('POST', `/channels/${amb}/messages`, { ...invite, text: 'also text' })).status).toBe(422);
    expect((await fx.v4('POST', `/channels/${amb}/messages`, { to: customer, invitation_id: 'inv_unknown' })).status).toBe(422);
    expect((await fx.v4('POST', `/channels/${fx.channels.sms_provider!.id}/messages`, { ...invite, to: fresh() })).status).toBe(422);
  });

  it('refuses to simulate a phone number writing in on business chat (its senders are opaque customer ids)', async () => {
    const refused = await fx.control('POST', '/inbound/messages', { channel_id: fx.channels.amb!.id, sender: fresh(), text: 'hi' });
    expect(refused.status).toBe(400);
  });

  it('keeps two customers whose opaque ids differ only in case apart', async () => {
    const amb = fx.channels.amb!.id;
    const lower = await fx.control('POST', '/inbound/messages', { channel_id: amb, sender: 'urn:mbid:case-abc', text: 'one' });
    const upper = await fx.control('POST', '/inbound/messages', { channel_id: amb, sender: 'urn:mbid:case-ABC', text: 'two' });
    expect(upper.body.data.chat_id).not.toBe(lower.body.data.chat_id);
    const reply = await fx.v4('POST', `/channels/${amb}/messages`, { to: 'urn:mbid:case-ABC', text: 'hello' });
    expect(reply.body.chat_id).toBe(upper.body.data.chat_id);
  });

  it('shares a URL with rich_link, not as a bare link', async () => {
    const chatId = await ambChat();
    const bare = await fx.v4('POST', `/chats/${chatId}/messages`, { text: 'https://example.com/offer' });
    expect(bare.status).toBe(422);
    expect((await fx.v4('POST', `/chats/${chatId}/messages`, { rich_link: { url: 'https://example.com/offer' } })).status).toBe(201);
    expect((await fx.v4('POST', `/chats/${chatId}/messages`, { text: 'See https://example.com/offer today' })).status).toBe(201);
  });
});

describe('chats', () => {
  it('starts typing where the line lists typing (a native line in iMessage chats only), 501 elsewhere, 404 for an unknown chat', async () => {
    const typingIn = async (kind: string, sender: string, protocol?: string): Promise<number> => {
      const channel = fx.channels[kind]!.id;
      const inbound = await fx.control('POST', '/inbound/messages', { channel_id: channel, sender, text: 'hi', ...(protocol ? { protocol } : {}) });
      const listed = (await fx.v4('GET', `/channels/${channel}/capabilities`)).body.data.capabilities.actions as string[];
      const status = (await fx.v4('POST', `/chats/${inbound.body.data.chat_id}/typing`)).status;
      if (!protocol) expect(status === 200).toBe(listed.includes('typing'));
      return status;
    };
    expect(await typingIn('native-dedicated', fresh())).toBe(200);
    expect(await typingIn('native-dedicated', fresh(), 'sms')).toBe(501);
    expect(await typingIn('sms_provider', fresh())).toBe(501);
    expect(await typingIn('amb', `customer-${next++}`)).toBe(200);
    expect(await typingIn('rcs', fresh())).toBe(200);
    expect((await fx.v4('POST', '/chats/chat_unknown/typing')).status).toBe(404);
  });
});

describe('caps', () => {
  it('answers 429 outbound_limit_reached with limit, current and mode', async () => {
    const capped = await fixture();
    try {
      await capped.control('PATCH', '/plan', { outbound_cap_per_organization: 1 });
      expect((await capped.v4('POST', '/messages', { to: fresh(), text: 'one' })).status).toBe(201);
      const res = await capped.v4('POST', '/messages', { to: fresh(), text: 'two' });
      expect(res.status).toBe(429);
      expect(res.body.error.code).toBe('outbound_limit_reached');
      expect(res.body.error.details).toMatchObject({ limit: 1, current: 1, mode: 'organization' });
      expect(res.body).toMatchObject({ limit: 1, current: 1, mode: 'organization' });
    } finally {
      await capped.close();
    }
  });

  it('answers 429 new_conversation_limit_reached with plan_id, cap and current; existing conversations still send', async () => {
    const capped = await fixture();
    try {
      await capped.control('PATCH', '/plan', { new_conversation_cap: 1 });
      const shared = `/channels/${capped.channels['native-shared']!.id}/messages`;
      const first = fresh();
      expect((await capped.v4('POST', shared, { to: first, text: 'one' })).status).toBe(201);
      const res = await capped.v4('POST', shared, { to: fresh(), text: 'two' });
      expect(res.status).toBe(429);
      expect(res.body.error.code).toBe('new_conversation_limit_reached');
      expect(res.body).toMatchObject({ cap: 1, current: 1 });
      expect(typeof res.body.plan_id).toBe('string');
      expect((await capped.v4('POST', shared, { to: first, text: 'again' })).status).toBe(201);
    } finally {
      await capped.close();
    }
  });

  it('counts the first send into an empty v2 group as a new conversation', async () => {
    const capped = await fixture();
    try {
      await capped.control('PATCH', '/plan', { new_conversation_cap: 1 });
      const line = capped.channels['native-shared']!.id;
      expect((await capped.v4('POST', `/channels/${line}/messages`, { to: fresh(), text: 'one' })).status).toBe(201);
      const members = [fresh(), fresh()];
      expect((await capped.v2('POST', '/groups', { name: 'empty', members })).status).toBeLessThan(300);
      const res = await capped.v4('POST', `/channels/${line}/messages`, { to: members, text: 'first in the group' });
      expect(res.status).toBe(429);
    } finally {
      await capped.close();
    }
  });

  it('answers a customer from the pool line they wrote to, so the reply is no new conversation', async () => {
    const capped = await fixture();
    try {
      const key = capped.secondary;
      const owned: string[] = [];
      for (let i = 0; i < 2; i++) {
        const added = await capped.control('POST', '/channels', { kind: 'native-shared', owner_api_key: key });
        expect(added.status).toBe(201);
        owned.push(added.body.data.id);
      }
      await capped.control('PATCH', '/plan', { new_conversation_cap: 1 });
      const customer = fresh();
      await capped.control('POST', '/inbound/messages', { channel_id: owned[1], sender: customer, text: 'hi' });
      expect((await capped.v4('POST', '/messages', { to: fresh(), text: 'new', from: owned[1] }, {}, key)).status).toBe(201);
      const reply = await capped.v4('POST', '/messages', { to: customer, text: 'reply' }, {}, key);
      expect(reply.status).toBe(201);
      expect(reply.body.channel_id).toBe(owned[1]);
    } finally {
      await capped.close();
    }
  });
});
