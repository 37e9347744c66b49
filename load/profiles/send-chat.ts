// send-chat: replies in existing threads with POST /chats/{chatId}/messages. The chats are opened by
// customers (inbound messages simulated through the control API), as on the business-chat channel
// where conversations must start with the customer.
import { messageText } from '../bodies.js';
import { simulateInbound } from '../control.js';
import { SetupError } from '../json-http.js';
import { globalIndex } from '../schedule.js';
import type { Profile } from '../types.js';
import { recipientFor } from '../bodies.js';
import { apiSetup, checkSend, idempotencyKey, jsonPost, type ApiState } from './common.js';

export interface SendChatState extends ApiState {
  chatIds: string[];
}

const DEFAULT_CHATS = 16;

export const sendChat: Profile<SendChatState> = {
  name: 'send-chat',
  description: 'POST /chats/{chatId}/messages: replies spread over chats opened by simulated inbound messages',
  async setup(context) {
    const base = await apiSetup(context, 'send-chat');
    const chats = Number(context.options.chats ?? DEFAULT_CHATS);
    if (base.organization === undefined || base.controlUrl === undefined) {
      const given = context.options['chat-ids'];
      if (given === undefined) throw new SetupError('send-chat needs a control URL (to open chats) or --chat-ids id1,id2');
      return { ...base, chatIds: given.split(',').filter((s) => s !== '') };
    }
    const organization = base.organization;
    const channel = organization.channels.find((c) => c.kind === 'native-dedicated') ?? organization.channels[0];
    if (channel === undefined) throw new SetupError('send-chat: the organization has no channel to receive inbound messages');
    const chatIds: string[] = [];
    for (let i = 0; i < chats; i++) {
      const sender = recipientFor(context.shard.index * chats + i, 100_000);
      const { chatId } = await simulateInbound(base.controlUrl, organization.organizationId, channel.id, sender, 'Hi, I have a question about my order');
      chatIds.push(chatId);
    }
    return { ...base, chatIds };
  },
  request(state, k) {
    const g = globalIndex(k, state.shard);
    const chatId = state.chatIds[k % state.chatIds.length] ?? '';
    return jsonPost(`/chats/${encodeURIComponent(chatId)}/messages`, { text: messageText(g) }, idempotencyKey(state.runId, g));
  },
  check: (response) => checkSend(response),
};
